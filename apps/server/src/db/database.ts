/**
 * Opening the database: embedded PGlite by default, PostgreSQL when a URL is given.
 * Pending migrations are applied first, so the returned client always sees the
 * schema of prisma/schema.prisma.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { DatabaseConfigError, DatabaseLockedError, DatabaseUnreachableError, redactUrl } from './errors.ts';
import { PrismaClient } from './generated/client.ts';
import { type ApplyResult, applyPendingMigrations, type MigrationSource } from './migrations.ts';
import { defaultDataDir } from './paths.ts';
import { PgAdapterFactory } from './pg-adapter.ts';
import { type DirectoryLock, lockDirectory } from './pglite-lock.ts';
import { PGliteThread } from './pglite-thread.ts';

export interface OpenDatabaseOptions {
  /**
   * postgres:// or postgresql:// URL of a PostgreSQL server. When set, PostgreSQL is
   * used through @prisma/adapter-pg; `?schema=name` selects a schema other than
   * `public` (created if missing). The caller decides where it comes from
   * (typically the DATABASE_URL environment variable).
   */
  databaseUrl?: string | undefined;
  /**
   * Directory of the embedded PGlite database (created if missing), or
   * 'memory://' for a throwaway in-memory one. Ignored when databaseUrl is set.
   * Default: <repo>/.data/pglite.
   */
  dataDir?: string | undefined;
  /** PostgreSQL only: give up connecting after this long. Default 10 s. */
  connectTimeoutMs?: number | undefined;
  /** Where migrations and schema are read from; defaults to the repository's prisma/. */
  migrations?: MigrationSource | undefined;
  /**
   * PGlite only: whether the game log refuses rows written under another lease epoch (the
   * lease_fencing migration's trigger). Default false: a PGlite directory is open in one
   * process at a time (pglite-lock.ts), so no other process can take a table over and
   * nobody is there to fence; and the trigger is the dearest part of storing a row
   * (measured on PGlite, 15-row INSERTs: ~180-220 us of CPU per row with it, ~125-145
   * without). PostgreSQL always fences: several processes share it (issue 11).
   */
  fencing?: boolean | undefined;
}

export interface Database {
  prisma: PrismaClient;
  kind: 'pglite' | 'postgres';
  /** Where the data lives: the PGlite directory, or the URL without its password. */
  target: string;
  /** What opening did to the schema. */
  migrations: ApplyResult;
  /** Milliseconds spent opening the database and applying migrations. */
  timings: { connectMs: number; migrateMs: number };
  /** The driver adapter factory Prisma and the migration engine use. */
  adapter: SqlMigrationAwareDriverAdapterFactory;
  /**
   * Runs one statement straight on the driver (PGlite, or a small pool of its own on
   * PostgreSQL), past Prisma: for the game log's hot path, where Prisma's raw query costs
   * several times the statement itself. With no parameters it goes as a simple query.
   * Driver errors carry their SQLSTATE in `code` (see `sqlState`).
   */
  execute: SqlExecutor;
  /**
   * How many `execute` statements are worth having under way at once: PGlite runs one
   * at a time whatever we do; PostgreSQL runs one per connection of the hot path's pool.
   */
  writeConcurrency: number;
  /**
   * Settles if the database is lost for good in this process (the PGlite thread died);
   * never for PostgreSQL, whose pool replaces dropped connections.
   */
  lost: Promise<Error>;
  /** Applies migrations again (a no-op unless new ones appeared on disk). */
  migrate(source?: MigrationSource): Promise<ApplyResult>;
  /** Disconnects Prisma and closes the database. Safe to call twice. */
  close(): Promise<void>;
}

export type SqlExecutor = (sql: string, params: readonly unknown[]) => Promise<void>;

/** The SQLSTATE of a driver error (PGlite and pg both put it in `code`), e.g. '23505'. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) ? error.code : undefined;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : openPGlite(options.dataDir ?? defaultDataDir, options);
}

async function openPGlite(dataDir: string, options: OpenDatabaseOptions): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const target = inMemory ? dataDir : resolve(dataDir);
  const started = performance.now();
  let thread: PGliteThread;
  let lock: DirectoryLock | undefined;
  try {
    if (!inMemory) {
      await mkdir(target, { recursive: true });
      lock = await lockDirectory(target);
    }
    // In a thread of its own: a statement holds the thread it runs in (pglite-thread.ts).
    thread = await PGliteThread.open(target);
  } catch (error) {
    if (error instanceof DatabaseLockedError) throw error;
    await lock?.release();
    throw new DatabaseUnreachableError(target, `cannot open the PGlite database: ${errorText(error)}`, {
      cause: error,
    });
  }
  const connectMs = performance.now() - started;

  let adapter = thread.adapterFactory();
  let migrations: ApplyResult;
  try {
    migrations = await applyPendingMigrations(adapter, options.migrations);
    if (thread.created) {
      // Creating the database (initdb) leaves its thread holding about twice the memory a
      // reopened one needs (measured ~1 GB against ~520 MB RSS): start it afresh, once.
      await thread.close();
      thread = await PGliteThread.open(target);
      adapter = thread.adapterFactory();
    }
  } catch (error) {
    await thread.close().catch(() => {});
    await lock?.release();
    throw error;
  }

  const fencing = options.fencing ?? false;
  try {
    await setFencing(thread, fencing);
  } catch (error) {
    await thread.close().catch(() => {});
    await lock?.release();
    throw error;
  }
  const prisma = new PrismaClient({ adapter });
  return {
    prisma,
    kind: 'pglite',
    target,
    migrations,
    timings: { connectMs, migrateMs: migrations.durationMs },
    adapter,
    execute: (sql, params) => thread.execute(sql, params),
    writeConcurrency: 1,
    lost: thread.lost,
    migrate: async (source = options.migrations) => {
      const applied = await applyPendingMigrations(adapter, source);
      // A migration may have made the trigger anew.
      await setFencing(thread, fencing);
      return applied;
    },
    close: once(async () => {
      await prisma.$disconnect();
      await thread.close();
      await lock?.release();
    }),
  };
}

const FENCING_TRIGGER = 'GameAction_lease_fencing';

/**
 * Turns the game log's fencing trigger on or off on PGlite (see OpenDatabaseOptions.fencing),
 * if the schema has it; the catalog is written only when the trigger's state changes.
 */
async function setFencing(thread: PGliteThread, on: boolean): Promise<void> {
  const state = on ? "'O'" : "'D'";
  await thread.execute(
    `DO $$ BEGIN
       IF EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = '${FENCING_TRIGGER}' AND tgenabled <> ${state}) THEN
         ALTER TABLE "GameAction" ${on ? 'ENABLE' : 'DISABLE'} TRIGGER "${FENCING_TRIGGER}";
       END IF;
     END $$`,
    [],
  );
}

async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): Promise<Database> {
  const target = redactUrl(databaseUrl);
  const { config, schema } = poolConfig(databaseUrl, options.connectTimeoutMs ?? 10_000);

  // Connect once up front: a clear "unreachable" error beats whatever the migration
  // engine would make of a refused connection. Also creates the schema if asked for.
  const started = performance.now();
  const probe = new pg.Client(config);
  probe.on('error', () => {}); // a late socket error must not crash the process
  try {
    await probe.connect();
    await probe.query(schema ? `CREATE SCHEMA IF NOT EXISTS "${schema}"` : 'SELECT 1');
  } catch (error) {
    throw new DatabaseUnreachableError(target, errorText(error), { cause: error });
  } finally {
    await probe.end().catch(() => {});
  }
  const connectMs = performance.now() - started;

  const adapter = new PgAdapterFactory(config, schema);
  const migrations = await applyPendingMigrations(adapter, options.migrations);
  const prisma = new PrismaClient({ adapter });
  // The hot path's own few connections, with the same session settings (search_path).
  let pool: pg.Pool | undefined;
  const HOT_PATH_CONNECTIONS = 2;
  const hotPath = () => {
    if (pool === undefined) {
      pool = new pg.Pool({ ...config, max: HOT_PATH_CONNECTIONS });
      pool.on('error', () => {}); // an idle connection dropped: the pool replaces it
    }
    return pool;
  };
  return {
    prisma,
    kind: 'postgres',
    target,
    migrations,
    timings: { connectMs, migrateMs: migrations.durationMs },
    adapter,
    execute: async (sql, params) => {
      await hotPath().query(sql, params as unknown[]);
    },
    // Measured (bench:server, 32 tables): 2 statements under way, 9,369 actions/s; 1, 7,623.
    writeConcurrency: HOT_PATH_CONNECTIONS,
    lost: new Promise<Error>(() => {}),
    migrate: (source = options.migrations) => applyPendingMigrations(adapter, source),
    close: once(async () => {
      await prisma.$disconnect();
      await pool?.end();
    }),
  };
}

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

function poolConfig(
  databaseUrl: string,
  connectTimeoutMs: number,
): { config: pg.PoolConfig; schema?: string } {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch (error) {
    throw new DatabaseConfigError(`databaseUrl is not a valid URL (${redactUrl(databaseUrl)})`, {
      cause: error,
    });
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new DatabaseConfigError(
      `databaseUrl must start with postgres:// or postgresql:// (got ${redactUrl(databaseUrl)})`,
    );
  }
  const schema = url.searchParams.get('schema') ?? undefined;
  url.searchParams.delete('schema'); // Prisma's convention; pg does not know it
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new DatabaseConfigError(`Unsupported schema name in databaseUrl: ${JSON.stringify(schema)}`);
  }
  // Session settings for every connection (ours, the migration engine's, Prisma's):
  // - TimeZone=UTC: DateTime columns are `timestamp` (no zone), which Prisma reads
  //   and writes as UTC; a server with another TimeZone would otherwise fill
  //   DEFAULT CURRENT_TIMESTAMP (raw SQL, other tools) with local wall-clock time.
  // - search_path: migrations are unqualified SQL and must land in the chosen schema.
  const sessionOptions = [url.searchParams.get('options'), '-c TimeZone=UTC'];
  if (schema !== undefined) sessionOptions.push(`-c search_path=${schema}`);
  url.searchParams.delete('options');
  return {
    config: {
      connectionString: url.toString(),
      connectionTimeoutMillis: connectTimeoutMs,
      options: sessionOptions.filter((option) => option).join(' '),
    },
    ...(schema === undefined ? {} : { schema }),
  };
}

function errorText(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    // Node reports a refused connection to every address of a host this way.
    return error.errors.map(errorText).join('; ');
  }
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    const message = error.message || error.name;
    return code && !message.includes(code) ? `${message} (${code})` : message;
  }
  return String(error);
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= fn();
    return closing;
  };
}
