/** A Bridge log is (config, seed, actions): replaying it reproduces the rubber exactly. */
import type { BridgeConfig } from './config.ts';
import { applyBridge, createBridgeGame } from './engine.ts';
import type { BridgeRejection } from './errors.ts';
import type { BridgeAction, BridgeSeat, BridgeState } from './state.ts';

export interface LoggedBridgeAction {
  seat: BridgeSeat;
  action: BridgeAction;
}

export type BridgeReplayResult =
  | { ok: true; state: BridgeState }
  | { ok: false; index: number; rejection: BridgeRejection; state: BridgeState };

/** Stops at the first refused action and says which, with the state before it. */
export function replayBridge(
  config: BridgeConfig,
  seed: string,
  log: readonly LoggedBridgeAction[],
): BridgeReplayResult {
  let state = createBridgeGame(config, seed);
  for (let index = 0; index < log.length; index++) {
    const { seat, action } = log[index]!;
    const result = applyBridge(state, seat, action);
    if (!result.ok) return { ok: false, index, rejection: result.rejection, state };
    state = result.state;
  }
  return { ok: true, state };
}
