/**
 * PostgreSQL through @prisma/adapter-pg: the store for anyone who sets DATABASE_URL, and
 * for several processes (leases, fencing, Redis).
 */
import pg from 'pg';
import { DatabaseConfigError, DatabaseUnreachableError, redactUrl } from './errors.ts';
import { PrismaClient } from './generated/client.ts';
import { appendError, postgresInsert } from './log-append.ts';
import { applyPendingMigrations } from './migrations.ts';
import { PgAdapterFactory } from './pg-adapter.ts';
import { type Database, errorText, type OpenDatabaseOptions, once } from './store.ts';

export async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): Promise<Database> {
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
    appendLog: async (rows) => {
      const sql = postgresInsert(rows);
      try {
        // No parameters: the simple query protocol, one round trip.
        await hotPath().query(sql);
      } catch (error) {
        throw appendError(error, rows);
      }
    },
    // Measured (bench:server, 32 tables): 2 statements under way, 9,369 actions/s; 1, 7,623.
    journal: null,
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
