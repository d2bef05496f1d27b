/**
 * The server's bot players, for every game: one pool of worker threads for the whole
 * process, where the normal and strong bots search (a strong decision takes most of a
 * second, which on the socket thread would hold up every other table), and one memory per
 * bot seat of a game whose bots keep one. A game's bots are its BotModule in the bots'
 * registry (`botModule(id)`): its quick move, its search decision, its memory and recall.
 *
 * - easy bots play their game's rules of thumb right here: they decide in well under a
 *   millisecond, so a trip to a pool thread would only make them wait behind searches.
 * - The pool's threads start with the first normal or strong bot's first turn (its
 *   first answer loads the bots, which its patience covers), not at boot: a server whose
 *   bots are all easy, or that has none, never holds them.
 * - A seat's memory is built only from that seat's own views, one per turn, on this
 *   thread, so it stays right even when a decision is lost. `remember` starts it afresh
 *   for each hand and each game. A seat with no memory mid-hand (the server restarted)
 *   gets it back from the game's log, replayed view by view (recall.ts).
 * - A decision that fails, or that takes longer than `patienceMs`, is logged and the
 *   rules of thumb play instead; one that comes back when its turn is over is logged and
 *   dropped; with the pool backed up they play at once. Either way the table goes on.
 */
import {
  type AnyBotModule,
  BOT_GAMES,
  type BotLevel,
  type BotPool,
  botModule,
  type CommonBudget,
  createBotPool,
  type GameReview,
  type Hint,
  hint,
} from '@kibitz/bots';
import type { SeatIndex } from '@kibitz/rules';
import type { BotLog } from './bot-log.ts';
import { type BotLogSource, needsRecall, recallMemory } from './recall.ts';

export type { BotLog } from './bot-log.ts';
export { BOT_GAMES };

export interface BotSettings {
  /** Pool threads; 0 = no pool: every bot plays the rules of thumb on the socket thread. */
  threads: number;
  /** Longer than this (ms) and the rules of thumb play instead of the search's answer. */
  patienceMs: number;
  /**
   * With this many requests already waiting for a pool thread, the rules of thumb play at
   * once: a request that would wait out its patience anyway would only cost a thread a
   * search nobody uses, and push every later one further back.
   */
  maxQueued: number;
  /** Overrides of every game's search budget (sampled deals, ms; tests keep searches short). */
  budget?: Partial<CommonBudget>;
}

/** Threads: the pool's default (one less than the cores, at least one). */
export const defaultBotSettings: BotSettings = { threads: -1, patienceMs: 4_000, maxQueued: 4 };

/** A bot's turn at a table, as the shell asks for it: any game's. */
export interface BotTurn {
  /** The game's registry id (`gameIdOf(config)`), which the bots' registry knows too. */
  game: string;
  /** The table's code: part of the sampling seed. */
  table: string;
  seat: SeatIndex;
  level: BotLevel;
  /** The game's own state; only the seat's view of it reaches a bot. */
  state: unknown;
  /** Is this turn still to be played? Read when the answer comes back. */
  stillDue(): boolean;
}

/** Any game's action: the game's own zod schema has checked nothing here, the engine will. */
export type BotAction = { type: string };

/** A turn of a game no bot plays: a caller's error, refused before anything is asked. */
export class UnknownBotGameError extends Error {
  override name = 'UnknownBotGameError';
  constructor(readonly game: string) {
    super(`no bots play "${game}"; they play ${BOT_GAMES.join(', ')}`);
  }
}

export class BotPlayers {
  readonly #pool: BotPool | null;
  readonly #settings: BotSettings;
  readonly #logger: BotLog;
  /** Per table (gone with it), per seat: what the seat remembers of the hand. */
  readonly #memories = new WeakMap<object, Map<SeatIndex, unknown>>();
  #logSource: BotLogSource | null = null;
  #poolStarted = false;

  constructor(settings: BotSettings, logger: BotLog, pool?: BotPool | null) {
    this.#settings = settings;
    this.#logger = logger;
    // createBotPool starts no thread: the first request does (#search).
    this.#pool =
      pool !== undefined
        ? pool
        : settings.threads === 0
          ? null
          : createBotPool(settings.threads > 0 ? { threads: settings.threads } : {});
    if (this.#pool === null) logger.warn({}, 'no bot pool: normal and strong bots play the rules of thumb');
  }

  /** The pool's threads running now: 0 until a normal or strong bot has asked. */
  get poolThreads(): number {
    return this.#pool?.threads ?? 0;
  }

  /**
   * The double-dummy review of a finished game's export, on a pool thread (the pool's
   * lowest priority); null when there is no pool: seconds of search never run on the
   * socket thread.
   */
  review(exported: unknown): Promise<GameReview> | null {
    return this.#pool === null ? null : this.#pool.review(exported);
  }

  /**
   * A learner's hint from the seat's own view (bots' hint.ts, the normal level's search,
   * seeded by the view): on a pool thread, or here when there is no pool (the normal
   * level is the cheapest search: the easy bots' rules of thumb read the whole state, not
   * a view, so they cannot give a hint that never depends on hidden cards).
   */
  hint(game: string, view: unknown): Promise<Hint> {
    if (this.#pool === null) {
      try {
        return Promise.resolve(hint({ game, view }));
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return this.#pool.hint({ game, view });
  }

  /** After this long (ms) an asked bot has answered, one way or another. */
  get patienceMs(): number {
    return this.#settings.patienceMs;
  }

  /**
   * Where a seat that lost its memory (a restart) reads the game's log back. Set once the
   * database is open; without it such a seat plays on knowing only its current view.
   */
  recallFrom(source: BotLogSource): void {
    this.#logSource = source;
  }

  /**
   * The bot's action for the turn (its game's own action), or null when the turn was over
   * before it came. `owner` is the table: the seats' memories go with it. `A` is the game's
   * action type, for a caller that knows it (the engine judges the action either way).
   */
  ask<A extends BotAction = BotAction>(owner: object, turn: BotTurn): Promise<A | null> {
    const bots = botModule(turn.game);
    if (bots === null) return Promise.reject(new UnknownBotGameError(turn.game));
    return this.#ask(owner, bots, turn) as Promise<A | null>;
  }

  async #ask(owner: object, bots: AnyBotModule, turn: BotTurn): Promise<BotAction | null> {
    const { table, seat, level, state } = turn;
    const seen = bots.rules.view(state, seat);
    const before = bots.remembers ? await this.#remember(owner, bots, seat, seen, table) : null;
    const fallback = () => bots.quickMove(state, seat);
    if (level === 'easy' || this.#pool === null) return fallback();
    const pool = this.#pool;
    const version = bots.rules.version(state);
    const seed = `${table}:${version}:${seat}`;
    const memory = bots.remembers ? { memory: before } : {};
    const budget = this.#settings.budget ? { budget: this.#settings.budget } : {};
    return this.#search(turn, version, fallback, () =>
      pool.ask({ game: bots.id, view: seen, ...memory, level, seed, ...budget }),
    );
  }

  /**
   * The seat's memory before this view (read back from the log if a restart lost it), and
   * the seat's memory kept with the view added: built on this thread from the seat's own
   * views, so it stays right even when a decision is lost.
   */
  async #remember(
    owner: object,
    bots: AnyBotModule,
    seat: SeatIndex,
    seen: unknown,
    table: string,
  ): Promise<unknown> {
    let seats = this.#memories.get(owner);
    if (seats === undefined) {
      seats = new Map();
      this.#memories.set(owner, seats);
    }
    let before: unknown = seats.get(seat) ?? null;
    if (before === null && this.#logSource !== null && needsRecall(bots, seen)) {
      before = await recallMemory(this.#logSource, bots, owner, seat, this.#logger, { table, seat });
    }
    seats.set(seat, bots.remember(before, seen));
    return before;
  }

  /**
   * A pool search for the turn, with the game's rules of thumb standing in when the pool
   * is backed up, the search fails or is too slow; null when the turn is over by then.
   */
  async #search<A extends BotAction>(
    turn: BotTurn,
    version: number,
    fallback: () => A,
    decide: () => Promise<{ action: A }>,
  ): Promise<A | null> {
    const { game, table, seat, level } = turn;
    const details = { game, table, seat, version, level };
    const pool = this.#pool!;
    if (!this.#poolStarted) {
      this.#poolStarted = true;
      this.#logger.info(details, 'the first normal or strong bot: the bot pool starts');
    }
    if (pool.queued >= this.#settings.maxQueued) {
      this.#logger.warn({ ...details, queued: pool.queued }, 'the bot pool is backed up: heuristic played');
      return fallback();
    }
    const answer = await this.#withPatience(decide(), details);
    if (!turn.stillDue()) {
      this.#logger.info(details, 'a bot decision came back after its turn: dropped');
      return null;
    }
    return answer ?? fallback();
  }

  /** The search's action, or null (logged) if it fails or is too late. */
  async #withPatience<A>(decision: Promise<{ action: A }>, details: object): Promise<A | null> {
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

  /** Stops the pool's threads; decisions still out fall back to the rules of thumb. */
  async close(): Promise<void> {
    await this.#pool?.close();
  }
}
