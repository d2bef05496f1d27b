/**
 * The double-dummy review of finished hands, as every game's reviewer answers it: for each
 * card played, the best cards with every hand known and what the card played cost its
 * side, with best play by everyone after it; and the hand's par. A game's reviewer lives in
 * its folder (`<game>/review/`); `../review.ts` maps game ids to them.
 */
import type { StoredLog } from './module.ts';
import { type SolveBudget, SolveBudgetError } from './solve-budget.ts';

/** One card played, judged. */
export interface ReviewDecision<Action = unknown> {
  /** The game's version (accepted actions so far) when the card was played: the export's `seq`. */
  version: number;
  seat: number;
  played: Action;
  /** Every action that keeps the side's best result (each legal at `version`). */
  best: Action[];
  /** What the card played cost the deciding seat's side (tricks or trick points, as the game counts them); 0 exactly when `played` is in `best`. */
  loss: number;
  /** false when the solver ran out of budget: `best` and `loss` are then an estimate. */
  exact: boolean;
}

/** The hand's par and what was taken: each game fills in its own words (contract, bid, side). */
export interface HandPar {
  /** What the declaring / bidding side takes with best play by all from the first lead. */
  value: number;
  /** What it took as the hand was played. */
  actual: number;
  /** Tricks or trick points, as the game counts them. */
  unit: 'tricks' | 'points';
  exact: boolean;
  /** The contract or bid judged, where the game has one to judge by tricks alone. */
  contract?: ContractVerdict;
  [detail: string]: unknown;
}

/**
 * Whether the side that won the bidding makes what it undertook: with best play by all
 * (`atPar`, from the par) and as the hand was played.
 */
export interface ContractVerdict {
  /** What it undertook, in the game's own short form (e.g. "4S", "3NTX"). */
  name: string;
  /** Tricks or points it needed (in the par's unit). */
  needed: number;
  atPar: boolean;
  asPlayed: boolean;
}

export interface HandReview<Action = unknown> {
  /** The deal's number, from 1. */
  hand: number;
  par: HandPar;
  decisions: ReviewDecision<Action>[];
}

export interface GameReview<Action = unknown> {
  hands: HandReview<Action>[];
}

export interface ReviewOptions {
  /**
   * Nodes the exact solve of one decision may search before the decision is estimated
   * instead (labelled `exact: false`). Each game has its default.
   */
  nodes?: number;
}

/** A game's reviewer: pure, from the game's log alone. */
export interface GameReviewer {
  /** The rules registry's id of the game. */
  id: string;
  /** Reviews every finished hand with card play in the log (config and seed as stored). Throws a BadLogError for a log the rules refuse. */
  review(log: StoredLog, options?: ReviewOptions): GameReview;
}

/**
 * The best of `values` for a seat and what the one played cost: `wants` is +1 when the
 * seat's side wants the value high, −1 when low.
 */
export function judge<Key>(
  values: ReadonlyMap<Key, number>,
  played: Key,
  wants: 1 | -1,
): { best: Key[]; loss: number; value: number } {
  let top = Number.NEGATIVE_INFINITY;
  for (const value of values.values()) top = Math.max(top, value * wants);
  const best = [...values].filter(([, value]) => value * wants === top).map(([key]) => key);
  const own = values.get(played);
  if (own === undefined) throw new Error(`the card played is not among the legal ones: ${String(played)}`);
  return { best, loss: top - own * wants, value: top * wants };
}

/** Exact solves out of budget in a row after which the earlier (larger) positions are only estimated. */
export const GIVE_UP_AFTER = 2;

/** A card played, as the review driver needs it. */
export interface ReviewedPlay<Card> {
  version: number;
  seat: number;
  card: Card;
}

/** How a game values the cards of one of its plays. */
export interface CardValuation<Card, Play extends ReviewedPlay<Card>> {
  /** Each legal card's exact value within `budget` (throws a SolveBudgetError past it). */
  exact(play: Play, budget: SolveBudget): Map<Card, number>;
  /** Each legal card's estimated value, where the exact solve is out of reach. */
  estimate(play: Play): Map<Card, number>;
  /** +1 when the seat's side wants the value high, −1 when low. */
  wants(play: Play): 1 | -1;
}

/**
 * Every play of a hand judged, in the order played, and the value of the first (the
 * hand's par). Solved from the last card back, so the early solves find the later
 * positions in the game's memo; each exact solve may search `nodes` nodes, and after
 * GIVE_UP_AFTER of them in a row run out, the earlier plays are only estimated.
 */
export function judgePlays<Card, Play extends ReviewedPlay<Card>>(
  plays: readonly Play[],
  nodes: number,
  valuation: CardValuation<Card, Play>,
): { decisions: ReviewDecision<{ type: 'play'; card: Card }>[]; par: number } {
  const decisions: ReviewDecision<{ type: 'play'; card: Card }>[] = [];
  let par = 0;
  let failures = 0;
  for (let i = plays.length - 1; i >= 0; i--) {
    const play = plays[i]!;
    let values: Map<Card, number> | null = null;
    if (failures < GIVE_UP_AFTER) {
      try {
        values = valuation.exact(play, { nodes, used: 0 });
        failures = 0;
      } catch (error) {
        if (!(error instanceof SolveBudgetError)) throw error;
        failures++;
      }
    }
    const exact = values !== null;
    values ??= valuation.estimate(play);
    const { best, loss, value } = judge(values, play.card, valuation.wants(play));
    decisions.push({
      version: play.version,
      seat: play.seat,
      played: { type: 'play', card: play.card },
      best: best.map((card) => ({ type: 'play', card })),
      loss,
      exact,
    });
    if (i === 0) par = value;
  }
  decisions.reverse();
  return { decisions, par };
}
