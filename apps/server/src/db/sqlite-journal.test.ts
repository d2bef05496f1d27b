/**
 * The embedded store's game-log journal (sqlite-journal.ts): a row is stored when its
 * append returns, every reader and writer through Prisma sees it, a killed process's rows
 * come back at the next open, and the refusals are the INSERT's own, with nothing stored.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.ts';
import {
  DatabaseUnreachableError,
  DuplicateActionError,
  GameNotFoundError,
  LeaseLostError,
} from './errors.ts';
import { LeaseStore } from './lease.ts';
import { JOURNAL_FILE } from './paths.ts';
import { createRoomWithGame } from './test-support.ts';

let dir: string;
let dataDir: string;
let journalFile: string;
const open: Database[] = [];

async function openStore(at = dataDir): Promise<Database> {
  const db = await openDatabase({ dataDir: at });
  open.push(db);
  return db;
}

async function storedRows(db: Database, gameId: string) {
  const rows = await db.prisma.gameAction.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
  return rows.map((row) => ({ seq: row.seq, seat: row.seat, action: row.action, epoch: row.epoch }));
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kibitz-journal-'));
  dataDir = join(dir, 'sqlite');
  journalFile = join(dataDir, JOURNAL_FILE);
});
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the game-log journal', () => {
  it('has a row in the journal when its append returns, and in the table for the next reader', async () => {
    const db = await openStore();
    const gameId = (await createRoomWithGame(db.prisma)).games[0]!.id;
    await db.appendLog([
      { gameId, seq: 0, seat: 1, action: { type: 'bid', amount: 350 } },
      { gameId, seq: 1, seat: 2, action: { type: 'pass' } },
    ]);
    // Stored in the journal, not yet in the table.
    expect((await stat(journalFile)).size).toBeGreaterThan(0);
    expect(db.journal).toEqual({ folds: 0, rows: 0 });
    // Any statement through Prisma folds first: the reader sees both rows, the journal is empty.
    expect(await storedRows(db, gameId)).toEqual([
      { seq: 0, seat: 1, action: { type: 'bid', amount: 350 }, epoch: 0 },
      { seq: 1, seat: 2, action: { type: 'pass' }, epoch: 0 },
    ]);
    expect((await stat(journalFile)).size).toBe(0);
    expect(db.journal).toEqual({ folds: 1, rows: 2 });
  });

  it('folds before what reads or changes the log, a lease or deletes; not for a game started or a seat taken', async () => {
    const db = await openStore();
    const room = await createRoomWithGame(db.prisma);
    const gameId = room.games[0]!.id;
    await db.appendLog([{ gameId, seq: 0, seat: 0, action: { type: 'pass' } }]);
    // Statements beside the log leave its rows in the journal.
    await db.prisma.game.create({ data: { roomId: room.id, number: 2, config: {}, seed: 's' } });
    await db.prisma.room.update({ where: { id: room.id }, data: { name: 'renamed' } });
    expect(db.journal).toEqual({ folds: 0, rows: 0 });
    // A count of the log's rows folds first and sees the row.
    expect(await db.prisma.gameAction.count({ where: { gameId } })).toBe(1);
    expect(db.journal).toEqual({ folds: 1, rows: 1 });
    // A lease taken folds first too.
    await db.appendLog([{ gameId, seq: 1, seat: 0, action: { type: 'pass' } }]);
    const lease = await new LeaseStore(db, 'node-a', 60_000).acquire(room.id);
    if (!lease.ok) throw new Error('no lease');
    expect(db.journal).toEqual({ folds: 2, rows: 2 });
    // A delete folds first: the room's games and their rows go together, nothing left behind.
    await db.appendLog([{ gameId, seq: 2, seat: 0, action: { type: 'pass' }, epoch: lease.epoch }]);
    await db.prisma.room.delete({ where: { id: room.id } });
    expect(db.journal).toEqual({ folds: 3, rows: 3 });
    expect(await db.prisma.gameAction.count({ where: { gameId } })).toBe(0);
    await expect(
      db.appendLog([{ gameId, seq: 3, seat: 0, action: { type: 'pass' } }]),
    ).rejects.toBeInstanceOf(GameNotFoundError);
  });

  it('refuses what the INSERT would refuse, with its typed error, and stores nothing', async () => {
    const db = await openStore();
    const room = await createRoomWithGame(db.prisma);
    const gameId = room.games[0]!.id;
    await db.appendLog([{ gameId, seq: 0, seat: 0, action: { type: 'pass' } }]);
    const size = (await stat(journalFile)).size;
    // A seq already stored (pending in the journal), or twice in one append.
    await expect(
      db.appendLog([{ gameId, seq: 0, seat: 1, action: { type: 'pass' } }]),
    ).rejects.toBeInstanceOf(DuplicateActionError);
    await expect(
      db.appendLog([
        { gameId, seq: 1, seat: 1, action: { type: 'pass' } },
        { gameId, seq: 1, seat: 1, action: { type: 'pass' } },
      ]),
    ).rejects.toBeInstanceOf(DuplicateActionError);
    // A game that does not exist: the whole append is refused, the good row with it.
    await expect(
      db.appendLog([
        { gameId, seq: 1, seat: 1, action: { type: 'pass' } },
        { gameId: 'no-such-game', seq: 0, seat: 0, action: { type: 'pass' } },
      ]),
    ).rejects.toBeInstanceOf(GameNotFoundError);
    expect((await stat(journalFile)).size).toBe(size);
    // A seq stored in the table (folded by the read), below the highest.
    expect(await storedRows(db, gameId)).toHaveLength(1);
    await db.appendLog([{ gameId, seq: 5, seat: 0, action: { type: 'pass' } }]);
    await expect(
      db.appendLog([{ gameId, seq: 0, seat: 0, action: { type: 'pass' } }]),
    ).rejects.toBeInstanceOf(DuplicateActionError);
    // A seq below the highest that is free is taken, as the table's key allows.
    await db.appendLog([{ gameId, seq: 3, seat: 0, action: { type: 'pass' } }]);
    expect((await storedRows(db, gameId)).map((row) => row.seq)).toEqual([0, 3, 5]);
  });

  it('folds before a lease changes hands: rows of the old epoch stay, new ones of it are refused', async () => {
    const db = await openStore();
    const room = await createRoomWithGame(db.prisma);
    const gameId = room.games[0]!.id;
    const a = new LeaseStore(db, 'node-a', 60_000);
    const first = await a.acquire(room.id);
    if (!first.ok) throw new Error('no lease');
    await db.appendLog([{ gameId, seq: 0, seat: 0, action: { type: 'pass' }, epoch: first.epoch }]);
    await a.release([room.id]);
    const second = await new LeaseStore(db, 'node-b', 60_000).acquire(room.id);
    if (!second.ok) throw new Error('no lease');
    await expect(
      db.appendLog([{ gameId, seq: 1, seat: 0, action: { type: 'pass' }, epoch: first.epoch }]),
    ).rejects.toBeInstanceOf(LeaseLostError);
    await db.appendLog([{ gameId, seq: 1, seat: 0, action: { type: 'pass' }, epoch: second.epoch }]);
    expect((await storedRows(db, gameId)).map((row) => [row.seq, row.epoch])).toEqual([
      [0, first.epoch],
      [1, second.epoch],
    ]);
  });

  it('brings back the rows of a process killed before it folded them', { timeout: 60_000 }, async () => {
    const db = await openStore();
    const gameId = (await createRoomWithGame(db.prisma)).games[0]!.id;
    await db.close();
    open.splice(0);
    // A child process appends three rows, says so, and is killed before anything folds them.
    const child = fileURLToPath(new URL('../../testing/journal-child.ts', import.meta.url));
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', child, dataDir, gameId], {
      timeout: 50_000,
    });
    const failed = await run.then(
      () => null,
      (error: { signal?: string; stdout?: string }) => error,
    );
    expect(failed?.signal).toBe('SIGKILL');
    expect(failed?.stdout).toBe('stored 3\n');
    expect((await stat(journalFile)).size).toBeGreaterThan(0);
    const again = await openStore();
    expect((await storedRows(again, gameId)).map((row) => row.seq)).toEqual([0, 1, 2]);
    expect((await stat(journalFile)).size).toBe(0);
  });

  it('folds a journal left after its rows were stored once, skipping them, and drops a line cut short', async () => {
    const db = await openStore();
    const gameId = (await createRoomWithGame(db.prisma)).games[0]!.id;
    await db.appendLog([{ gameId, seq: 0, seat: 0, action: { type: 'pass' } }]);
    await db.appendLog([{ gameId, seq: 1, seat: 1, action: { type: 'bid', amount: 300 } }]);
    const text = await readFile(journalFile, 'utf8');
    expect(text.split('\n')).toHaveLength(3);
    await db.close();
    open.splice(0);
    // As a process killed between a fold's commit and emptying the journal leaves it, with
    // one more whole row and a last line whose write never finished.
    const [line] = text.split('\n');
    const more = line!.replace(`"${gameId}",0,`, `"${gameId}",2,`);
    await writeFile(journalFile, `${text}${more}\n${more.slice(0, 20)}`);
    const again = await openStore();
    expect((await storedRows(again, gameId)).map((row) => row.seq)).toEqual([0, 1, 2]);
  });

  it('refuses to open over a journal line it cannot read, and changes nothing', async () => {
    const db = await openStore();
    const gameId = (await createRoomWithGame(db.prisma)).games[0]!.id;
    await db.close();
    open.splice(0);
    await writeFile(journalFile, `["${gameId}",0,0,0,1]\t{"type":"pass"}\nnot a row\n`);
    await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseUnreachableError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/line 2 of the game-log journal cannot be read/);
    expect(await readFile(journalFile, 'utf8')).toContain('not a row');
  });

  it('stores exactly the rows it acknowledged, whatever appends, refusals, reads and reopenings come', {
    timeout: 120_000,
  }, async () => {
    type Step = { kind: 'append'; seqs: number[] } | { kind: 'read' } | { kind: 'reopen' };
    const step = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('append' as const),
          seqs: fc.array(fc.nat(12), { minLength: 1, maxLength: 4 }),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'read' as const }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'reopen' as const }) },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 25 }) as fc.Arbitrary<Step[]>,
        async (steps) => {
          // One directory for every run (migrated once), a game of its own each.
          const at = join(dir, 'property');
          let db = await openStore(at);
          const gameId = (await createRoomWithGame(db.prisma)).games[0]!.id;
          const acknowledged = new Set<number>();
          for (const next of steps) {
            if (next.kind === 'append') {
              const fresh =
                new Set(next.seqs).size === next.seqs.length && next.seqs.every((s) => !acknowledged.has(s));
              const appended = await db
                .appendLog(next.seqs.map((seq) => ({ gameId, seq, seat: 0, action: { seq } })))
                .then(
                  () => true,
                  (error: unknown) => {
                    expect(error).toBeInstanceOf(DuplicateActionError);
                    return false;
                  },
                );
              expect(appended).toBe(fresh);
              if (appended) for (const seq of next.seqs) acknowledged.add(seq);
            } else if (next.kind === 'read') {
              expect((await storedRows(db, gameId)).map((row) => row.seq)).toEqual(
                [...acknowledged].sort((a, b) => a - b),
              );
            } else {
              await db.close();
              open.splice(open.indexOf(db), 1);
              db = await openStore(at);
            }
          }
          const rows = await storedRows(db, gameId);
          expect(rows.map((row) => row.seq)).toEqual([...acknowledged].sort((a, b) => a - b));
          for (const row of rows) expect(row.action).toEqual({ seq: row.seq });
          await db.close();
          open.splice(open.indexOf(db), 1);
        },
      ),
      { numRuns: 15 },
    );
  });
});
