/**
 * Copies the PGlite database of a Kibitz from before the SQLite store into the SQLite
 * store, then renames the PGlite directory `pglite.imported` (db/import-pglite.ts).
 *
 *   pnpm db:import-pglite          (from the repository root; honours KIBITZ_DATA_DIR)
 *
 * Stop the server first. The SQLite store must be new or empty.
 */
import { join, resolve } from 'node:path';
import { importPGlite } from '../src/db/import-pglite.ts';
import { prismaDir } from '../src/db/paths.ts';

const dataDir = resolve(prismaDir, '..', process.env.KIBITZ_DATA_DIR || '.data');
try {
  const { counts, renamedTo } = await importPGlite(join(dataDir, 'sqlite'));
  const copied = Object.entries(counts)
    .map(([table, count]) => `${count} ${table}`)
    .join(', ');
  console.log(
    `Imported into ${join(dataDir, 'sqlite')}: ${copied}. The PGlite directory is now ${renamedTo}.`,
  );
} catch (error) {
  console.error(`kibitz: import failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
