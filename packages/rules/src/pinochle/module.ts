/**
 * The Pinochle family as one game of the seam: Auction Pinochle West, Cutthroat and
 * Double Deck share one config union, one state, one engine and its `VariantRules` hooks,
 * so they are one module with a form per variant. A new Pinochle variant stays a new
 * `variants/*.ts` file and a new member of the config union; this module picks it up.
 */

import { pacedImplied } from '../common/replay.ts';
import type { GameModule, ScoreSheet, TableShape } from '../common/types.ts';
import type { GameConfig } from './config.ts';
import { apply, createGame, legalActions } from './engine.ts';
import { pinochleEntry } from './entry.ts';
import type { Rejection } from './errors.ts';
import { formatScoreSheet } from './score-sheet-text.ts';
import type { Action, GameState, HandResult } from './state.ts';
import { variantOf } from './variants/index.ts';
import { type GameView, view } from './view.ts';

export const PINOCHLE_PHASES = [
  'bidding',
  'discard',
  'trump',
  'passing',
  'play',
  'trick-end',
  'hand-end',
  'game-over',
] as const satisfies readonly GameState['phase'][];

const tables = new WeakMap<GameConfig, TableShape>();

/** Seats and sides of a Pinochle table, from the variant's own rules (worked out once per config). */
export function pinochleTable(config: GameConfig): TableShape {
  let table = tables.get(config);
  if (table === undefined) {
    const rules = variantOf(config);
    const sides: number[][] = Array.from({ length: rules.sideCount }, () => []);
    for (let seat = 0; seat < rules.seatCount; seat++) sides[rules.sideOf(seat)]!.push(seat);
    table = { seatCount: rules.seatCount, sides, partnerships: sides.some((side) => side.length > 1) };
    tables.set(config, table);
  }
  return table;
}

/** Must the bidder hold a marriage in the trump suit (at naming, or after card passing)? */
export function trumpNeedsMarriage(config: GameConfig): boolean {
  return variantOf(config).marriageCheck(config) !== 'never';
}

/** Trick points one counter is worth under `config` (10 three-handed; 1, or 10 "times ten", double deck). */
export function counterValue(config: GameConfig): number {
  return variantOf(config).counterValue(config);
}

/** What every shown value is divided by (the "scores divided by ten" house rule), else 1. */
export function pointScale(config: GameConfig): number {
  return variantOf(config).pointScale(config);
}

function handNote(hand: HandResult): string {
  if (hand.bid === null || hand.bidder === null) return hand.outcome;
  const made = hand.made === null ? hand.outcome : hand.made ? 'made' : 'set';
  return `${hand.bid} by seat ${hand.bidder}${hand.trump === null ? '' : ` in ${hand.trump}`}: ${made}`;
}

function scoreSheet(state: GameState): ScoreSheet {
  return {
    totals: [...state.scores],
    rows: state.history.map((hand) => ({ deal: hand.deal, delta: [...hand.delta], note: handNote(hand) })),
  };
}

export const pinochle: GameModule<GameConfig, GameState, Action, GameView, Rejection> = {
  ...pinochleEntry,
  table: pinochleTable,
  phases: PINOCHLE_PHASES,
  create: createGame,
  apply,
  implied: pacedImplied<GameState, Action>,
  legalActions,
  view,
  phase: (state) => state.phase,
  toAct: (state) => state.toAct,
  version: (state) => state.version,
  handsPlayed: (state) => state.history.length,
  result: (state) =>
    state.result === null
      ? null
      : {
          winners: [...state.result.winners],
          totals: [...state.result.finalScores],
          reason: state.result.reason,
        },
  scoreSheet,
  scoreSheetText: (state) => formatScoreSheet(state),
  recordsAside: true,
  deal: (state) => ({ number: state.hand.deal, dealer: state.hand.dealer, seed: state.hand.seed }),
  cardsOnDeal: (state) => ({ hands: state.hand.hands, aside: state.hand.widow }),
  ownResult: (state) => state.result,
  ownHistory: (state) => state.history,
  // Partners pass cards at the same moment; every seat presses Continue on the result panel.
  answersOwnPrompt: (phase, actionType) =>
    (actionType === 'pass-cards' && phase === 'passing') ||
    (actionType === 'continue' && phase === 'hand-end'),
};
