/**
 * A Bridge log is (config, seed, actions): replaying it reproduces the rubber exactly.
 * The fold itself is the seam's one replay (../game/replay.ts); this names it for Bridge.
 */
import {
  type LoggedMove,
  type LogReplay,
  pacedImplied,
  type ReplayStep,
  replayLog,
} from '../common/replay.ts';
import type { BridgeConfig } from './config.ts';
import { applyBridge, createBridgeGame } from './engine.ts';
import type { BridgeRejection } from './errors.ts';
import type { BridgeAction, BridgeState } from './state.ts';

export type LoggedBridgeAction = LoggedMove<BridgeAction>;

export type BridgeReplayResult = LogReplay<BridgeState, BridgeAction, BridgeRejection>;

const reducer = {
  create: createBridgeGame,
  apply: applyBridge,
  implied: pacedImplied<BridgeState, BridgeAction>,
};

/** Stops at the first refused action and says which (a typed `bad-log` error), with the state before it. */
export function replayBridge(
  config: BridgeConfig,
  seed: string,
  log: readonly LoggedBridgeAction[],
  onStep?: ReplayStep<BridgeState, BridgeAction>,
): BridgeReplayResult {
  return replayLog(reducer, config, seed, log, onStep);
}
