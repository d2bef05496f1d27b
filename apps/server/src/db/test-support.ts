/**
 * Test fixtures for the persistence layer: the back ends a suite runs against.
 *
 * The embedded store (SQLite) always runs: one database per test file, reset between
 * tests. PostgreSQL runs when TEST_DATABASE_URL is set, e.g.
 *   TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx vitest run apps/server
 * Each suite then creates its own throwaway database on that server and drops it
 * afterwards, so parallel files and repeated runs never collide.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Client } from './client.ts';
import { type Database, openDatabase } from './database.ts';

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
 * A migrated embedded (SQLite) database in a temporary directory of its own, deleted by
 * dispose(). Creating one costs a few tens of milliseconds (the migrations' SQL) after
 * the schema engine's first load in the process.
 */
export async function openSqliteTestDatabase(): Promise<TestDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'kibitz-test-db-'));
  const db = await openDatabase({ dataDir: join(dir, 'sqlite') });
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

/** Empties every table (rooms cascade to players, games, actions and chat). */
export async function resetData(prisma: Client): Promise<void> {
  await prisma.room.deleteMany();
}

/** A room with one game, for tests that need a game id. */
export async function createRoomWithGame(prisma: Client, code = `R${randomBytes(4).toString('hex')}`) {
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
