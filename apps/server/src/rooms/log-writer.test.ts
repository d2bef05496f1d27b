import { describe, expect, it } from 'vitest';
import { DuplicateActionError, type GameLog } from '../db/index.ts';
import { LogWriter } from './log-writer.ts';

type Row = { gameId: string; seq: number };

/** One turn of the event loop: runs after every setImmediate queued before it. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Lets held statements finish, a turn apiece, until `done` (or 100 turns, so a bug fails rather than hangs). */
async function releaseUntil(done: () => boolean, release: () => void): Promise<void> {
  for (let turns = 0; !done() && turns < 100; turns++) {
    release();
    await turn();
  }
}

/**
 * A game log in memory with the database's unique (gameId, seq) rule. How a statement ends:
 * - a number: after that many ms;
 * - null: without giving the event loop a turn, as embedded PGlite's do;
 * - 'held': when the test calls `release()`, so no timing decides what a test sees.
 */
function fakeLog(delayMs: number | null | 'held' = 5) {
  const held: (() => void)[] = [];
  const release = () => {
    for (const finish of held.splice(0)) finish();
  };
  const pause = () =>
    delayMs === null
      ? Promise.resolve()
      : delayMs === 'held'
        ? new Promise<void>((resolve) => held.push(resolve))
        : new Promise((resolve) => setTimeout(resolve, delayMs));
  const stored = new Set<string>();
  const statements: number[] = [];
  const concurrency = { now: 0, most: 0 };
  const running = async <T>(work: () => Promise<T>): Promise<T> => {
    concurrency.most = Math.max(concurrency.most, ++concurrency.now);
    try {
      return await work();
    } finally {
      concurrency.now--;
    }
  };
  const insert = (row: Row) => {
    const key = `${row.gameId}:${row.seq}`;
    if (stored.has(key)) throw new DuplicateActionError(row.gameId, row.seq);
    stored.add(key);
  };
  const log = {
    record: (gameId: string, seq: number) =>
      running(async () => {
        await pause();
        statements.push(1);
        insert({ gameId, seq });
      }),
    recordMany: (rows: Row[]) =>
      running(async () => {
        await pause();
        statements.push(rows.length);
        const keys = rows.map((row) => `${row.gameId}:${row.seq}`);
        if (keys.some((key) => stored.has(key)) || new Set(keys).size !== keys.length) {
          throw new DuplicateActionError(rows[0]!.gameId, rows[0]!.seq);
        }
        for (const row of rows) insert(row);
      }),
  };
  return { log: log as unknown as GameLog, stored, statements, concurrency, release };
}

describe('LogWriter', () => {
  it('groups the writes of one event-loop turn, even when a statement never yields', async () => {
    const { log, stored, statements } = fakeLog(null);
    const writer = new LogWriter(log);
    // Ten tables' actions, each from its own callback of the same turn (like socket reads).
    const appended = await Promise.all(
      Array.from(
        { length: 10 },
        (_, table) =>
          new Promise<void>((resolve, reject) =>
            setImmediate(() =>
              writer
                .appendAll([{ gameId: `g${table}`, seq: 0, seat: 0, action: { type: 'pass' } }])
                .then(resolve, reject),
            ),
          ),
      ),
    );
    expect(appended).toHaveLength(10);
    expect(stored.size).toBe(10);
    expect(statements).toEqual([10]);
    expect(writer.stats).toEqual({ rows: 10, statements: 1 });
  });

  it('groups writes that arrive while one is in flight', async () => {
    const { log, stored, statements, release } = fakeLog('held');
    const writer = new LogWriter(log);
    const first = writer.appendAll([{ gameId: 'g0', seq: 0, seat: 0, action: { type: 'pass' } }]);
    // The writer's statement starts in this turn's setImmediate, queued before ours.
    await turn();
    const later = Array.from({ length: 9 }, (_, table) =>
      writer.appendAll([{ gameId: `g${table + 1}`, seq: 0, seat: 0, action: { type: 'pass' } }]),
    );
    await turn();
    expect(statements).toEqual([]);
    await releaseUntil(() => stored.size === 10, release);
    await Promise.all([first, ...later]);
    expect(stored.size).toBe(10);
    expect(statements).toEqual([1, 9]);
  });

  it('has at most one statement under way by default, and up to maxInFlight when asked', async () => {
    for (const maxInFlight of [1, 2]) {
      const { log, stored, concurrency, release } = fakeLog('held');
      const writer = new LogWriter(log, maxInFlight);
      // Rows arriving one a turn while no statement finishes.
      const appends: Promise<void>[] = [];
      for (let table = 0; table < 6; table++) {
        appends.push(writer.appendAll([{ gameId: `g${table}`, seq: 0, seat: 0, action: { type: 'pass' } }]));
        await turn();
      }
      expect(concurrency.now).toBe(maxInFlight);
      await releaseUntil(() => stored.size === 6, release);
      await Promise.all(appends);
      expect(stored.size).toBe(6);
      expect(concurrency.most).toBe(maxInFlight);
    }
  });

  it('refuses only the duplicate row of a group', async () => {
    const { log, stored } = fakeLog();
    const writer = new LogWriter(log);
    await writer.appendAll([{ gameId: 'g', seq: 0, seat: 0, action: { type: 'pass' } }]);
    const results = await Promise.allSettled([
      writer.appendAll([{ gameId: 'g', seq: 1, seat: 0, action: { type: 'pass' } }]),
      writer.appendAll([{ gameId: 'g', seq: 2, seat: 0, action: { type: 'pass' } }]),
      writer.appendAll([{ gameId: 'g', seq: 2, seat: 1, action: { type: 'pass' } }]),
      writer.appendAll([{ gameId: 'h', seq: 0, seat: 0, action: { type: 'pass' } }]),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateActionError);
    expect([...stored].sort()).toEqual(['g:0', 'g:1', 'g:2', 'h:0']);
  });

  it("stores the rows of one step together or not at all, beside other tables' rows", async () => {
    const { log, stored, statements } = fakeLog();
    const writer = new LogWriter(log);
    await writer.appendAll([{ gameId: 'g', seq: 0, seat: 0, action: { type: 'pass' } }]);
    const pass = { type: 'pass' };
    const results = await Promise.allSettled([
      // A card and the trick gathered with it: seq 1 and 2 of game g.
      writer.appendAll([
        { gameId: 'g', seq: 1, seat: 0, action: pass },
        { gameId: 'g', seq: 2, seat: 0, action: pass },
      ]),
      // Its second row is a duplicate (seq 0 is stored): neither row may be.
      writer.appendAll([
        { gameId: 'h', seq: 0, seat: 0, action: pass },
        { gameId: 'g', seq: 0, seat: 1, action: pass },
      ]),
      writer.appendAll([{ gameId: 'k', seq: 0, seat: 0, action: pass }]),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect([...stored].sort()).toEqual(['g:0', 'g:1', 'g:2', 'k:0']);
    // One statement for all five rows (refused), then each step's rows on their own.
    expect(statements).toEqual([1, 5, 2, 2, 1]);
    expect(writer.stats.rows).toBe(4);
  });
});
