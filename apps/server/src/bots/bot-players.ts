/**
 * The server's bot players: one pool of worker threads for the whole process, where the
 * normal and strong bots search (a strong decision takes most of a second, which on the
 * socket thread would hold up every other table), and one memory per bot seat.
 *
 * - easy bots play the heuristic right here: it decides in well under a millisecond, so
 *   a trip to a pool thread would only make it wait behind other tables' searches.
 * - A seat's memory is built only from that seat's own views, one per turn, on this
 *   thread, so it stays right even when a decision is lost. `remember` starts it afresh
 *   for each hand and each game.
 * - A decision that fails, or that takes longer than `patienceMs`, is logged and the
 *   heuristic plays instead; one that comes back when its turn is over is logged and
 *   dropped. Either way the table goes on.
 */
import {
  type BotLevel,
  type BotMemory,
  type BotPool,
  createBotPool,
  remember,
  type SearchBudget,
} from '@kibitz/bots';
import type { Action, GameState, Seat } from '@kibitz/rules';
import { view } from '@kibitz/rules';
import { heuristicAction, warmUpRequest } from './heuristic-move.ts';

/** What this needs of the server's logger (pino's shape; rooms/context.ts's Log fits). */
export interface BotLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface BotSettings {
  /** Pool threads; 0 = no pool: every bot plays the heuristic on the socket thread. */
  threads: number;
  /** Longer than this (ms) and the heuristic plays instead of the search's answer. */
  patienceMs: number;
  /**
   * With this many requests already waiting for a pool thread, the heuristic plays at
   * once: a request that would wait out its patience anyway would only cost a thread a
   * search nobody uses, and push every later one further back.
   */
  maxQueued: number;
  /** Overrides of the levels' search budgets (tests keep searches short). */
  budget?: Partial<SearchBudget>;
}

/** Threads: the pool's default (one less than the cores, at least one). */
export const defaultBotSettings: BotSettings = { threads: -1, patienceMs: 4_000, maxQueued: 4 };

/** A bot's turn at a table, as the shell asks for it. */
export interface BotTurn {
  /** The table's code: part of the sampling seed. */
  table: string;
  seat: Seat;
  level: BotLevel;
  state: GameState;
  /** Is this turn still to be played? Read when the answer comes back. */
  stillDue(): boolean;
}

export class BotPlayers {
  readonly #pool: BotPool | null;
  readonly #settings: BotSettings;
  readonly #logger: BotLog;
  /** Per table (gone with it), per seat: what the seat remembers of the hand. */
  readonly #memories = new WeakMap<object, Map<Seat, BotMemory>>();
  /** Settles once the pool has answered its first request (or failed to). */
  readonly warmed: Promise<void>;

  constructor(settings: BotSettings, logger: BotLog, pool?: BotPool | null) {
    this.#settings = settings;
    this.#logger = logger;
    this.#pool =
      pool !== undefined
        ? pool
        : settings.threads === 0
          ? null
          : createBotPool(settings.threads > 0 ? { threads: settings.threads } : {});
    if (this.#pool === null) logger.warn({}, 'no bot pool: normal and strong bots play the heuristic');
    this.warmed = this.#warm();
  }

  /** After this long (ms) an asked bot has answered, one way or another. */
  get patienceMs(): number {
    return this.#settings.patienceMs;
  }

  /**
   * The first request makes a pool thread load (and compile) the bots, which takes
   * seconds; doing it at start-up keeps that wait out of every game.
   */
  async #warm(): Promise<void> {
    if (this.#pool === null) return;
    const started = performance.now();
    try {
      await this.#pool.decide(warmUpRequest());
      this.#logger.info({ ms: Math.round(performance.now() - started) }, 'bot pool warm');
    } catch (error) {
      this.#logger.error({ err: error }, 'bot pool warm-up failed');
    }
  }

  /** The bot's action for the turn, or null when the turn was over before it came. */
  async ask(owner: object, turn: BotTurn): Promise<Action | null> {
    const { table, seat, level, state } = turn;
    const seen = view(state, seat);
    let seats = this.#memories.get(owner);
    if (seats === undefined) {
      seats = new Map();
      this.#memories.set(owner, seats);
    }
    const before = seats.get(seat) ?? null;
    seats.set(seat, remember(before, seen));
    if (level === 'easy' || this.#pool === null) return heuristicAction(state, seat);

    const seed = `${table}:${state.version}:${seat}`;
    const details = { table, seat, version: state.version, level };
    if (this.#pool.queued >= this.#settings.maxQueued) {
      this.#logger.warn(
        { ...details, queued: this.#pool.queued },
        'the bot pool is backed up: heuristic played',
      );
      return heuristicAction(state, seat);
    }
    const request = {
      view: seen,
      memory: before,
      level,
      seed,
      ...(this.#settings.budget ? { budget: this.#settings.budget } : {}),
    };
    const answer = await this.#withPatience(this.#pool.decide(request), details);
    if (!turn.stillDue()) {
      this.#logger.info(details, 'a bot decision came back after its turn: dropped');
      return null;
    }
    if (answer === null) return heuristicAction(state, seat);
    return answer;
  }

  /** The search's action, or null (logged) if it fails or is too late. */
  async #withPatience(decision: Promise<{ action: Action }>, details: object): Promise<Action | null> {
    let timer: NodeJS.Timeout | undefined;
    let late = false;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        late = true;
        resolve(null);
      }, this.#settings.patienceMs);
    });
    const answered = decision.then(
      (result) => {
        if (late) this.#logger.info(details, 'a late bot decision was dropped');
        return result.action;
      },
      (error: unknown) => {
        if (!late) this.#logger.error({ ...details, err: error }, 'a bot decision failed: heuristic played');
        return null;
      },
    );
    try {
      const action = await Promise.race([answered, timeout]);
      if (late) this.#logger.warn(details, 'a bot decision took too long: heuristic played');
      return action;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stops the pool's threads; decisions still out fall back to the heuristic. */
  async close(): Promise<void> {
    await this.#pool?.close();
  }
}
