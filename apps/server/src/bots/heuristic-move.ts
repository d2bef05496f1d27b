/** The in-process answers: the heuristic bot's move, and the request that warms the pool. */
import { type BotRequest, heuristicBot, seededRandom } from '@kibitz/bots';
import {
  type Action,
  apply,
  createGame,
  defaultConfig,
  type GameState,
  legalActions,
  type Seat,
  view,
} from '@kibitz/rules';

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

/** A small search on a fresh deal: enough to load and compile everything a search needs. */
export function warmUpRequest(): BotRequest {
  const state = createGame(defaultConfig('cutthroat'), 'warm-up');
  const seat = state.toAct[0]!;
  return { view: view(state, seat), level: 'normal', seed: 'warm-up', budget: { deals: 2, maxMs: 50 } };
}
