/**
 * The double-dummy review of finished hands, as every game's reviewer answers it: for each
 * card played, the best cards with every hand known and what the card played cost its
 * side, with best play by everyone after it; and the hand's par. A game's reviewer lives in
 * its folder (`<game>/review/`); `../review.ts` maps game ids to them.
 */
import type { StoredLog } from './module.ts';

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
  [detail: string]: unknown;
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
