import { dirname, join, resolve } from 'node:path';
import { repoRoot } from '../repo-root.ts';

/**
 * Every filesystem path of the persistence layer, in one place. From the repository's
 * root, not from this file: in the built server this module is part of
 * apps/server/dist/main.js, one folder less deep than here.
 */

/** The repository's prisma/ directory. */
export const prismaDir = join(repoRoot, 'prisma/');

/** PostgreSQL: its schema and migration history. */
export const schemaPath = join(repoRoot, 'prisma/schema.prisma');
export const migrationsDir = join(repoRoot, 'prisma/migrations/');

/** The embedded store (SQLite): its schema and migration history. */
export const sqliteSchemaPath = join(repoRoot, 'prisma/sqlite/schema.prisma');
export const sqliteMigrationsDir = join(repoRoot, 'prisma/sqlite/migrations/');

/** Where the embedded store lives when no dataDir is given (gitignored). */
export const defaultDataDir = join(repoRoot, '.data/sqlite');

/** The file of the embedded store inside its data directory (beside it: -wal and -shm). */
export const SQLITE_FILE = 'kibitz.db';
/** The game log's journal beside it (sqlite-journal.ts); not SQLite's own `-journal`. */
export const JOURNAL_FILE = 'game-log.journal';

/**
 * Where Kibitz before the SQLite store kept its embedded PGlite database: `pglite/` beside
 * the SQLite store's directory (both under KIBITZ_DATA_DIR).
 */
export function legacyPGliteDir(sqliteDataDir: string): string {
  return join(dirname(resolve(sqliteDataDir)), 'pglite');
}
