/**
 * The one replay: a game log is (config, seed, actions), and folding the actions over the
 * game's `create` and `apply` reproduces the game exactly. Every place that rebuilds a game
 * from its log (the server's reload and game records, the web's replay page, tests) calls
 * this, so a log that does not replay is refused the same way everywhere: with the position
 * of the first refused action, never by stopping silently.
 */
import type { Applied, Refusal, SeatIndex } from './types.ts';

export interface LoggedMove<Action> {
  seat: SeatIndex;
  action: Action;
}

/** What replay needs of a game: its reducer. */
export interface Reducer<Config, State, Action, R extends Refusal> {
  create(config: Config, seed: string): State;
  apply(state: State, seat: SeatIndex, action: Action): Applied<State, R>;
}

/** Why a log does not replay: which action (0-based position), by whom, and the game's refusal. */
export interface BadLog<Action, R extends Refusal = Refusal> {
  code: 'bad-log';
  /** 0-based position of the refused action in the log. */
  index: number;
  seat: SeatIndex;
  action: Action;
  rejection: R;
  /** "action 12 of 40 (seat 2, play) does not replay: not-your-turn: ..." */
  message: string;
}

export type LogReplay<State, Action, R extends Refusal = Refusal> =
  | { ok: true; state: State }
  /** `state` is the state before the refused action; `index` and `rejection` repeat `error`'s. */
  | { ok: false; state: State; index: number; rejection: R; error: BadLog<Action, R> };

/** Called after each accepted action, with the states before and after it. */
export type ReplayStep<State, Action> = (
  before: State,
  after: State,
  move: LoggedMove<Action>,
  index: number,
) => void;

function describe(value: unknown): string {
  if (typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string') {
    return (value as { type: string }).type;
  }
  return 'not an action';
}

/**
 * Replays `log` from (config, seed). On the first action the game refuses, stops and says
 * which (with the state before it, so a caller can show how far the log got); never throws
 * on a bad log. `onStep` sees every accepted action (the replay page builds its frames there).
 */
export function replayLog<Config, State, Action, R extends Refusal>(
  game: Reducer<Config, State, Action, R>,
  config: Config,
  seed: string,
  log: readonly LoggedMove<Action>[],
  onStep?: ReplayStep<State, Action>,
): LogReplay<State, Action, R> {
  let state = game.create(config, seed);
  for (let index = 0; index < log.length; index++) {
    const move = log[index]!;
    const result = game.apply(state, move.seat, move.action);
    if (!result.ok) {
      const error: BadLog<Action, R> = {
        code: 'bad-log',
        index,
        seat: move.seat,
        action: move.action,
        rejection: result.rejection,
        message: `action ${index + 1} of ${log.length} (seat ${move.seat}, ${describe(move.action)}) does not replay: ${result.rejection.code}: ${result.rejection.message}`,
      };
      return { ok: false, state, index, rejection: result.rejection, error };
    }
    onStep?.(state, result.state, move, index);
    state = result.state;
  }
  return { ok: true, state };
}

/** Thrown by replayOrThrow: a log that must replay (a test's, a check's) did not. */
export class BadLogError<Action = unknown, R extends Refusal = Refusal> extends Error {
  readonly code = 'bad-log';
  constructor(readonly bad: BadLog<Action, R>) {
    super(bad.message);
    this.name = 'BadLogError';
  }
}

/** replayLog for logs that must replay (tests, checks): the final state, or a BadLogError. */
export function replayOrThrow<Config, State, Action, R extends Refusal>(
  game: Reducer<Config, State, Action, R>,
  config: Config,
  seed: string,
  log: readonly LoggedMove<Action>[],
  onStep?: ReplayStep<State, Action>,
): State {
  const result = replayLog(game, config, seed, log, onStep);
  if (!result.ok) throw new BadLogError(result.error);
  return result.state;
}
