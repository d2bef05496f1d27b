/**
 * `pnpm db:import-pglite`: copies the PGlite database of a Kibitz from before the SQLite
 * store (`<KIBITZ_DATA_DIR>/pglite`) into the SQLite store (`<KIBITZ_DATA_DIR>/sqlite`),
 * then renames the PGlite directory `pglite.imported` (nothing is deleted). PGlite is
 * loaded here only, on demand: the server never loads it.
 *
 * The SQLite store must be new or empty (no rooms): two histories are never merged. If
 * anything fails, a store this command created is removed again and the PGlite directory
 * is left as it was, so the command can simply be run again.
 */
import { access, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { lockDirectory } from './dir-lock.ts';
import { DatabaseConfigError } from './errors.ts';
import { Prisma } from './generated-sqlite/client.ts';
import { legacyPGliteDir } from './paths.ts';
import { openSqlite } from './sqlite-store.ts';
import type { Database } from './store.ts';

type RoomRow = Prisma.RoomCreateManyInput;
type PlayerRow = Prisma.PlayerCreateManyInput;
type GameRow = Prisma.GameCreateManyInput;
type GameActionRow = Prisma.GameActionCreateManyInput;
type ChatMessageRow = Prisma.ChatMessageCreateManyInput;
type TableLeaseRow = Prisma.TableLeaseCreateManyInput;

/** How many rows of each table were copied. */
export type ImportCounts = Record<(typeof TABLES)[number], number>;

/** In the order their foreign keys need; leases last, so no log row is fenced on the way in. */
const TABLES = ['Room', 'Player', 'Game', 'GameAction', 'ChatMessage', 'TableLease'] as const;
const BATCH = 500;

type Row = Record<string, unknown>;

export async function importPGlite(sqliteDir: string): Promise<{ counts: ImportCounts; renamedTo: string }> {
  const pgliteDir = legacyPGliteDir(sqliteDir);
  if (!(await exists(join(pgliteDir, 'PG_VERSION'))))
    throw new DatabaseConfigError(`No PGlite database in ${pgliteDir}: nothing to import`);
  const storeExisted = await exists(sqliteDir);
  // The old server locked its directory the same way: refused while one still runs on it.
  const lock = await lockDirectory(pgliteDir);
  let db: Database | undefined;
  try {
    db = await openSqlite(sqliteDir, { importingPGlite: true });
    if ((await db.prisma.room.count()) > 0)
      throw new DatabaseConfigError(
        `The SQLite store ${sqliteDir} already holds tables: import into a new one (move it away first)`,
      );
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create({ dataDir: pgliteDir });
    let counts: ImportCounts;
    try {
      counts = await copyTables(db, (sql) => pglite.query<Row>(sql).then((result) => result.rows));
    } finally {
      await pglite.close();
    }
    await db.close();
    await lock.release();
    const renamedTo = `${pgliteDir}.imported`;
    await rename(pgliteDir, renamedTo);
    return { counts, renamedTo };
  } catch (error) {
    await db?.close();
    if (!storeExisted) await rm(sqliteDir, { recursive: true, force: true });
    throw error;
  } finally {
    await lock.release();
  }
}

async function copyTables(db: Database, read: (sql: string) => Promise<Row[]>): Promise<ImportCounts> {
  const counts = {} as ImportCounts;
  for (const table of TABLES) {
    const rows = await read(`SELECT * FROM "${table}"`);
    for (let start = 0; start < rows.length; start += BATCH) {
      await insert(db, table, rows.slice(start, start + BATCH));
    }
    counts[table] = rows.length;
  }
  return counts;
}

/**
 * Through Prisma, which turns PGlite's values (Date, parsed JSON) into the SQLite store's.
 * The rows are the model's own columns (same schema, same migrations up to the last
 * PGlite release); a JSON column that is SQL NULL must be given to Prisma as DbNull.
 */
function insert(db: Database, table: (typeof TABLES)[number], rows: Row[]): Promise<unknown> {
  const { prisma } = db;
  switch (table) {
    case 'Room':
      return prisma.room.createMany({ data: rows.map((row) => dbNulls(row, 'settings')) as RoomRow[] });
    case 'Player':
      return prisma.player.createMany({ data: rows as PlayerRow[] });
    case 'Game':
      return prisma.game.createMany({
        data: rows.map((row) => dbNulls(row, 'result', 'players')) as GameRow[],
      });
    case 'GameAction':
      return prisma.gameAction.createMany({ data: rows as GameActionRow[] });
    case 'ChatMessage':
      return prisma.chatMessage.createMany({ data: rows as ChatMessageRow[] });
    case 'TableLease':
      return prisma.tableLease.createMany({ data: rows as TableLeaseRow[] });
  }
}

function dbNulls(row: Row, ...jsonColumns: string[]): Row {
  const copy = { ...row };
  for (const column of jsonColumns) if (copy[column] === null) copy[column] = Prisma.DbNull;
  return copy;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
