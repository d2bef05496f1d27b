/**
 * Group commit for the game log. Every action waits for its row to be stored before
 * anyone sees it, so with many tables the writes queue up; rows that are waiting at the
 * same time go in together as one INSERT, and each caller still learns about its own
 * row only.
 *
 * A write does not start the moment its row arrives but at the end of the event-loop
 * turn (setImmediate), after every socket that had data in this turn was read: with
 * embedded PGlite a statement runs in this very thread and finishes without giving the
 * loop a turn, so "whatever arrives while one is in flight" would be nobody, and every
 * action would pay for a statement of its own. The wait costs one turn of the loop.
 */
import type { GameLog, Prisma } from '../db/index.ts';

interface Pending {
  row: { gameId: string; seq: number; seat: number; action: Prisma.InputJsonValue };
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
  #writing = false;
  readonly stats: LogWriterStats = { rows: 0, statements: 0 };

  constructor(private readonly log: Pick<GameLog, 'record' | 'recordMany'>) {}

  /** Resolves once the action is stored; rejects as GameLog.record would (nothing stored). */
  append(gameId: string, seq: number, seat: number, action: Prisma.InputJsonValue): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ row: { gameId, seq, seat, action }, resolve, reject });
      if (!this.#writing) {
        this.#writing = true;
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#waiting.length > 0) {
        const batch = this.#waiting.splice(0, MAX_BATCH);
        try {
          await this.#write(batch);
        } catch (error) {
          // #write settles every row itself; this is only a guard so the queue never stalls.
          for (const pending of batch) pending.reject(error);
        }
        // Rows that came in meanwhile: gather this turn's as well before the next statement.
        if (this.#waiting.length > 0 && this.#waiting.length < MAX_BATCH) await nextTurn();
      }
    } finally {
      this.#writing = false;
    }
  }

  async #write(batch: Pending[]): Promise<void> {
    this.stats.statements++;
    if (batch.length === 1) {
      const [only] = batch as [Pending];
      await this.log
        .record(only.row.gameId, only.row.seq, only.row.seat, only.row.action)
        .then(() => this.#stored(only), only.reject);
      return;
    }
    try {
      await this.log.recordMany(batch.map((pending) => pending.row));
      for (const pending of batch) this.#stored(pending);
    } catch {
      // One bad row fails the statement: store them one by one so only it is refused.
      for (const pending of batch) {
        this.stats.statements++;
        await this.log
          .record(pending.row.gameId, pending.row.seq, pending.row.seat, pending.row.action)
          .then(() => this.#stored(pending), pending.reject);
      }
    }
  }

  #stored(pending: Pending): void {
    this.stats.rows++;
    pending.resolve();
  }
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
