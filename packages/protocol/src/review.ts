/**
 * The double-dummy review of a finished game (issue 26), as `GET /api/games/:id/review`
 * answers it: for each hand with card play, every card played judged against the best
 * cards with all hands known, and the hand's par. One schema for both sides: the server
 * shapes its answer with it, the client parses with it. `played` and `best` are the game's
 * own actions (a card played), checked against every game's action schema.
 */
import { z } from 'zod';
import { gameActionSchema } from './games/index.ts';

/** One card played, judged. */
export const reviewDecisionSchema = z.object({
  /** The game's version when the card was played (the export's `seq`). */
  version: z.number().int().nonnegative(),
  seat: z.number().int().nonnegative(),
  played: gameActionSchema,
  /** Every action that keeps the side's best result; never empty. */
  best: z.array(gameActionSchema).min(1),
  /** What the card played cost its side (tricks or trick points); 0 exactly when it is among `best`. */
  loss: z.number().nonnegative(),
  /** false: the solver ran out of budget, `best` and `loss` are an estimate. */
  exact: z.boolean(),
});

/** Whether the side that won the bidding makes what it undertook, with best play by all and as played. */
export const contractVerdictSchema = z.object({
  /** In the game's own short form (e.g. "4S", "3NTX"). */
  name: z.string(),
  /** Tricks or points it needed, in the par's unit. */
  needed: z.number(),
  atPar: z.boolean(),
  asPlayed: z.boolean(),
});

/**
 * The hand's par (what the side that won the bidding takes with best play by all from the
 * first lead) beside what it took. Each game adds its own details (a contract and its
 * declarer, a bidder and the trump), kept as sent.
 */
export const handParSchema = z
  .object({
    value: z.number(),
    actual: z.number(),
    unit: z.enum(['tricks', 'points']),
    exact: z.boolean(),
    /** Where the game judges its contract or bid by the tricks alone. */
    contract: contractVerdictSchema.optional(),
  })
  .catchall(z.unknown());

export const handReviewSchema = z.object({
  /** The deal's number, from 1 (a passed-out deal has no play and no review). */
  hand: z.number().int().positive(),
  par: handParSchema,
  decisions: z.array(reviewDecisionSchema),
});

/** The answer of `GET /api/games/:id/review`. */
export const gameReviewResponseSchema = z.object({
  id: z.string(),
  hands: z.array(handReviewSchema),
});

export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;
export type HandPar = z.infer<typeof handParSchema>;
export type ContractVerdict = z.infer<typeof contractVerdictSchema>;
export type HandReview = z.infer<typeof handReviewSchema>;
export type GameReviewResponse = z.infer<typeof gameReviewResponseSchema>;

/** The codes the review route answers with when there is no review (besides a bad or unknown id). */
export const REVIEW_ERROR_CODES = ['game-running', 'review-unavailable'] as const;
export type ReviewErrorCode = (typeof REVIEW_ERROR_CODES)[number];
