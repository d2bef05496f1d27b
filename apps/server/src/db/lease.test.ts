/**
 * Table leases and fencing (db/lease.ts, migration lease_fencing), on PGlite and on
 * PostgreSQL (with TEST_DATABASE_URL): the lease row's epoch is the fencing token, and
 * the database itself refuses a game-log row written under any other epoch.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { LeaseLostError } from './errors.ts';
import { GameLog } from './game-log.ts';
import { type LeaseChange, LeaseStore, Leases, leaseOwner } from './lease.ts';
import {
  createRoomWithGame,
  openPostgresTestDatabase,
  openSqliteTestDatabase,
  postgresSuiteName,
  resetData,
  TEST_DATABASE_URL,
  type TestDatabase,
} from './test-support.ts';

const SETUP_TIMEOUT = 120_000;
const TTL = 400;
const HELD = 60_000;

function describeLeases(open: () => Promise<TestDatabase>) {
  let testDb: TestDatabase | undefined;
  let db: Database;
  let roomId: string;
  let gameId: string;
  const logs = () => [new GameLog(db.prisma), new GameLog(db.prisma, db.appendLog)] as const;

  beforeAll(async () => {
    testDb = await open();
    db = testDb.db;
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await testDb?.dispose();
  });
  beforeEach(async () => {
    await resetData(db.prisma);
    const room = await createRoomWithGame(db.prisma);
    roomId = room.id;
    gameId = room.games[0]!.id;
  });

  async function storedRows() {
    return db.prisma.gameAction.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
  }

  it('gives a table to one owner at a time; another gets it, with a new epoch, once it lapses', async () => {
    // Long terms where a lease must still hold (a loaded machine is slow), a short one to lapse.
    const a = new LeaseStore(db, 'node-a', HELD);
    const b = new LeaseStore(db, 'node-b', HELD);
    expect(await a.acquire(roomId)).toEqual({ ok: true, epoch: 1 });
    const refused = await b.acquire(roomId);
    expect(refused).toMatchObject({ ok: false, owner: 'node-a' });
    if (refused.ok) throw new Error('unreachable');
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(HELD);
    // The owner may take it again (a reload): a new epoch all the same.
    expect(await a.acquire(roomId)).toEqual({ ok: true, epoch: 2 });
    const aShort = new LeaseStore(db, 'node-a', TTL);
    expect(await aShort.acquire(roomId)).toEqual({ ok: true, epoch: 3 });
    await sleep(TTL + 50);
    expect(await b.acquire(roomId)).toEqual({ ok: true, epoch: 4 });
    expect(await a.acquire(roomId)).toMatchObject({ ok: false, owner: 'node-b' });
  });

  it('a released lease is free at once, and renewal keeps a lease', async () => {
    const a = new LeaseStore(db, 'node-a', 2000);
    const b = new LeaseStore(db, 'node-b', HELD);
    await a.acquire(roomId);
    await sleep(1000);
    expect(await a.renew([roomId])).toEqual(new Map([[roomId, 1]]));
    await sleep(1100);
    // Renewed half-way: still a's after its first term.
    expect(await b.acquire(roomId)).toMatchObject({ ok: false, owner: 'node-a' });
    await a.release([roomId]);
    expect(await b.acquire(roomId)).toEqual({ ok: true, epoch: 2 });
    expect(await a.renew([roomId])).toEqual(new Map());
  });

  it('renews only the leases it is asked to: one let go is never kept alive by its old owner', async () => {
    const a = new LeaseStore(db, 'node-a', TTL);
    const b = new LeaseStore(db, 'node-b', HELD);
    await a.acquire(roomId);
    // Its row still names node-a (say, a release that failed, or that a renewal overtook),
    // but node-a no longer runs the table: renewing what it runs leaves this one to lapse.
    expect(await a.renew([])).toEqual(new Map());
    await sleep(TTL / 2);
    expect(await a.renew(['some-other-room'])).toEqual(new Map());
    await sleep(TTL / 2 + 100);
    expect(await b.acquire(roomId)).toEqual({ ok: true, epoch: 2 });
  });

  it('Leases: a lease let go stays free (neither a renewal under way nor a later one takes it back)', async () => {
    const mine = new Leases(new LeaseStore(db, 'node-a', HELD), { lost: () => {} });
    const other = new LeaseStore(db, 'node-b', HELD);
    await mine.acquire(roomId);
    const renewing = mine.renew();
    await mine.release([roomId]);
    await renewing;
    await mine.renew();
    expect(await other.acquire(roomId)).toEqual({ ok: true, epoch: 2 });
  });

  it('the database refuses a log row of an older epoch, on every write path, and stores nothing', async () => {
    const a = new LeaseStore(db, 'node-a', TTL);
    const b = new LeaseStore(db, 'node-b', TTL);
    const first = await a.acquire(roomId);
    if (!first.ok) throw new Error('no lease');
    const [viaPrisma, direct] = logs();
    await direct.record(gameId, 0, 0, { type: 'bid', amount: 100 }, first.epoch);
    await a.release([roomId]);
    const second = await b.acquire(roomId);
    if (!second.ok) throw new Error('no lease');

    for (const log of [viaPrisma, direct]) {
      await expect(log.record(gameId, 1, 1, { type: 'pass' }, first.epoch)).rejects.toBeInstanceOf(
        LeaseLostError,
      );
      await expect(
        log.recordMany([
          { gameId, seq: 1, seat: 1, action: { type: 'pass' }, epoch: second.epoch },
          { gameId, seq: 2, seat: 0, action: { type: 'pass' }, epoch: first.epoch },
        ]),
      ).rejects.toBeInstanceOf(LeaseLostError);
      // A row with no epoch at all is no way round it.
      await expect(log.record(gameId, 1, 1, { type: 'pass' })).rejects.toBeInstanceOf(LeaseLostError);
    }
    expect((await storedRows()).map((row) => [row.seq, row.epoch])).toEqual([[0, first.epoch]]);

    await direct.record(gameId, 1, 1, { type: 'pass' }, second.epoch);
    expect((await storedRows()).map((row) => [row.seq, row.epoch])).toEqual([
      [0, first.epoch],
      [1, second.epoch],
    ]);
    // A forged "newer" epoch is refused too: only the lease's own is good.
    await expect(direct.record(gameId, 2, 0, { type: 'pass' }, second.epoch + 1)).rejects.toBeInstanceOf(
      LeaseLostError,
    );
  });

  it('a game whose table never had a lease is not fenced (rows from before leases existed)', async () => {
    const [, direct] = logs();
    await direct.record(gameId, 0, 0, { type: 'pass' });
    expect(await storedRows()).toHaveLength(1);
  });

  it('Leases reports a table lost when renewal finds it taken, and when a write was fenced', async () => {
    const changes: [LeaseChange, string][] = [];
    const lost: string[] = [];
    const mine = new Leases(new LeaseStore(db, 'node-a', TTL), {
      lost: (id) => lost.push(id),
      changed: (change, id) => changes.push([change, id]),
    });
    const other = new LeaseStore(db, 'node-b', TTL);
    expect(await mine.acquire(roomId)).toEqual({ ok: true, epoch: 1 });
    await mine.renew();
    expect(lost).toEqual([]);
    // Frozen past its term (no renewal): another process takes the table.
    await sleep(TTL + 50);
    expect(await other.acquire(roomId)).toMatchObject({ ok: true, epoch: 2 });
    await mine.renew();
    expect(lost).toEqual([roomId]);
    expect(mine.epochOf(roomId)).toBeUndefined();

    // Fenced: the write path reports it; an epoch it no longer holds changes nothing.
    await sleep(TTL + 50);
    expect(await mine.acquire(roomId)).toEqual({ ok: true, epoch: 3 });
    mine.fenced(roomId, 2);
    expect(mine.epochOf(roomId)).toBe(3);
    mine.fenced(roomId, 3);
    expect(lost).toEqual([roomId, roomId]);
    expect(changes.map(([change]) => change)).toEqual(['acquired', 'lost', 'acquired', 'fenced']);
  });

  it('exclusive (the only process, on PGlite) takes a lease its previous life still held', async () => {
    const before = new LeaseStore(db, 'node-a/old', 60_000);
    expect(await before.acquire(roomId)).toEqual({ ok: true, epoch: 1 });
    const restarted = new LeaseStore(db, 'node-a/new', 60_000, true);
    expect(await restarted.acquire(roomId)).toEqual({ ok: true, epoch: 2 });
    const [, direct] = logs();
    await expect(direct.record(gameId, 0, 0, { type: 'pass' }, 1)).rejects.toBeInstanceOf(LeaseLostError);
  });

  it("a restarted node takes back its earlier run's leases at once, fencing that run, and no one else's", async () => {
    const other = (await createRoomWithGame(db.prisma)).id;
    const lookalike = (await createRoomWithGame(db.prisma)).id;
    const earlier = new LeaseStore(db, leaseOwner('node-a', 'run1'), HELD);
    expect(await earlier.acquire(roomId)).toEqual({ ok: true, epoch: 1 });
    // Another node, and one whose id merely begins like ours.
    expect(await new LeaseStore(db, leaseOwner('node-b', 'run1'), HELD).acquire(other)).toMatchObject({
      ok: true,
    });
    expect(await new LeaseStore(db, leaseOwner('node-ab', 'run1'), HELD).acquire(lookalike)).toMatchObject({
      ok: true,
    });
    const restarted = new LeaseStore(db, leaseOwner('node-a', 'run2'), HELD);
    const stranger = new LeaseStore(db, leaseOwner('node-c', 'run1'), HELD);
    // Held for a minute yet: refused before the restart takes it back.
    expect(await stranger.acquire(roomId)).toMatchObject({ ok: false });
    expect(await restarted.reclaimEarlierRuns()).toEqual([roomId]);
    // Its own run's leases are not taken again (nothing left to take).
    expect(await restarted.reclaimEarlierRuns()).toEqual([]);
    // Free at once, to this run or to any other process, under a newer epoch still.
    expect(await stranger.acquire(other)).toMatchObject({ ok: false });
    expect(await stranger.acquire(lookalike)).toMatchObject({ ok: false });
    expect(await restarted.acquire(roomId)).toEqual({ ok: true, epoch: 3 });
    // The earlier run, were it somehow alive, can neither write nor renew.
    const [, direct] = logs();
    await expect(direct.record(gameId, 0, 0, { type: 'pass' }, 1)).rejects.toBeInstanceOf(LeaseLostError);
    expect(await earlier.renew([roomId])).toEqual(new Map());
    await direct.record(gameId, 0, 0, { type: 'pass' }, 3);
  });

  it('Leases with peers: a lease whose owner is known gone is taken at once (new epoch), only from that owner and epoch', async () => {
    const dead = new LeaseStore(db, leaseOwner('node-a', 'run1'), HELD);
    expect(await dead.acquire(roomId)).toEqual({ ok: true, epoch: 1 });
    const changes: LeaseChange[] = [];
    let gone = new Set<string>();
    // Alive ones' heartbeats lapse in 700 ms unless written again.
    const peers = { lapsesIn: async (owner: string) => (gone.has(owner) ? 0 : 700) };
    const mine = new Leases(
      new LeaseStore(db, leaseOwner('node-b', 'run1'), HELD),
      { lost: () => {}, changed: (change) => changes.push(change) },
      () => {},
      peers,
    );
    // Its owner is alive (as far as anyone can tell): refused, to try again once its
    // heartbeat could have lapsed (rather than its lease, a minute away).
    const refused = await mine.acquire(roomId);
    expect(refused).toMatchObject({ ok: false, owner: dead.owner, epoch: 1 });
    expect(!refused.ok && refused.retryAfterMs).toBeGreaterThanOrEqual(700);
    expect(!refused.ok && refused.retryAfterMs).toBeLessThan(1000);
    gone = new Set([dead.owner]);
    expect(await mine.acquire(roomId)).toEqual({ ok: true, epoch: 2 });
    expect(changes).toEqual(['acquired', 'taken-over']);
    // The gone owner can neither write nor renew any more.
    const [, direct] = logs();
    await expect(direct.record(gameId, 0, 0, { type: 'pass' }, 1)).rejects.toBeInstanceOf(LeaseLostError);
    expect(await dead.renew([roomId])).toEqual(new Map());
    // Taken only from the owner and epoch seen: one that changed meanwhile is left alone.
    const third = new LeaseStore(db, leaseOwner('node-c', 'run1'), HELD);
    expect(await third.takeFrom(roomId, dead.owner, 1)).toMatchObject({ ok: false, owner: mine.store.owner });
    expect(mine.epochOf(roomId)).toBe(2);
  });
}

describe('leases on PGlite', () => {
  describeLeases(openSqliteTestDatabase);
});

describe.skipIf(!TEST_DATABASE_URL)(`leases on ${postgresSuiteName}`, () => {
  describeLeases(() => openPostgresTestDatabase('lease'));
});
