/** PGlite in its own thread: what the server relies on when it speaks to it from the socket thread. */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlState } from './database.ts';
import { DATABASE_THREAD_NAME, PGliteThread, PGliteThreadError } from './pglite-thread.ts';
import { createRoomWithGame, openPGliteTestDatabase, resetData, type TestDatabase } from './test-support.ts';

describe('PGlite in a worker thread', () => {
  let handle: TestDatabase;
  // A fresh PGlite takes seconds to create, many more on a busy machine.
  beforeAll(async () => {
    handle = await openPGliteTestDatabase();
  }, 120_000);
  afterAll(() => handle.dispose());

  it('lets the socket thread go on while a statement runs', async () => {
    // A statement that keeps PGlite busy for a good while, and the event loop of this
    // thread counted meanwhile: in the same thread, it could not turn at all.
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await handle.db.execute('SELECT count(*) FROM generate_series(1, 3000000) AS n WHERE n % 7 = 3', []);
    counting = false;
    expect(turns).toBeGreaterThan(20);
  });

  // Linux only: elsewhere the thread keeps its priority (pglite-worker.mjs).
  it.runIf(existsSync('/proc/thread-self'))(
    'runs at a lower priority than the socket thread, which it must not preempt',
    async () => {
      // /proc/self/task/<id>/stat: field 19 is the thread's nice value (after the name in parentheses).
      const nice = async (task: string) => {
        const stat = await readFile(`/proc/self/task/${task}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      };
      const tasks = await readdir('/proc/self/task');
      const nices = await Promise.all(tasks.map(nice));
      expect(await nice(String(process.pid))).toBe(0);
      expect(nices).toContain(5);
    },
  );

  it.runIf(existsSync('/proc/thread-self'))(
    'names its thread, so top -H, ps -L and the bench can tell it from the socket thread',
    async () => {
      const tasks = await readdir('/proc/self/task');
      const named = await Promise.all(
        tasks.map(async (task) => {
          const name = (await readFile(`/proc/self/task/${task}/comm`, 'utf8')).trim();
          return name === DATABASE_THREAD_NAME ? task : null;
        }),
      );
      const ours = named.filter((task) => task !== null);
      // This file's database thread at least (another file's may share the process), never
      // the main thread, and each at the database's priority: the name is on the right thread.
      expect(ours.length).toBeGreaterThanOrEqual(1);
      expect(ours).not.toContain(String(process.pid));
      for (const task of ours) {
        const stat = await readFile(`/proc/self/task/${task}/stat`, 'utf8');
        expect(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])).toBe(5);
      }
    },
  );

  it('reports a failed statement with its SQLSTATE, and changes nothing', async () => {
    const { prisma, execute } = handle.db;
    await resetData(prisma);
    const room = await createRoomWithGame(prisma);
    const gameId = room.games[0]!.id;
    const insert = `INSERT INTO "GameAction" ("gameId", "seq", "seat", "action") VALUES ('${gameId}', 0, 0, '{}'::jsonb)`;
    await execute(insert, []);
    const error = await execute(insert, []).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(sqlState(error)).toBe('23505');
    expect(await prisma.gameAction.count({ where: { gameId } })).toBe(1);
    // With parameters (the extended protocol), too.
    const foreign = await execute(
      'INSERT INTO "GameAction" ("gameId", "seq", "seat", "action") VALUES ($1, 0, 0, $2::jsonb)',
      ['no-such-game', '{}'],
    ).catch((caught: unknown) => caught);
    expect(sqlState(foreign)).toBe('23503');
  });

  it("runs a statement sent while Prisma's transaction is open after it, outside it", async () => {
    const { prisma, execute } = handle.db;
    await resetData(prisma);
    const room = await createRoomWithGame(prisma);
    const gameId = room.games[0]!.id;
    let sent: Promise<void> | undefined;
    const failed = await prisma
      .$transaction(async (tx) => {
        await tx.gameAction.create({ data: { gameId, seq: 0, seat: 0, action: { type: 'pass' } } });
        // The game log's write arrives meanwhile; it must not join this transaction (and be
        // rolled back with it), nor see its row.
        sent = execute(
          `INSERT INTO "GameAction" ("gameId", "seq", "seat", "action") VALUES ('${gameId}', 1, 1, '{}'::jsonb)`,
          [],
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        throw new Error('changed my mind');
      })
      .catch((caught: unknown) => caught);
    expect(failed).toMatchObject({ message: 'changed my mind' });
    await sent;
    const seqs = await prisma.gameAction.findMany({ where: { gameId }, select: { seq: true } });
    expect(seqs.map((row) => row.seq)).toEqual([1]);
  });

  it("carries Prisma's interactive transactions: commit keeps, a throw rolls back", async () => {
    const { prisma } = handle.db;
    await resetData(prisma);
    const room = await createRoomWithGame(prisma);
    const gameId = room.games[0]!.id;
    await prisma.$transaction(async (tx) => {
      await tx.gameAction.create({ data: { gameId, seq: 0, seat: 0, action: { type: 'pass' } } });
      await tx.gameAction.create({ data: { gameId, seq: 1, seat: 1, action: { type: 'pass' } } });
    });
    const failed = await prisma
      .$transaction(async (tx) => {
        await tx.gameAction.create({ data: { gameId, seq: 2, seat: 2, action: { type: 'pass' } } });
        throw new Error('changed my mind');
      })
      .catch((caught: unknown) => caught);
    expect(failed).toMatchObject({ message: 'changed my mind' });
    const seqs = await prisma.gameAction.findMany({
      where: { gameId },
      select: { seq: true },
      orderBy: { seq: 'asc' },
    });
    expect(seqs.map((row) => row.seq)).toEqual([0, 1]);
    // Prisma's own errors still come through as Prisma's (P2002: unique constraint).
    const duplicate = await prisma.gameAction
      .create({ data: { gameId, seq: 0, seat: 0, action: {} } })
      .catch((caught: unknown) => caught);
    expect(duplicate).toMatchObject({ code: 'P2002' });
  });

  it('refuses every request once closed, with a clear error; closing twice is fine', async () => {
    const thread = await PGliteThread.open('memory://');
    await thread.execute('CREATE TABLE t (n int)', []);
    await thread.close();
    await thread.close();
    const error = await thread.execute('SELECT 1', []).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PGliteThreadError);
    expect(String(error)).toMatch(/the database is closed/);
  });

  it('tells when its thread dies, and refuses every request after', async () => {
    // A stand-in database thread that opens, then dies at the first statement.
    const dying = `
      import { parentPort } from 'node:worker_threads';
      parentPort.on('message', ({ id, op }) => {
        if (op.type === 'open') parentPort.postMessage({ id, ok: true, result: { adapterName: 'x', connectionInfo: null } });
        else process.exit(3);
      });`;
    const thread = await PGliteThread.open(
      'memory://',
      new URL(`data:text/javascript,${encodeURIComponent(dying)}`),
    );
    const statement = thread.execute('SELECT 1', []).catch((caught: unknown) => caught);
    const lost = await thread.lost;
    expect(lost).toBeInstanceOf(PGliteThreadError);
    expect(String(lost)).toMatch(/stopped \(exit code 3\)/);
    expect(await statement).toBe(lost);
    await expect(thread.execute('SELECT 1', [])).rejects.toBe(lost);
    await thread.close();
  });

  it('is not lost when closed on purpose', async () => {
    const thread = await PGliteThread.open('memory://');
    await thread.close();
    const outcome = await Promise.race([
      thread.lost,
      new Promise((resolve) => setTimeout(resolve, 200, 'still')),
    ]);
    expect(outcome).toBe('still');
  });

  it('tells whether opening created the database (so a first start can reopen it lighter)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kibitz-thread-'));
    try {
      const first = await PGliteThread.open(join(dir, 'db'));
      expect(first.created).toBe(true);
      await first.execute('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)', []);
      await first.close();
      const again = await PGliteThread.open(join(dir, 'db'));
      expect(again.created).toBe(false);
      await again.execute('INSERT INTO kept SELECT n + 1 FROM kept', []);
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says why it cannot open a database', async () => {
    const error = await PGliteThread.open('/proc/no-such-place/db').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toMatch(/no-such-place|ENOENT|EACCES|ENOTDIR/);
  });
});
