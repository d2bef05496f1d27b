/**
 * Group commit for the game log. Every action waits for its row to be stored before
 * anyone sees it, so with many tables the writes queue up; rows that are waiting at the
 * same time go in together as one INSERT, and each caller still learns about its own
 * row only.
 *
 * A write does not start the moment its row arrives but at the end of the event-loop
 * turn (setImmediate), after every socket that had data in this turn was read, so the
 * actions that came in together go in together rather than the first one alone. The
 * wait costs one turn of the loop. Rows that arrive while a statement is under way
 * wait for the next one.
 *
 * A step that stores several rows of one game (an action and the trick gathered with it)
 * hands them over together: they go into the same statement, all or none, so the log never
 * holds the second without the first.
 */
import type { GameLog, LogRow } from '../db/index.ts';

/** One accepted action's row, before the writer adds the table's lease epoch. */
export type ActionRow = Omit<LogRow, 'epoch'>;

interface Pending {
  /** Stored together (one statement) or not at all. */
  rows: LogRow[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Large enough to absorb a burst, small enough to keep one statement quick. */
const MAX_BATCH = 64;

export interface LogWriterStats {
  /** Rows stored. */
  rows: number;
  /** Statements that stored them. */
  statements: number;
}

export class LogWriter {
  #waiting: Pending[] = [];
  #scheduled = false;
  #inFlight = 0;
  readonly stats: LogWriterStats = { rows: 0, statements: 0 };

  /**
   * `maxInFlight`: statements under way at once. With the database in another thread or
   * process, a second statement can start as soon as the first is done there, instead of
   * after its answer came back here; rows of one game never race each other, since a
   * table waits for its action to be stored before it takes the next.
   */
  constructor(
    private readonly log: Pick<GameLog, 'record' | 'recordMany'>,
    private readonly maxInFlight = 1,
  ) {}

  /**
   * Resolves once every row of the step is stored, in one statement; rejects as
   * GameLog.record would (nothing stored). `epoch`: the table's lease epoch (the database
   * refuses the rows under any other).
   */
  appendAll(rows: readonly ActionRow[], epoch?: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ rows: rows.map((row) => ({ ...row, epoch })), resolve, reject });
      this.#schedule();
    });
  }

  /** A write at the end of this turn of the event loop, if one may start. */
  #schedule(): void {
    if (this.#scheduled || this.#inFlight >= this.maxInFlight || this.#waiting.length === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#start();
    });
  }

  #start(): void {
    while (this.#waiting.length > 0 && this.#inFlight < this.maxInFlight) {
      const batch = this.#waiting.splice(0, MAX_BATCH);
      this.#inFlight++;
      this.#write(batch)
        .catch((error: unknown) => {
          // #write settles every row itself; this is only a guard so the queue never stalls.
          for (const pending of batch) pending.reject(error);
        })
        .finally(() => {
          this.#inFlight--;
          // Rows that came in meanwhile: gather this turn's as well before the next statement.
          this.#schedule();
        });
    }
  }

  async #write(batch: Pending[]): Promise<void> {
    this.stats.statements++;
    if (batch.length === 1) {
      const [only] = batch as [Pending];
      await this.#insert(only.rows).then(() => this.#stored(only), only.reject);
      return;
    }
    try {
      await this.log.recordMany(batch.flatMap((pending) => pending.rows));
      for (const pending of batch) this.#stored(pending);
    } catch {
      // One bad row fails the statement: store each caller's rows on their own so only its are refused.
      for (const pending of batch) {
        this.stats.statements++;
        await this.#insert(pending.rows).then(() => this.#stored(pending), pending.reject);
      }
    }
  }

  #insert(rows: readonly LogRow[]): Promise<void> {
    if (rows.length === 1) {
      const [row] = rows as [LogRow];
      return this.log.record(row.gameId, row.seq, row.seat, row.action, row.epoch);
    }
    return this.log.recordMany(rows);
  }

  #stored(pending: Pending): void {
    this.stats.rows += pending.rows.length;
    pending.resolve();
  }
}
