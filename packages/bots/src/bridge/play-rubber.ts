/**
 * Plays one rubber with a Bridge bot in every seat, each handed only its seat's view.
 * Every action is checked against legalBridgeActions before it is applied, so a bot that
 * acts illegally stops the rubber with an error instead of being silently refused.
 */
import {
  applyBridge,
  type BridgeAction,
  type BridgeConfig,
  type BridgeState,
  bridgeView,
  createBridgeGame,
  legalBridgeActions,
} from '@kibitz/rules/bridge';
import { seededRandom } from '../common/random.ts';
import type { BridgeBot } from './bot.ts';

export interface LoggedBridgeBotAction {
  seat: number;
  action: BridgeAction;
}

export interface PlayedRubber {
  state: BridgeState;
  log: LoggedBridgeBotAction[];
}

export class IllegalBridgeActionError extends Error {}

/** A rubber takes a few hundred actions; this many means it would never end. */
export const MAX_RUBBER_ACTIONS = 20_000;

export function playBridgeRubber(
  config: BridgeConfig,
  seed: string,
  bots: readonly BridgeBot[],
  maxActions = MAX_RUBBER_ACTIONS,
): PlayedRubber {
  if (bots.length !== config.players) throw new Error(`a rubber needs ${config.players} bots`);
  const random = seededRandom(`bridge-rubber:${seed}`);
  let state = createBridgeGame(config, seed);
  const log: LoggedBridgeBotAction[] = [];
  while (state.phase !== 'game-over') {
    if (log.length >= maxActions) throw new Error(`the rubber did not end within ${maxActions} actions`);
    // Paced hands ask every seat to continue; the first in the list answers first.
    const seat = state.toAct[0]!;
    const action = bots[seat]!.decide(bridgeView(state, seat), random);
    const legal = legalBridgeActions(state, seat);
    if (!legal.some((allowed) => JSON.stringify(allowed) === JSON.stringify(action))) {
      throw new IllegalBridgeActionError(
        `seat ${seat} (${bots[seat]!.name}) chose ${JSON.stringify(action)}, not a legal action`,
      );
    }
    const result = applyBridge(state, seat, action);
    if (!result.ok) throw new IllegalBridgeActionError(result.rejection.message);
    state = result.state;
    log.push({ seat, action });
  }
  return { state, log };
}
