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

/**
 * What replay needs of a game: its reducer, and the moves its log leaves out because they
 * follow from the state (`implied`, below).
 */
export interface Reducer<Config, State, Action, R extends Refusal> {
  create(config: Config, seed: string): State;
  apply(state: State, seat: SeatIndex, action: Action): Applied<State, R>;
  /**
   * The move the table made by itself in `state` and did not log, given the next logged
   * move; null for none. (At a log's end nothing is implied.)
   */
  implied?(state: State, next: Action): LoggedMove<Action> | null;
}

/** The paced phases every game here shares (Agreement 1 of the rules contract). */
interface PacedState {
  phase: string;
  toAct: readonly SeatIndex[];
}

/**
 * The paced moves a table makes at once (no pause set for them) and does not log, as the
 * next logged move says they were made:
 * - a 'gather': a complete trick ('trick-end') allows nothing else, so a next move that is
 *   not the gather means the seat to act gathered it;
 * - the 'continue' of every seat still at the result panel ('hand-end'), when the next logged
 *   move is something else: the table had continued everyone at once (no time for the result).
 * At the end of a log nothing is implied: a trick stays on the table and a result panel open
 * (a table reloaded from its log makes them again at once). A gather that ends the game is
 * logged, so a finished game's log ends at its result.
 * Otherwise each costs a log row, a gather every trick.
 */
export function pacedImplied<State extends PacedState, Action extends { type: string }>(
  state: State,
  next: Action,
): LoggedMove<Action> | null {
  const seat = state.toAct[0];
  if (seat === undefined) return null;
  // Both games' actions hold these two (their paced phases are the contract's).
  if (state.phase === 'trick-end' && next.type !== 'gather') return { seat, action: GATHER as Action };
  if (state.phase === 'hand-end' && next.type !== 'continue') {
    return { seat, action: CONTINUE as Action };
  }
  return null;
}

const GATHER = Object.freeze({ type: 'gather' });
const CONTINUE = Object.freeze({ type: 'continue' });

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

/** Called after each accepted action (implied ones too), with the states before and after it. */
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
  /** Applies `move`; a refusal as the bad log it makes (an implied move is named by the logged one it precedes). */
  const step = (move: LoggedMove<Action>, index: number): BadLog<Action, R> | null => {
    const result = game.apply(state, move.seat, move.action);
    if (!result.ok) {
      return {
        code: 'bad-log',
        index,
        seat: move.seat,
        action: move.action,
        rejection: result.rejection,
        message: `action ${index + 1} of ${log.length} (seat ${move.seat}, ${describe(move.action)}) does not replay: ${result.rejection.code}: ${result.rejection.message}`,
      };
    }
    onStep?.(state, result.state, move, index);
    state = result.state;
    return null;
  };
  for (let index = 0; index < log.length; index++) {
    const move = log[index]!;
    // Every implied move changes the phase, so this ends; the bound is a guard all the same.
    for (let guard = 0; guard < 64; guard++) {
      const implied = game.implied?.(state, move.action) ?? null;
      if (implied === null) break;
      const error = step(implied, index);
      if (error !== null) return { ok: false, state, index, rejection: error.rejection, error };
    }
    const error = step(move, index);
    if (error !== null) return { ok: false, state, index, rejection: error.rejection, error };
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
