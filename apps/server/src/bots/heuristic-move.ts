/** The in-process answers: each game's rule-of-thumb move. */
import { heuristicBot, ruleBridgeBot, seededRandom } from '@kibitz/bots';
import { type Action, apply, type GameState, legalActions, type Seat, view } from '@kibitz/rules';
import {
  applyBridge,
  type BridgeAction,
  type BridgeState,
  bridgeView,
  legalBridgeActions,
} from '@kibitz/rules/bridge';

/** The heuristic bot's answer; should it ever be refused, the first legal action. */
export function heuristicAction(state: GameState, seat: Seat): Action {
  try {
    const action = heuristicBot.decide(
      view(state, seat),
      seededRandom(`${state.seed}:${state.version}:${seat}`),
    );
    if (apply(state, seat, action).ok) return action;
  } catch {
    // fall through to a move the rules accept
  }
  return legalActions(state, seat)[0]!;
}

/** Bridge's rule-based bot (the easy level, and every level's fallback); the first legal action if refused. */
export function ruleBridgeAction(state: BridgeState, seat: Seat): BridgeAction {
  try {
    const action = ruleBridgeBot.decide(
      bridgeView(state, seat),
      seededRandom(`${state.seed}:${state.version}:${seat}`),
    );
    if (applyBridge(state, seat, action).ok) return action;
  } catch {
    // fall through to a move the rules accept
  }
  return legalBridgeActions(state, seat)[0]!;
}
