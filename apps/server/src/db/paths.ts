import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every filesystem path of the persistence layer, in one place (a bundled build rewrites
 * them here only).
 */

/** The repository's prisma/ directory. */
export const prismaDir = fileURLToPath(new URL('../../../../prisma/', import.meta.url));

/** PostgreSQL: its schema and migration history. */
export const schemaPath = fileURLToPath(new URL('../../../../prisma/schema.prisma', import.meta.url));
export const migrationsDir = fileURLToPath(new URL('../../../../prisma/migrations/', import.meta.url));

/** The embedded store (SQLite): its schema and migration history. */
export const sqliteSchemaPath = fileURLToPath(
  new URL('../../../../prisma/sqlite/schema.prisma', import.meta.url),
);
export const sqliteMigrationsDir = fileURLToPath(
  new URL('../../../../prisma/sqlite/migrations/', import.meta.url),
);

/** Where the embedded store lives when no dataDir is given (gitignored). */
export const defaultDataDir = fileURLToPath(new URL('../../../../.data/sqlite', import.meta.url));

/** The file of the embedded store inside its data directory (beside it: -wal and -shm). */
export const SQLITE_FILE = 'kibitz.db';

/**
 * Where Kibitz before the SQLite store kept its embedded PGlite database: `pglite/` beside
 * the SQLite store's directory (both under KIBITZ_DATA_DIR).
 */
export function legacyPGliteDir(sqliteDataDir: string): string {
  return join(dirname(resolve(sqliteDataDir)), 'pglite');
}
