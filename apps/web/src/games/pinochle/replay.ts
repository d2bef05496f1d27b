/**
 * Pinochle's replay frames: every hand face up, the widow, the buried cards, the bids,
 * the meld and the trick (games/common/replay.ts builds them with the rules' one replay).
 */

import type { LoggedMove } from '@kibitz/rules';
import type {
  Action,
  BidEntry,
  Card,
  GameConfig,
  GameResult,
  GameState,
  HandResult,
  MeldResult,
  Phase,
  PlayedCard,
  Suit,
} from '@kibitz/rules/pinochle';
import { pinochle } from '@kibitz/rules/pinochle';
import { without } from '../../lib/cards.ts';
import {
  type LoggedAction as AnyLoggedAction,
  buildFrames,
  type FrameMaker,
  type Replay,
  type ReplayFrameBase,
} from '../common/replay.ts';

export type LoggedAction = LoggedMove<Action>;

export interface ReplayFrame extends ReplayFrameBase {
  move: LoggedAction | null;
  dealer: number;
  phase: Phase;
  hands: Card[][];
  widow: Card[];
  widowTurned: boolean;
  discards: Card[];
  bids: BidEntry[];
  bidder: number | null;
  bid: number | null;
  trump: Suit | null;
  melds: (MeldResult | null)[];
  /** The cards on the table: a finished trick stays in view on the frame that finished it. */
  trick: PlayedCard[];
  scores: number[];
  history: HandResult[];
  /** The hand's result, on the frame whose move ended the hand. */
  handResult: HandResult | null;
  /** The game's result, on the last frame of a finished game. */
  result: GameResult | null;
}

export type PinochleReplay = Replay<GameConfig, ReplayFrame> & { sideCount: number };

function frameOf(index: number, state: GameState, move: LoggedAction | null): ReplayFrame {
  const hand = state.hand;
  return {
    index,
    deal: hand.deal,
    dealer: hand.dealer,
    phase: state.phase,
    hands: hand.hands.map((cards) => [...cards]),
    widow: [...hand.widow],
    widowTurned: hand.widowTurned,
    discards: [...hand.discards],
    bids: hand.bidding.entries.map((entry) => ({ ...entry })),
    bidder: hand.bidder,
    bid: hand.bid,
    trump: hand.trump,
    melds: hand.melds,
    trick: [...hand.trick],
    tricks: hand.tricks.length,
    scores: [...state.scores],
    history: state.history,
    move,
    handEnded: false,
    handResult: null,
    result: state.result,
  };
}

const frames: FrameMaker<GameState, Action, ReplayFrame> = {
  frame(index, state, move, before) {
    const frame = frameOf(index, state, move);
    // A play that completed a trick: show the trick, not the empty table after it.
    if (
      move?.action.type === 'play' &&
      before !== null &&
      state.hand.tricks.length > before.hand.tricks.length
    ) {
      frame.trick = [...state.hand.tricks.at(-1)!.cards];
    }
    return frame;
  },
  closing(index, before, after, move) {
    const frame = frameOf(index, before, move);
    if (move.action.type === 'play') {
      const card = move.action.card;
      frame.hands[move.seat] = without(frame.hands[move.seat]!, [card]);
      frame.trick = [...before.hand.trick, { seat: move.seat, card }];
      frame.tricks = before.hand.tricks.length + 1;
    }
    frame.scores = [...after.scores];
    frame.history = after.history;
    frame.handEnded = true;
    frame.handResult = after.history.at(-1) ?? null;
    frame.result = after.result;
    frame.phase = after.phase === 'game-over' ? 'game-over' : before.phase;
    return frame;
  },
};

export function buildReplay(config: unknown, seed: string, log: readonly AnyLoggedAction[]): PinochleReplay {
  const replay = buildFrames(pinochle, frames, config, seed, log);
  return { ...replay, sideCount: pinochle.table(replay.config).sides.length };
}
