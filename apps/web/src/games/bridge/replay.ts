/**
 * Bridge's replay frames: every hand face up (the blind hand of the three-person form too),
 * the auction, the contract, the trick and the rubber sheet, as the public view of each
 * position shows them (games/common/replay.ts builds them with the rules' one replay).
 */

import type { LoggedMove } from '@kibitz/rules';
import {
  auctionBridge,
  type BridgeAction,
  type BridgeCard,
  type BridgeConfig,
  type BridgeState,
  type BridgeView,
  bridgeView,
} from '@kibitz/rules/bridge';
import {
  type LoggedAction as AnyLoggedAction,
  buildFrames,
  type FrameMaker,
  type Replay,
  type ReplayFrameBase,
} from '../common/replay.ts';

export type LoggedBridgeMove = LoggedMove<BridgeAction>;

export interface BridgeReplayFrame extends ReplayFrameBase {
  move: LoggedBridgeMove | null;
  /** The position as a spectator sees it (auction, contract, trick, score); its trick stays in view on the frame that completed it. */
  view: BridgeView;
  /** Every hand's cards, face up (index = hand id; hand 3 is the blind hand with three players). */
  hands: BridgeCard[][];
}

export type BridgeReplay = Replay<BridgeConfig, BridgeReplayFrame>;

function frameOf(
  index: number,
  state: BridgeState,
  move: LoggedBridgeMove | null,
  view: BridgeView,
): BridgeReplayFrame {
  return {
    index,
    deal: state.hand.deal,
    tricks: state.hand.tricks.length,
    move,
    handEnded: false,
    view,
    hands: state.hand.hands.map((cards) => [...cards]),
  };
}

/** The same position on a paced table: a complete trick stays on it, a finished hand waits at its result. */
function paced(state: BridgeState): BridgeState {
  return { ...state, config: { ...state.config, paced: true } };
}

const frames: FrameMaker<BridgeState, BridgeAction, BridgeReplayFrame> = {
  frame(index, state, move, before) {
    let view = bridgeView(state, 'spectator');
    // A play that completed a trick (unpaced, it is gathered at once): show the trick and who took it.
    const completed = state.hand.tricks.at(-1);
    if (
      move?.action.type === 'play' &&
      before !== null &&
      completed &&
      state.hand.tricks.length > before.hand.tricks.length
    ) {
      view = { ...view, trick: [...completed.cards], trickWinner: completed.winner };
    }
    return frameOf(index, state, move, view);
  },
  closing(index, before, after, move) {
    // The hand's last move made on a paced copy of the table: the last trick (or the last
    // call) stays in view before the next deal replaces it, with the tricks counted.
    let shown = before;
    let tricksWon = before.hand.tricksWon;
    const made = auctionBridge.apply(paced(before), move.seat, move.action);
    if (made.ok) {
      // A paced table's log ends the hand with the gather: the trick stays as it lay before it.
      shown = move.action.type === 'gather' ? before : made.state;
      tricksWon = made.state.hand.tricksWon;
      if (made.state.phase === 'trick-end') {
        const gathered = auctionBridge.apply(made.state, made.state.toAct[0]!, { type: 'gather' });
        if (gathered.ok) tricksWon = gathered.state.hand.tricksWon;
      }
    }
    const view: BridgeView = {
      ...bridgeView(shown, 'spectator'),
      phase: after.phase === 'game-over' ? 'game-over' : 'hand-end',
      tricksWon: [...tricksWon],
      score: after.score,
      history: after.history,
      result: after.result,
      handResult: after.history.at(-1) ?? null,
      toAct: [],
      prompt: null,
    };
    const frame = frameOf(index, shown, move, view);
    const tricks = tricksWon.reduce((sum, won) => sum + won, 0);
    return { ...frame, deal: before.hand.deal, tricks, handEnded: true };
  },
};

export function buildBridgeReplay(
  config: unknown,
  seed: string,
  log: readonly AnyLoggedAction[],
): BridgeReplay {
  return buildFrames(auctionBridge, frames, config, seed, log);
}
