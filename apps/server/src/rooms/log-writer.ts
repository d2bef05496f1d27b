/**
 * Group commit for the game log. Every action waits for its row to be stored before
 * anyone sees it, and PGlite runs in this very thread, so with many tables the writes
 * queue up. While one write is in flight, the next actions (of any tables) gather and
 * go in together as one INSERT; each caller still learns about its own row only.
 */
import type { GameLog, Prisma } from '../db/index.ts';

interface Pending {
  row: { gameId: string; seq: number; seat: number; action: Prisma.InputJsonValue };
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Large enough to absorb a burst, small enough to keep one statement quick. */
const MAX_BATCH = 64;

export class LogWriter {
  #waiting: Pending[] = [];
  #writing = false;

  constructor(private readonly log: GameLog) {}

  /** Resolves once the action is stored; rejects as GameLog.record would (nothing stored). */
  append(gameId: string, seq: number, seat: number, action: Prisma.InputJsonValue): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ row: { gameId, seq, seat, action }, resolve, reject });
      if (!this.#writing) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#writing = true;
    try {
      while (this.#waiting.length > 0) {
        const batch = this.#waiting.splice(0, MAX_BATCH);
        try {
          await this.#write(batch);
        } catch (error) {
          // #write settles every row itself; this is only a guard so the queue never stalls.
          for (const pending of batch) pending.reject(error);
        }
      }
    } finally {
      this.#writing = false;
    }
  }

  async #write(batch: Pending[]): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch as [Pending];
      await this.log
        .record(only.row.gameId, only.row.seq, only.row.seat, only.row.action)
        .then(only.resolve, only.reject);
      return;
    }
    try {
      await this.log.recordMany(batch.map((pending) => pending.row));
      for (const pending of batch) pending.resolve();
    } catch {
      // One bad row fails the statement: store them one by one so only it is refused.
      for (const pending of batch) {
        await this.log
          .record(pending.row.gameId, pending.row.seq, pending.row.seat, pending.row.action)
          .then(pending.resolve, pending.reject);
      }
    }
  }
}
