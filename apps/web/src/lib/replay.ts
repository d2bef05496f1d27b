/**
 * A finished game, frame by frame, every card face up. The game is over, so the
 * client may replay its log with the rules engine (the export holds config, seed and
 * every action); this module is loaded only on the replay page.
 */
import {
  type Action,
  type BidEntry,
  type Card,
  createGame,
  type GameConfig,
  type GameState,
  type HandResult,
  type LoggedMove,
  type MeldResult,
  type Phase,
  type PlayedCard,
  replay,
  type Suit,
} from '@kibitz/rules';
import { without } from './cards.ts';

export type LoggedAction = LoggedMove<Action>;

export interface ReplayFrame {
  /** Frame number (0 = the first deal, before anyone acts). */
  index: number;
  deal: number;
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
  /** Tricks completed in this hand so far. */
  tricks: number;
  scores: number[];
  history: HandResult[];
  /** The move this frame shows (null for a fresh deal). */
  move: LoggedAction | null;
  /** The hand's result, on the frame whose move ended the hand. */
  handResult: HandResult | null;
}

export interface Replay {
  config: GameConfig;
  seatCount: number;
  sideCount: number;
  frames: ReplayFrame[];
  /** Set if the log stops replaying (a corrupt log); the frames up to there still play. */
  error: string | null;
}

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
    handResult: null,
  };
}

/** The frame of a move that ended its hand: the old hand still on the table, the new scores. */
function closingFrame(index: number, before: GameState, after: GameState, move: LoggedAction): ReplayFrame {
  const frame = frameOf(index, before, move);
  if (move.action.type === 'play') {
    const card = move.action.card;
    frame.hands[move.seat] = without(frame.hands[move.seat]!, [card]);
    frame.trick = [...before.hand.trick, { seat: move.seat, card }];
    frame.tricks = before.hand.tricks.length + 1;
  }
  frame.scores = [...after.scores];
  frame.history = after.history;
  frame.handResult = after.history.at(-1) ?? null;
  frame.phase = after.phase === 'game-over' ? 'game-over' : before.phase;
  return frame;
}

export function buildReplay(config: GameConfig, seed: string, log: readonly LoggedAction[]): Replay {
  const frames: ReplayFrame[] = [frameOf(0, createGame(config, seed), null)];
  const result = replay(config, seed, log, (state, next, move) => {
    const handEnded = next.history.length > state.history.length;
    if (handEnded) {
      frames.push(closingFrame(frames.length, state, next, move));
      if (next.phase !== 'game-over') frames.push(frameOf(frames.length, next, null));
    } else {
      const frame = frameOf(frames.length, next, move);
      // A play that completed a trick: show the trick, not the empty table after it.
      if (move.action.type === 'play' && next.hand.tricks.length > state.hand.tricks.length) {
        frame.trick = [...next.hand.tricks.at(-1)!.cards];
      }
      frames.push(frame);
    }
  });
  // The rules' replay stops at the first refused move and names it; the frames end before it.
  const error = result.ok
    ? null
    : `move ${result.index + 1} does not replay (${result.rejection.code}: ${result.rejection.message})`;
  const { seatCount, sideCount } = result.state;
  return { config, seatCount, sideCount, frames, error };
}

/** Frame indexes where each hand starts. */
export function handStarts(frames: readonly ReplayFrame[]): number[] {
  return frames
    .filter((frame, i) => i === 0 || frame.deal !== frames[i - 1]!.deal)
    .map((frame) => frame.index);
}

/** The next frame after `index` that completes a trick (or the last frame). */
export function nextTrickEnd(frames: readonly ReplayFrame[], index: number): number {
  for (let i = index + 1; i < frames.length; i++) {
    const frame = frames[i]!;
    const previous = frames[i - 1]!;
    if (frame.move?.action.type === 'play' && (frame.tricks > previous.tricks || frame.handResult !== null))
      return i;
  }
  return frames.length - 1;
}
