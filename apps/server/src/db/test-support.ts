/**
 * Test fixtures for the persistence layer: the back ends a suite runs against.
 *
 * PGlite always runs: one database per test file, reset between tests, copied
 * from a migrated template because creating a PGlite database costs about 3 s.
 * PostgreSQL runs when TEST_DATABASE_URL is set, e.g.
 *   TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx vitest run apps/server
 * Each suite then creates its own throwaway database on that server and drops it
 * afterwards, so parallel files and repeated runs never collide.
 */
import { createHash, randomBytes } from 'node:crypto';
import { access, cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from './database.ts';
import type { PrismaClient } from './generated/client.ts';
import { readMigrationList } from './migrations.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const POSTGRES_SKIP_REASON =
  'PostgreSQL (skipped: set TEST_DATABASE_URL to run against a real server)';
export const postgresSuiteName = TEST_DATABASE_URL ? 'PostgreSQL' : POSTGRES_SKIP_REASON;

export interface ScratchDatabase {
  /** URL of the new, empty database. */
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database on TEST_DATABASE_URL's server. */
export async function createScratchDatabase(label: string): Promise<ScratchDatabase> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `kibitz_test_${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

async function admin(fn: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}

/** A database opened for a test suite, and how to get rid of it afterwards. */
export interface TestDatabase {
  db: Database;
  /** Closes the database and deletes it. */
  dispose(): Promise<void>;
}

/**
 * A migrated PGlite database in a temporary directory, copied from a template.
 *
 * Creating a PGlite database costs about 3 s (much more on a loaded machine);
 * reopening a copy costs well under one. The template is built once, the first time
 * it is needed, in the OS temp directory, keyed by the PGlite build and the
 * migrations, so it can never be stale.
 *
 * `fencing` (default true): the game log's lease fencing, which the server leaves off on
 * PGlite (database.ts); on here by default, so the lease tests check the trigger on both
 * back ends.
 */
export async function openPGliteTestDatabase({ fencing = true } = {}): Promise<TestDatabase> {
  const template = await pgliteTemplate();
  const dir = await mkdtemp(join(tmpdir(), 'kibitz-test-db-'));
  await cp(template, join(dir, 'db'), { recursive: true });
  const db = await openDatabase({ dataDir: join(dir, 'db'), fencing });
  return {
    db,
    dispose: async () => {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A migrated database on TEST_DATABASE_URL's server, dropped by dispose(). */
export async function openPostgresTestDatabase(label: string): Promise<TestDatabase> {
  const scratch = await createScratchDatabase(label);
  const db = await openDatabase({ databaseUrl: scratch.url });
  return {
    db,
    dispose: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}

/** Copies the migrated template database to `dir` (which must not exist): a ready PGlite data directory. */
export async function copyPGliteTemplate(dir: string): Promise<void> {
  await cp(await pgliteTemplate(), dir, { recursive: true });
}

async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  // The resolved path names the installed PGlite version (pnpm store layout).
  hash.update(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (const migration of (await readMigrationList()).migrationDirectories) {
    hash.update(`\0${migration.path}\0${JSON.stringify(migration.migrationFile.content)}`);
  }
  const template = join(tmpdir(), `kibitz-pglite-template-${hash.digest('hex').slice(0, 16)}`);
  if (await exists(template)) return template;

  // Build beside it and rename into place: a concurrent test file building the
  // same template at the same time loses the rename and uses the winner's.
  const building = await mkdtemp(`${template}.building-`);
  try {
    const db = await openDatabase({ dataDir: join(building, 'db') });
    await db.close();
    await rename(join(building, 'db'), template).catch(async (error: unknown) => {
      if (!(await exists(template))) throw error;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  return template;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** Empties every table (rooms cascade to players, games, actions and chat). */
export async function resetData(prisma: PrismaClient): Promise<void> {
  await prisma.room.deleteMany();
}

/** A room with one game, for tests that need a game id. */
export async function createRoomWithGame(prisma: PrismaClient, code = `R${randomBytes(4).toString('hex')}`) {
  return prisma.room.create({
    data: {
      code,
      name: 'Test table',
      variant: 'two-handed',
      config: { variant: 'two-handed', targetScore: 1000 },
      games: {
        create: { number: 1, config: { variant: 'two-handed', targetScore: 1000 }, seed: 'seed-1' },
      },
    },
    include: { games: true },
  });
}
