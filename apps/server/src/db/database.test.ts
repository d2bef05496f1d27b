import { access, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.ts';
import {
  DatabaseConfigError,
  DatabaseUnreachableError,
  LeaseLostError,
  LegacyPGliteError,
  MigrationError,
} from './errors.ts';
import { GameLog } from './game-log.ts';
import { LeaseStore } from './lease.ts';
import { readMigrationList } from './migrations.ts';
import { legacyPGliteDir, migrationsDir, sqliteMigrationsDir } from './paths.ts';
import {
  createRoomWithGame,
  createScratchDatabase,
  postgresSuiteName,
  type ScratchDatabase,
  TEST_DATABASE_URL,
} from './test-support.ts';

const SETUP_TIMEOUT = 120_000; // creating a database can take seconds on a busy machine

const historyOf = async (dir: string) =>
  (await readMigrationList(dir)).migrationDirectories.map((directory) => directory.path);

/** What differs between the stores for these checks: their migration history, their catalog. */
interface Store {
  migrationsDir: string;
  committed: string[];
  tableExists(db: Database, name: string): Promise<boolean>;
}

const postgresStore: Store = {
  migrationsDir,
  committed: await historyOf(migrationsDir),
  tableExists: async (db, name) =>
    (
      await db.prisma.$queryRawUnsafe<{ exists: boolean }[]>(
        `SELECT to_regclass('"${name}"') IS NOT NULL AS "exists"`,
      )
    )[0]?.exists === true,
};

const sqliteStore: Store = {
  migrationsDir: sqliteMigrationsDir,
  committed: await historyOf(sqliteMigrationsDir),
  tableExists: async (db, name) =>
    (
      await db.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?`,
        name,
      )
    )[0]?.n === 1,
};

interface MigrationRow {
  migration_name: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  applied_steps_count: number;
}

function migrationRows(db: Database): Promise<MigrationRow[]> {
  return db.prisma.$queryRawUnsafe<MigrationRow[]>(
    'SELECT migration_name, finished_at, rolled_back_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
  );
}

/** Checks shared by every back end, run on a database that was just opened fresh. */
function describeFreshDatabase(open: () => Promise<Database>, store: Store) {
  const { committed } = store;
  let db: Database;
  let tmp: string;
  beforeAll(async () => {
    db = await open();
    tmp = await mkdtemp(join(tmpdir(), 'kibitz-migrations-'));
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await db?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it('applies every committed migration and records it in _prisma_migrations', async () => {
    expect(committed.length).toBeGreaterThan(0);
    expect(db.migrations.applied).toEqual(committed);
    const rows = await migrationRows(db);
    expect(rows.map((row) => row.migration_name)).toEqual(committed);
    for (const row of rows) {
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
    }
    // The schema is usable through the client.
    const room = await createRoomWithGame(db.prisma);
    expect(room.games).toHaveLength(1);
  });

  it('applies nothing when run again', async () => {
    const again = await db.migrate();
    expect(again.applied).toEqual([]);
    expect(await migrationRows(db)).toHaveLength(committed.length);
  });

  it('applies a new migration once, and a failing one not at all', async () => {
    await cp(store.migrationsDir, tmp, { recursive: true });
    const source = { migrationsDir: tmp };

    await writeMigration(tmp, '29990101000000_add_note', 'CREATE TABLE "Note" ("id" INTEGER PRIMARY KEY);\n');
    expect((await db.migrate(source)).applied).toEqual(['29990101000000_add_note']);
    expect((await db.migrate(source)).applied).toEqual([]);

    // Two statements, the second one fails: the first must not be left behind.
    await writeMigration(
      tmp,
      '29990102000000_broken',
      'CREATE TABLE "Half" ("id" INTEGER PRIMARY KEY);\nSELECT no_such_function();\n',
    );
    const failure = await db.migrate(source).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    expect(String(failure)).toMatch(/no_such_function/);
    expect(await store.tableExists(db, 'Half')).toBe(false);

    // Leave the database as the other tests expect it.
    await db.prisma.$executeRawUnsafe(
      `DELETE FROM _prisma_migrations WHERE migration_name IN ('29990101000000_add_note', '29990102000000_broken')`,
    );
    await db.prisma.$executeRawUnsafe('DROP TABLE "Note"');
  });
}

async function writeMigration(dir: string, name: string, sql: string): Promise<void> {
  const [first] = (await readMigrationList(dir)).migrationDirectories;
  await cp(join(dir, first!.path), join(dir, name), { recursive: true });
  await writeFile(join(dir, name, 'migration.sql'), sql);
}

describe('SQLite in memory', () => {
  describeFreshDatabase(() => openDatabase({ dataDir: 'memory://' }), sqliteStore);
});

describe('SQLite in a data directory', () => {
  const { committed } = sqliteStore;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kibitz-sqlite-'));
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'migrates a fresh directory, then keeps data across close and reopen',
    async () => {
      const first = await openDatabase({ dataDir: join(dataDir, 'db') });
      expect(first.kind).toBe('sqlite');
      expect(first.migrations.applied).toEqual(committed);
      const room = await createRoomWithGame(first.prisma, 'PERSIST');
      await first.close();
      await first.close(); // idempotent

      const second = await openDatabase({ dataDir: join(dataDir, 'db') });
      try {
        expect(second.migrations.applied).toEqual([]);
        const again = await second.prisma.room.findUnique({
          where: { code: 'PERSIST' },
          include: { games: true },
        });
        expect(again?.id).toBe(room.id);
        expect(again?.games.map((game) => game.seed)).toEqual(['seed-1']);
      } finally {
        await second.close();
      }
    },
    SETUP_TIMEOUT,
  );
});

describe('lease fencing on SQLite', () => {
  it('refuses a row of another epoch than its table lease, across reopening', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kibitz-fencing-'));
    try {
      const first = await openDatabase({ dataDir: join(dir, 'db') });
      const room = await createRoomWithGame(first.prisma);
      const gameId = room.games[0]!.id;
      try {
        // A game whose table never had a lease is not fenced.
        await new GameLog(first.prisma, first.appendLog).record(gameId, 0, 0, { type: 'pass' }, 7);
        const lease = await new LeaseStore(first, 'node-a', 60_000, true).acquire(room.id);
        expect(lease).toEqual({ ok: true, epoch: 1 });
      } finally {
        await first.close();
      }
      const again = await openDatabase({ dataDir: join(dir, 'db') });
      try {
        const log = new GameLog(again.prisma, again.appendLog);
        await expect(log.record(gameId, 1, 0, { type: 'pass' }, 7)).rejects.toBeInstanceOf(LeaseLostError);
        await log.record(gameId, 1, 0, { type: 'pass' }, 1);
        const rows = await again.prisma.gameAction.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
        expect(rows.map((row) => [row.seq, row.epoch])).toEqual([
          [0, 7],
          [1, 1],
        ]);
      } finally {
        await again.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a PGlite directory from an older Kibitz', () => {
  it('is refused, with one line naming the import command, and nothing is created', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kibitz-legacy-'));
    try {
      const dataDir = join(dir, 'sqlite');
      const legacy = legacyPGliteDir(dataDir);
      expect(legacy).toBe(join(dir, 'pglite'));
      // PG_VERSION is what marks a PostgreSQL (PGlite) data directory.
      await mkdir(legacy);
      await writeFile(join(legacy, 'PG_VERSION'), '17\n');
      const error = await openDatabase({ dataDir }).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(LegacyPGliteError);
      expect(String((error as Error).message)).toMatch(/pnpm db:import-pglite/);
      expect((error as Error).message).not.toMatch(/\n/);
      await expect(access(dataDir)).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)(postgresSuiteName, () => {
  let scratch: ScratchDatabase;
  beforeAll(async () => {
    scratch = await createScratchDatabase('open');
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await scratch?.drop();
  });

  describe('fresh database', () => {
    describeFreshDatabase(async () => {
      const db = await openDatabase({ databaseUrl: scratch.url });
      expect(db.kind).toBe('postgres');
      return db;
    }, postgresStore);
  });

  it('keeps data across close and reopen', async () => {
    const first = await openDatabase({ databaseUrl: scratch.url });
    expect(first.migrations.applied).toEqual([]); // migrated by the suite above
    await createRoomWithGame(first.prisma, 'PERSIST');
    await first.close();
    const second = await openDatabase({ databaseUrl: scratch.url });
    try {
      expect(await second.prisma.room.count({ where: { code: 'PERSIST' } })).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('keeps times in UTC whatever the server TimeZone', async () => {
    const database = new URL(scratch.url).pathname.slice(1);
    const setup = await openDatabase({ databaseUrl: scratch.url });
    await setup.prisma.$executeRawUnsafe(`ALTER DATABASE "${database}" SET timezone TO 'America/New_York'`);
    await setup.close();

    const db = await openDatabase({ databaseUrl: scratch.url });
    try {
      expect(await db.prisma.$queryRawUnsafe('SHOW TimeZone')).toEqual([{ TimeZone: 'UTC' }]);
      // A row filled by the column default (DEFAULT CURRENT_TIMESTAMP), as raw SQL would.
      await db.prisma.$executeRawUnsafe(
        `INSERT INTO "Room" ("id", "code", "name", "variant", "config", "updatedAt") VALUES ('tz', 'TZ', 'tz', 'v', '{}', now())`,
      );
      const room = await db.prisma.room.findUniqueOrThrow({ where: { id: 'tz' } });
      expect(Math.abs(room.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    } finally {
      await db.close();
    }
  });

  it('uses the schema named by ?schema=, creating and migrating it', async () => {
    const url = new URL(scratch.url);
    url.searchParams.set('schema', 'tenant_b');
    const db = await openDatabase({ databaseUrl: url.toString() });
    try {
      expect(db.migrations.applied).toEqual(postgresStore.committed);
      await createRoomWithGame(db.prisma, 'TENANT');
      const rows = await db.prisma.$queryRawUnsafe<{ schemaname: string }[]>(
        `SELECT schemaname FROM pg_tables WHERE tablename = 'Room' ORDER BY schemaname`,
      );
      expect(rows.map((row) => row.schemaname)).toEqual(['public', 'tenant_b']);
      expect(await db.prisma.room.count({ where: { code: 'TENANT' } })).toBe(1);
    } finally {
      await db.close();
    }
  });
});

describe('errors', () => {
  it('reports an unreachable PostgreSQL server with the URL minus its password', async () => {
    const error = await openDatabase({
      databaseUrl: 'postgresql://kibitz:hunter2@127.0.0.1:1/kibitz',
      connectTimeoutMs: 2000,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    const unreachable = error as DatabaseUnreachableError;
    expect(unreachable.code).toBe('database-unreachable');
    expect(unreachable.target).toBe('postgresql://kibitz@127.0.0.1:1/kibitz');
    expect(unreachable.message).toMatch(
      /^Database unreachable at postgresql:\/\/kibitz@127\.0\.0\.1:1\/kibitz: /,
    );
    expect(unreachable.message).toMatch(/ECONNREFUSED/);
    expect(unreachable.message).not.toMatch(/hunter2/);
  });

  it('refuses URLs that are not PostgreSQL URLs', async () => {
    await expect(openDatabase({ databaseUrl: 'mysql://root:pw@localhost/x' })).rejects.toBeInstanceOf(
      DatabaseConfigError,
    );
    await expect(openDatabase({ databaseUrl: 'not a url' })).rejects.toBeInstanceOf(DatabaseConfigError);
    await expect(
      openDatabase({ databaseUrl: 'postgresql://localhost/x?schema=bad"name' }),
    ).rejects.toBeInstanceOf(DatabaseConfigError);
  });

  it('reports a data directory that cannot be created', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kibitz-blocked-'));
    try {
      await writeFile(join(dir, 'file'), 'not a directory');
      await expect(openDatabase({ dataDir: join(dir, 'file', 'db') })).rejects.toBeInstanceOf(
        DatabaseUnreachableError,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
