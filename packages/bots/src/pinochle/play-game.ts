/**
 * Runs a whole game between bots: each seat asks its bot with only that seat's view,
 * and the engine judges every action. A rejection is a bot bug and stops the game loudly.
 */
import {
  type Action,
  apply,
  createGame,
  type GameConfig,
  type GameState,
  view,
} from '@kibitz/rules/pinochle';
import { seededRandom } from '../common/random.ts';
import type { Bot } from './bot.ts';

export interface LoggedBotAction {
  seat: number;
  action: Action;
}

export interface PlayGameOptions {
  /** Stop with an error after this many actions (a game that does not end is a bug). Default 20,000. */
  maxActions?: number;
  /** Seed of the bots' own random choices; defaults to the game seed. */
  rngSeed?: string;
}

export interface PlayedGame {
  state: GameState;
  log: LoggedBotAction[];
}

export const DEFAULT_MAX_ACTIONS = 20_000;

/** A bot answered with an action the engine refused: always a bot bug (or an engine bug). */
export class RejectedActionError extends Error {
  override name = 'RejectedActionError';
}

/** The game ran past maxActions: a stuck game, or house rules under which bots never finish. */
export class GameTooLongError extends Error {
  override name = 'GameTooLongError';
}

export function playGame(
  config: GameConfig,
  seed: string,
  bots: readonly Bot[],
  options: PlayGameOptions = {},
): PlayedGame {
  let state = createGame(config, seed);
  if (bots.length !== state.seatCount) {
    throw new Error(`${config.variant} needs ${state.seatCount} bots, got ${bots.length}`);
  }
  const maxActions = options.maxActions ?? DEFAULT_MAX_ACTIONS;
  // One stream per seat, so one bot's choices never shift another's.
  const randoms = bots.map((_, seat) => seededRandom(`${options.rngSeed ?? seed}:seat:${seat}`));
  const log: LoggedBotAction[] = [];
  while (state.phase !== 'game-over') {
    if (log.length >= maxActions) {
      throw new GameTooLongError(
        `game ${config.variant}/${seed} did not end within ${maxActions} actions (deal ${state.hand.deal}, scores ${state.scores.join('/')})`,
      );
    }
    const seat = state.toAct[0];
    if (seat === undefined)
      throw new Error(`game ${config.variant}/${seed}: nobody to act in phase ${state.phase}`);
    const bot = bots[seat]!;
    const action = bot.decide(view(state, seat), randoms[seat]!);
    const result = apply(state, seat, action);
    if (!result.ok) {
      throw new RejectedActionError(
        `bot "${bot.name}" at seat ${seat} made a rejected action in game ${config.variant}/${seed} ` +
          `(action #${log.length}, deal ${state.hand.deal}, phase ${state.phase}): ${JSON.stringify(action)} -> ` +
          `${result.rejection.code}: ${result.rejection.message}`,
      );
    }
    state = result.state;
    log.push({ seat, action });
  }
  return { state, log };
}
