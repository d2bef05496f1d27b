/**
 * What makes a variant: data plus a few hooks. The engine drives the common flow
 * (deal, auction, trump, meld, tricks, scoring, game end) and asks the variant only
 * where the sheets differ, so a new variant is a new file implementing this.
 */

import type { AuctionRules } from '../auction.ts';
import type { Card } from '../cards.ts';
import type { GameConfig } from '../config.ts';
import type { DealPlan } from '../deal.ts';
import type { MeldRules } from '../meld/index.ts';
import type { GameResult, GameState, HandOutcome, HandResult, HandState, Seat } from '../state.ts';
import type { TrickRule } from '../tricks.ts';

export interface HandEnd {
  outcome: HandOutcome;
  calledBy?: Seat;
}

export interface GameEndCheck {
  result: GameResult | null;
  /** The target after this hand (the raise-target house rule moves it). */
  target: number | null;
  allNegative: boolean;
}

export interface VariantRules<C extends GameConfig = GameConfig> {
  seatCount: number;
  sideCount: number;
  sideOf(seat: Seat): number;
  /** Trick points one counter (ace, ten, king) is worth: 10 three-handed, 1 in double deck. */
  counterValue(config: C): number;
  /** Divide every shown value by this (the three-handed "scores divided by ten" house rule). */
  pointScale(config: C): number;
  dealPlan(config: C): DealPlan;
  auction(config: C): AuctionRules;
  meldRules(config: C): MeldRules;
  trickRule(config: C): TrickRule;
  /** Three-handed: the bidder takes a three-card widow and buries three cards. */
  widowDiscards: number;
  /** House rule: may this hand call a redeal before bidding? */
  canCallRedeal(config: C, hand: readonly Card[]): boolean;
  /** May the bidder throw in (before the first card is played)? */
  canConcede(config: C): boolean;
  initialTarget(config: C): number | null;
  scoreHand(config: C, hand: HandState, end: HandEnd): HandResult;
  checkGameEnd(config: C, state: GameState, last: HandResult): GameEndCheck;
  /** Chips and pool after a hand (stakes house rule); null when stakes are off. */
  settleStakes(config: C, state: GameState, last: HandResult, result: GameResult | null): GameState['stakes'];
  initialStakes(config: C): GameState['stakes'];
  /** Card passing between bidder and partner (double deck house rule); null = none. */
  cardPassing(config: C): PassingRules | null;
  /** After melds are laid: does the hand end unplayed (e.g. double deck's 20-point meld minimum)? */
  afterMeld(config: C, hand: HandState): HandEnd | null;
  /** When the bidder must hold a marriage in trump: when naming it, after passing, or never. */
  marriageCheck(config: C): 'at-naming' | 'after-passing' | 'never';
}

export interface PassingRules {
  count: number;
  style: 'simultaneous' | 'partner-first' | 'toby-thomas';
  timing: 'after-trump' | 'before-trump';
}

/** `base` with the scoring filled in (spelled out: object spread is slow in V8). */
export function withOutcome(
  base: HandResult,
  meldCounted: number[],
  trickPoints: number[],
  tricksWon: number[],
  delta: number[],
  made: boolean | null,
): HandResult {
  return {
    deal: base.deal,
    dealer: base.dealer,
    outcome: base.outcome,
    bidder: base.bidder,
    bid: base.bid,
    trump: base.trump,
    meld: base.meld,
    meldCounted,
    trickPoints,
    tricksWon,
    delta,
    made,
    calledBy: base.calledBy,
  };
}
