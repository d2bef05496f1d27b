import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { DuplicateActionError, GameNotFoundError } from './errors.ts';
import { GameLog, sqlInteger, sqlString } from './game-log.ts';
import {
  createRoomWithGame,
  openPostgresTestDatabase,
  openSqliteTestDatabase,
  postgresSuiteName,
  resetData,
  TEST_DATABASE_URL,
  type TestDatabase,
} from './test-support.ts';

const SETUP_TIMEOUT = 120_000; // creating a PGlite database takes seconds, more on a busy machine

/** One database per back end for the whole file, emptied before each test. */
function describeGameLog(open: () => Promise<TestDatabase>) {
  let testDb: TestDatabase | undefined;
  let db: Database;
  let log: GameLog;
  /** The same log with the hot path straight on the driver, as the game server uses it. */
  let direct: GameLog;
  let gameId: string;

  beforeAll(async () => {
    testDb = await open();
    db = testDb.db;
    log = new GameLog(db.prisma);
    direct = new GameLog(db.prisma, db.appendLog);
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await testDb?.dispose();
  });
  beforeEach(async () => {
    await resetData(db.prisma);
    const room = await createRoomWithGame(db.prisma);
    gameId = room.games[0]!.id;
  });

  it('returns the actions in seq order, whatever the order they were stored in', async () => {
    await log.appendAction(gameId, 2, 1, { type: 'play', card: 'AS' });
    await log.appendAction(gameId, 0, 0, { type: 'bid', amount: 250 });
    await log.appendAction(gameId, 1, 1, { type: 'pass' });

    const actions = await log.loadActions(gameId);
    expect(actions.map(({ seq, seat, action }) => ({ seq, seat, action }))).toEqual([
      { seq: 0, seat: 0, action: { type: 'bid', amount: 250 } },
      { seq: 1, seat: 1, action: { type: 'pass' } },
      { seq: 2, seat: 1, action: { type: 'play', card: 'AS' } },
    ]);
    expect(actions[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('refuses a duplicate (gameId, seq) with a typed error and keeps the first action', async () => {
    const stored = await log.appendAction(gameId, 0, 0, { type: 'bid', amount: 250 });
    expect(stored).toMatchObject({ seq: 0, seat: 0, action: { type: 'bid', amount: 250 } });

    const error = await log.appendAction(gameId, 0, 1, { type: 'bid', amount: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateActionError);
    expect(error).toMatchObject({ code: 'duplicate-action', gameId, seq: 0 });

    const actions = await log.loadActions(gameId);
    expect(actions).toHaveLength(1);
    expect(actions[0]?.action).toEqual({ type: 'bid', amount: 250 });
  });

  it('lets exactly one of two racing appends of the same seq win', async () => {
    const results = await Promise.allSettled([
      log.appendAction(gameId, 0, 0, { type: 'bid', amount: 250 }),
      log.appendAction(gameId, 0, 1, { type: 'bid', amount: 260 }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((result) => result.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.reason).toBeInstanceOf(DuplicateActionError);
    expect(await log.loadActions(gameId)).toHaveLength(1);
  });

  it('keeps the logs of different games apart', async () => {
    const other = await createRoomWithGame(db.prisma);
    const otherGameId = other.games[0]!.id;
    await log.appendAction(gameId, 0, 0, { type: 'pass' });
    await log.appendAction(otherGameId, 0, 0, { type: 'bid', amount: 300 }); // same seq, other game: fine
    expect((await log.loadActions(otherGameId)).map((a) => a.action)).toEqual([{ type: 'bid', amount: 300 }]);
    expect(await log.loadActions('no-such-game')).toEqual([]);
  });

  it('refuses an action for an unknown game', async () => {
    await expect(log.appendAction('no-such-game', 0, 0, { type: 'pass' })).rejects.toBeInstanceOf(
      GameNotFoundError,
    );
  });

  for (const [how, fast] of [
    ['through Prisma', () => log],
    ['straight on the driver', () => direct],
  ] as const) {
    it(`records actions on the fast path ${how}, with the same guarantees`, async () => {
      await fast().record(gameId, 0, 2, { type: 'play', card: 'TS' });
      await fast().record(gameId, 1, 0, { type: 'bid', amount: 300 });
      const error = await fast()
        .record(gameId, 1, 1, { type: 'pass' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateActionError);
      expect(error).toMatchObject({ gameId, seq: 1 });
      await expect(fast().record('no-such-game', 0, 0, { type: 'pass' })).rejects.toBeInstanceOf(
        GameNotFoundError,
      );
      const actions = await fast().loadActions(gameId);
      expect(actions.map(({ seq, seat, action }) => ({ seq, seat, action }))).toEqual([
        { seq: 0, seat: 2, action: { type: 'play', card: 'TS' } },
        { seq: 1, seat: 0, action: { type: 'bid', amount: 300 } },
      ]);
    });

    it(`stores any JSON ${how} exactly, quotes and backslashes included`, async () => {
      const awkward = {
        type: 'note',
        text: `it's a \\ "quote" \\' ''; DROP TABLE "GameAction"; -- $1 E'x' ♠ \u2028 \n`,
        nested: [{ a: "'" }, '\\', null, 1.5],
      };
      await fast().recordMany([
        { gameId, seq: 0, seat: 1, action: awkward },
        { gameId, seq: 1, seat: 2, action: { type: 'pass' } },
      ]);
      await fast().record(gameId, 2, 0, awkward);
      const actions = await fast().loadActions(gameId);
      expect(actions.map((a) => a.action)).toEqual([awkward, { type: 'pass' }, awkward]);
    });

    it(`records several actions in one statement ${how}, all or nothing`, async () => {
      const other = (await createRoomWithGame(db.prisma)).games[0]!.id;
      await fast().recordMany([
        { gameId, seq: 0, seat: 0, action: { type: 'pass' } },
        { gameId: other, seq: 0, seat: 1, action: { type: 'bid', amount: 250 } },
        { gameId, seq: 1, seat: 1, action: { type: 'pass' } },
      ]);
      const error = await fast()
        .recordMany([
          { gameId, seq: 2, seat: 2, action: { type: 'pass' } },
          { gameId: other, seq: 0, seat: 1, action: { type: 'pass' } },
        ])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateActionError);
      expect((await fast().loadActions(gameId)).map((a) => a.seq)).toEqual([0, 1]);
      expect((await fast().loadActions(other)).map((a) => a.action)).toEqual([{ type: 'bid', amount: 250 }]);
    });
  }

  it('lists running games only, oldest first', async () => {
    const room = await db.prisma.room.findFirstOrThrow({ include: { games: true } });
    await db.prisma.game.createMany({
      data: [
        { roomId: room.id, number: 2, config: {}, seed: 's2', status: 'finished', finishedAt: new Date() },
        { roomId: room.id, number: 3, config: {}, seed: 's3', status: 'abandoned' },
        // Older than game 1 (created by beforeEach just now).
        { roomId: room.id, number: 4, config: {}, seed: 's4', createdAt: new Date(Date.now() - 60_000) },
      ],
    });
    const unfinished = await log.listUnfinishedGames();
    expect(unfinished.map((game) => [game.number, game.seed])).toEqual([
      [4, 's4'],
      [1, 'seed-1'],
    ]);
    expect(unfinished[1]?.id).toBe(gameId);
  });
}

describe('SQL literals', () => {
  it('escape quotes and backslashes, and refuse what cannot be written', () => {
    expect(sqlString("it's")).toBe("E'it''s'");
    expect(sqlString('a\\b')).toBe("E'a\\\\b'");
    expect(sqlString('')).toBe("E''");
    expect(() => sqlString('nul\0')).toThrow(/NUL/);
    expect(sqlInteger(42)).toBe('42');
    expect(sqlInteger(-1)).toBe('-1');
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(() => sqlInteger(bad)).toThrow();
  });
});

describe('GameLog on PGlite', () => {
  describeGameLog(openSqliteTestDatabase);
});

describe.skipIf(!TEST_DATABASE_URL)(postgresSuiteName, () => {
  describeGameLog(() => openPostgresTestDatabase('log'));
});
