/**
 * Opening the database: the embedded SQLite store by default, PostgreSQL when a URL is
 * given. Pending migrations are applied first, so the returned client always sees the
 * schema of its prisma/ schema file.
 */
import { defaultDataDir } from './paths.ts';
import { openPostgres } from './postgres-store.ts';
import { openSqlite } from './sqlite-store.ts';
import type { Database, OpenDatabaseOptions } from './store.ts';

export type { Database, OpenDatabaseOptions } from './store.ts';

/** The SQLSTATE of a PostgreSQL driver error (pg puts it in `code`), e.g. '23505'. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) ? error.code : undefined;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : openSqlite(options.dataDir ?? defaultDataDir, options);
}
