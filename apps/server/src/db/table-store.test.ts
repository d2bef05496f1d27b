/**
 * Fencing of a table's writes other than its log (table-store.ts `fencedBy`): a process
 * whose lease on a table was taken over writes none of its players, seats, holds,
 * settings, games, results or chat; the process that holds the lease now writes them all.
 * On PostgreSQL (where several processes share the tables) and on PGlite (the same SQL).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { LeaseStore } from './lease.ts';
import { TableFencedError, TableStore } from './table-store.ts';
import {
  createRoomWithGame,
  openPostgresTestDatabase,
  openSqliteTestDatabase,
  postgresSuiteName,
  resetData,
  TEST_DATABASE_URL,
  type TestDatabase,
} from './test-support.ts';

const HELD = 60_000;

function describeFencing(open: () => Promise<TestDatabase>) {
  let testDb: TestDatabase | undefined;
  let db: Database;
  let roomId: string;
  let gameId: string;
  let hostId: string;

  beforeAll(async () => {
    testDb = await open();
    db = testDb.db;
  }, 120_000);
  afterAll(async () => {
    await testDb?.dispose();
  });
  beforeEach(async () => {
    await resetData(db.prisma);
    const room = await createRoomWithGame(db.prisma);
    roomId = room.id;
    gameId = room.games[0]!.id;
    hostId = randomUUID();
    await new TableStore(db).addPlayer(roomId, {
      id: hostId,
      displayName: 'Host',
      seat: 0,
      isBot: false,
    });
  });

  /** Every kind of write a table makes besides its log, through `store`. */
  const writes = (store: TableStore) => ({
    'add-player': () =>
      store.addPlayer(roomId, { id: randomUUID(), displayName: 'Guest', seat: null, isBot: false }),
    'set-seats': () => store.setSeats([{ playerId: hostId, seat: 1 }]),
    'set-hold': () => store.setHold(hostId, new Date(Date.now() + 60_000), false),
    'remove-player': () => store.removePlayer(hostId),
    'update-room': () => store.updateRoom(roomId, { name: 'Renamed' }),
    'create-game': () =>
      store.createGame({
        id: randomUUID(),
        roomId,
        number: 2,
        config: { variant: 'two-handed', targetScore: 1000 },
        seed: 'seed-2',
        players: [],
      }),
    'finish-game': () => store.finishGame(gameId, { winner: 0 }),
    'add-chat': () => store.addChat(roomId, hostId, 'hello'),
  });

  /** What those writes change, to show a refused one changed nothing. */
  async function snapshot() {
    const room = await db.prisma.room.findUniqueOrThrow({
      where: { id: roomId },
      include: { players: { orderBy: { createdAt: 'asc' } }, games: { orderBy: { number: 'asc' } } },
    });
    const chat = await db.prisma.chatMessage.count({ where: { roomId } });
    return {
      name: room.name,
      players: room.players.map((p) => [p.id, p.seat, p.heldUntil?.getTime() ?? null, p.removedAt !== null]),
      games: room.games.map((g) => [g.id, g.status]),
      chat,
    };
  }

  it('refuses every write of a process whose lease was taken over, tells it, and changes nothing', async () => {
    const a = new LeaseStore(db, 'node-a', HELD);
    const b = new LeaseStore(db, 'node-b', HELD);
    const first = await a.acquire(roomId);
    if (!first.ok) throw new Error('no lease');
    let told = 0;
    const old = new TableStore(db).fencedBy(roomId, first.epoch, () => told++);
    // While it holds the lease, its writes go through.
    await old.updateRoom(roomId, { name: 'Still mine' });
    await old.addChat(roomId, hostId, 'mine');
    await a.release([roomId]);
    const second = await b.acquire(roomId);
    if (!second.ok) throw new Error('no lease');

    const before = await snapshot();
    const kinds = Object.entries(writes(old));
    for (const [kind, write] of kinds) {
      const error = await write().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, kind).toBeInstanceOf(TableFencedError);
    }
    expect(told).toBe(kinds.length);
    expect(await snapshot()).toEqual(before);

    // The new owner writes them all.
    const now = new TableStore(db).fencedBy(roomId, second.epoch);
    for (const [kind, write] of Object.entries(writes(now)))
      await expect(write(), kind).resolves.toBeUndefined();
    const after = await snapshot();
    expect(after.name).toBe('Renamed');
    expect(after.chat).toBe(before.chat + 1);
    expect(after.games).toHaveLength(2);
  });

  it('a forged newer epoch is refused too, and a room that never had a lease is not fenced', async () => {
    const a = new LeaseStore(db, 'node-a', HELD);
    const lease = await a.acquire(roomId);
    if (!lease.ok) throw new Error('no lease');
    const forged = new TableStore(db).fencedBy(roomId, lease.epoch + 1);
    await expect(forged.addChat(roomId, hostId, 'forged')).rejects.toBeInstanceOf(TableFencedError);

    const other = await createRoomWithGame(db.prisma);
    const unleased = new TableStore(db).fencedBy(other.id, 7);
    await expect(unleased.updateRoom(other.id, { name: 'No lease here' })).resolves.toBeUndefined();
  });
}

describe('fencing of table writes on PGlite', () => {
  describeFencing(openSqliteTestDatabase);
});

describe.skipIf(!TEST_DATABASE_URL)(`fencing of table writes on ${postgresSuiteName}`, () => {
  describeFencing(() => openPostgresTestDatabase('table_store'));
});
