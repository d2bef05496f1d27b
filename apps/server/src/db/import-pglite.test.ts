/**
 * `pnpm db:import-pglite`: a PGlite data directory as the server before the SQLite store
 * left it (the PostgreSQL migrations applied by PGlite) is copied row for row into a new
 * SQLite store, which then opens normally; the PGlite directory is renamed, not deleted.
 */
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { DatabaseLockedError, LegacyPGliteError } from './errors.ts';
import { GameLog } from './game-log.ts';
import { importPGlite } from './import-pglite.ts';
import { applyPendingMigrations } from './migrations.ts';
import { PGliteAdapterFactory } from './pglite-adapter.ts';

const SETUP_TIMEOUT = 120_000; // creating a PGlite database takes seconds, more on a busy machine

describe('importing a PGlite directory into the SQLite store', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kibitz-import-'));
    const pglite = await PGlite.create({ dataDir: join(dir, 'pglite') });
    try {
      await applyPendingMigrations(new PGliteAdapterFactory(pglite));
      await pglite.exec(`
        INSERT INTO "Room" ("id", "code", "name", "variant", "config", "listed", "hostPlayerId", "settings", "createdAt", "updatedAt")
          VALUES ('room-1', 'ABCD', 'Kitchen table', 'two-handed', '{"variant":"two-handed","targetScore":1000}', true, 'p-1', NULL,
                  '2026-01-02 03:04:05.678', '2026-01-02 03:04:06');
        INSERT INTO "Player" ("id", "roomId", "displayName", "seat", "isBot", "botLevel", "heldUntil", "seatLeft", "createdAt")
          VALUES ('p-1', 'room-1', 'Ann', 0, false, NULL, '2026-01-02 04:00:00', true, '2026-01-02 03:04:05'),
                 ('p-2', 'room-1', 'Bot', 1, true, 'strong', NULL, false, '2026-01-02 03:04:05');
        INSERT INTO "Game" ("id", "roomId", "number", "config", "seed", "status", "result", "players", "createdAt")
          VALUES ('game-1', 'room-1', 1, '{"variant":"two-handed"}', 'seed-1', 'running', NULL, '[{"seat":0,"name":"Ann","bot":false}]', '2026-01-02 03:05:00');
        INSERT INTO "GameAction" ("gameId", "seq", "seat", "action", "epoch", "createdAt")
          VALUES ('game-1', 0, 0, '{"type":"bid","amount":50,"note":"it''s \\\\ ok"}', 3, '2026-01-02 03:05:01'),
                 ('game-1', 1, 1, '{"type":"pass"}', 3, '2026-01-02 03:05:02');
        INSERT INTO "ChatMessage" ("id", "roomId", "playerId", "text", "createdAt")
          VALUES ('c-1', 'room-1', 'p-1', 'good luck', '2026-01-02 03:05:03');
        INSERT INTO "TableLease" ("roomId", "owner", "epoch", "expiresAt")
          VALUES ('room-1', 'node/old', 3, '2026-01-02 03:06:00');
      `);
    } finally {
      await pglite.close();
    }
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is refused at start-up until imported', async () => {
    await expect(openDatabase({ dataDir: join(dir, 'sqlite') })).rejects.toBeInstanceOf(LegacyPGliteError);
  });

  it('is refused while a process holds the PGlite directory', async () => {
    const { lockDirectory } = await import('./dir-lock.ts');
    const lock = await lockDirectory(join(dir, 'pglite'));
    try {
      await expect(importPGlite(join(dir, 'sqlite'))).rejects.toBeInstanceOf(DatabaseLockedError);
      await expect(access(join(dir, 'sqlite'))).rejects.toThrow(); // nothing left behind
    } finally {
      await lock.release();
    }
  });

  it('copies every row, renames the PGlite directory, and the store then opens and carries on', async () => {
    const { counts, renamedTo } = await importPGlite(join(dir, 'sqlite'));
    expect(counts).toEqual({ Room: 1, Player: 2, Game: 1, GameAction: 2, ChatMessage: 1, TableLease: 1 });
    expect(renamedTo).toBe(join(dir, 'pglite.imported'));
    await access(join(renamedTo, 'PG_VERSION'));

    const db = await openDatabase({ dataDir: join(dir, 'sqlite') });
    try {
      const room = await db.prisma.room.findUniqueOrThrow({
        where: { code: 'ABCD' },
        include: { players: true },
      });
      expect(room).toMatchObject({
        id: 'room-1',
        config: { variant: 'two-handed', targetScore: 1000 },
        listed: true,
        settings: null,
      });
      expect(room.createdAt.toISOString()).toBe('2026-01-02T03:04:05.678Z');
      expect(
        room.players.map((p) => [p.id, p.seat, p.isBot, p.botLevel, p.seatLeft, p.heldUntil?.toISOString()]),
      ).toEqual([
        ['p-1', 0, false, null, true, '2026-01-02T04:00:00.000Z'],
        ['p-2', 1, true, 'strong', false, undefined],
      ]);
      const game = await db.prisma.game.findUniqueOrThrow({ where: { id: 'game-1' } });
      expect(game).toMatchObject({ result: null, players: [{ seat: 0, name: 'Ann', bot: false }] });
      const log = new GameLog(db.prisma, db.appendLog);
      expect((await log.loadActions('game-1')).map((a) => a.action)).toEqual([
        { type: 'bid', amount: 50, note: "it's \\ ok" },
        { type: 'pass' },
      ]);
      // The lease came along, so the log stays fenced at its epoch.
      await expect(log.record('game-1', 2, 0, { type: 'pass' }, 2)).rejects.toThrow(/another process/);
      await log.record('game-1', 2, 0, { type: 'pass' }, 3);
      expect(await db.prisma.chatMessage.count()).toBe(1);
    } finally {
      await db.close();
    }
  });
});
