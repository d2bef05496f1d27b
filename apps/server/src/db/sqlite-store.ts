/**
 * The embedded store: SQLite in `<dataDir>/kibitz.db`, through better-sqlite3 and
 * Prisma's driver adapter for it, on the thread that serves the sockets. A game-log
 * statement costs a few tens of microseconds per row there (bench/FINDINGS.md, "The
 * embedded store"): less than handing it to a worker thread would.
 *
 * Durability: WAL journal, synchronous=NORMAL. A transaction is in the WAL file (the
 * operating system's cache) when its statement returns, so whatever was acknowledged
 * survives the process being killed (SIGKILL, a crash); the WAL is synced to the disk at
 * checkpoints, so a power cut or a kernel crash can lose the last transactions before
 * one (the database stays consistent: it comes back as of an earlier moment).
 * synchronous=FULL would sync on every commit, a wait of milliseconds on this thread
 * per statement (FINDINGS); PostgreSQL is the store for that (db/README.md, "Durability").
 */
import { access, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type DirectoryLock, lockDirectory } from './dir-lock.ts';
import { DatabaseLockedError, DatabaseUnreachableError, LegacyPGliteError } from './errors.ts';
import { PrismaClient } from './generated-sqlite/client.ts';
import {
  type ApplyResult,
  applyPendingMigrations,
  type MigrationSource,
  readMigrationList,
} from './migrations.ts';
import {
  JOURNAL_FILE,
  legacyPGliteDir,
  SQLITE_FILE,
  sqliteMigrationsDir,
  sqliteSchemaPath,
} from './paths.ts';
import { SqliteConnection } from './sqlite-connection.ts';
import { GameLogJournal } from './sqlite-journal.ts';
import { migrateInThread, migrationsOn, sqliteFactory } from './sqlite-migrations.ts';
import { type Database, errorText, type OpenDatabaseOptions, once } from './store.ts';

const PRAGMAS = [
  // Readers never wait for the writer; one fsync-free append per commit (see above).
  'PRAGMA journal_mode = WAL',
  'PRAGMA synchronous = NORMAL',
  // SQLite leaves foreign keys unchecked unless asked, per connection.
  'PRAGMA foreign_keys = ON',
].join('; ');

export async function openSqlite(dataDir: string, options: OpenDatabaseOptions): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  // A throwaway database is a file too, in a temporary directory: the migration engine
  // and the server each open a connection, and ':memory:' would give each its own.
  const dir = inMemory ? await mkdtemp(join(tmpdir(), 'kibitz-sqlite-')) : resolve(dataDir);
  const target = inMemory ? dataDir : dir;
  const file = join(dir, SQLITE_FILE);
  const started = performance.now();

  let lock: DirectoryLock | undefined;
  if (!inMemory && !options.importingPGlite) {
    const legacy = legacyPGliteDir(dir);
    if (await exists(join(legacy, 'PG_VERSION'))) throw new LegacyPGliteError(legacy);
  }
  try {
    await mkdir(dir, { recursive: true });
    if (!inMemory) lock = await lockDirectory(dir);
  } catch (error) {
    if (error instanceof DatabaseLockedError) throw error;
    throw new DatabaseUnreachableError(target, `cannot open the SQLite database: ${errorText(error)}`, {
      cause: error,
    });
  }
  const cleanUp = async () => {
    await lock?.release();
    if (inMemory) await rm(dir, { recursive: true, force: true });
  };

  const factory = sqliteFactory(file);
  const sources = (source: MigrationSource | undefined): MigrationSource => ({
    migrationsDir: sqliteMigrationsDir,
    schemaPath: sqliteSchemaPath,
    ...source,
  });
  const connect = async () => {
    const opened = new SqliteConnection(await factory.connect());
    try {
      await opened.executeScript(PRAGMAS);
    } catch (error) {
      await opened.dispose().catch(() => {});
      throw error;
    }
    return opened;
  };
  let connection: SqliteConnection;
  try {
    connection = await connect();
  } catch (error) {
    await cleanUp();
    throw new DatabaseUnreachableError(target, `cannot open the SQLite database: ${errorText(error)}`, {
      cause: error,
    });
  }
  const connectMs = performance.now() - started;
  const migrate = async (source: MigrationSource | undefined) => {
    // Nothing pending (every start but the first after an upgrade): the schema engine is
    // not loaded at all. Its WebAssembly stays in memory once compiled (~60 MiB RSS).
    const started = performance.now();
    if (await allApplied(connection, sources(source).migrationsDir))
      return { applied: [], durationMs: performance.now() - started };
    // Off while migrating: a migration that rebuilds a table (SQLite's way to alter one)
    // drops the old one, and with foreign keys on that would delete the rows referring to it.
    await connection.executeScript('PRAGMA foreign_keys = OFF');
    try {
      return await applyPendingMigrations(migrationsOn(connection, factory), sources(source));
    } finally {
      await connection.executeScript('PRAGMA foreign_keys = ON');
    }
  };
  let migrations: ApplyResult;
  try {
    const {
      migrationsDir = sqliteMigrationsDir,
      schemaPath = sqliteSchemaPath,
      log,
    } = sources(options.migrations);
    if (log === undefined && !(await allApplied(connection, migrationsDir))) {
      // Pending at opening: applied in a thread that ends with them (sqlite-migrations.ts),
      // on its own connection, with ours closed meanwhile (two would lock each other out).
      await connection.dispose();
      migrations = await migrateInThread({ file, migrationsDir, schemaPath });
      connection = await connect();
    } else {
      migrations = await migrate(options.migrations);
    }
  } catch (error) {
    await connection.dispose().catch(() => {});
    await cleanUp();
    throw error;
  }
  const migrationFactory = migrationsOn(connection, factory);

  let journal: GameLogJournal;
  try {
    journal = GameLogJournal.open(connection.native, join(dir, JOURNAL_FILE));
    connection.attachJournal(journal);
  } catch (error) {
    await connection.dispose().catch(() => {});
    await cleanUp();
    throw error instanceof DatabaseUnreachableError
      ? error
      : new DatabaseUnreachableError(target, `cannot open the game-log journal: ${errorText(error)}`, {
          cause: error,
        });
  }
  const prisma = new PrismaClient({ adapter: connection.factory() });
  return {
    prisma,
    kind: 'sqlite',
    target,
    migrations,
    timings: { connectMs, migrateMs: migrations.durationMs },
    adapter: migrationFactory,
    // Through the journal (sqlite-journal.ts): checked and stored at once, on this thread,
    // unless a Prisma transaction is open; folded into the tables in large transactions.
    appendLog: (rows) => connection.appendLog(rows),
    journal: journal.stats,
    writeConcurrency: 1,
    lost: new Promise<Error>(() => {}),
    migrate: (source = options.migrations) => migrate(source),
    close: once(async () => {
      await prisma.$disconnect();
      await connection.dispose();
      await cleanUp();
    }),
  };
}

/** Whether every committed migration is recorded as applied, and none as failed or rolled back. */
async function allApplied(connection: SqliteConnection, migrationsDir: string | undefined): Promise<boolean> {
  const table = await connection.queryRaw({
    sql: `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'`,
    args: [],
    argTypes: [],
  });
  if (Number(table.rows[0]?.[0]) !== 1) return false;
  const recorded = await connection.queryRaw({
    sql: 'SELECT migration_name, finished_at IS NOT NULL AND rolled_back_at IS NULL FROM _prisma_migrations',
    args: [],
    argTypes: [],
  });
  const done = new Set(recorded.rows.filter((row) => Number(row[1]) === 1).map((row) => String(row[0])));
  if (done.size !== recorded.rows.length) return false; // a failed migration: the engine reports it
  const committed = (await readMigrationList(migrationsDir)).migrationDirectories;
  return committed.length > 0 && committed.every((migration) => done.has(migration.path));
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
