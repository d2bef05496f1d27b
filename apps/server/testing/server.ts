/**
 * A game server for tests: on a random loopback port, silent, with short timers, over
 * an embedded SQLite database of its own (or a scratch PostgreSQL one).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyGameView, ClientPayloadInput } from '@kibitz/protocol';
import type { GameView } from '@kibitz/rules/pinochle';
import { type KibitzServer, type StartOptions, startServer } from '../src/app.ts';
import type { Database } from '../src/db/index.ts';
import {
  openPostgresTestDatabase,
  openSqliteTestDatabase,
  type TestDatabase,
} from '../src/db/test-support.ts';
import { TestClient } from './clients.ts';

export const SETUP_TIMEOUT = 120_000;
export const TEST_SECRET = 'kibitz-test-secret-0123456789';

export function testOptions(database: Database, dataDir: string, overrides: StartOptions = {}): StartOptions {
  return {
    port: 0,
    host: '127.0.0.1',
    database,
    dataDir,
    secret: TEST_SECRET,
    logging: false,
    ...overrides,
    timing: { botDelayMs: 0, secondMs: 10, ...overrides.timing },
    sockets: { eventsPerSecond: 100_000, eventBurst: 100_000, ...overrides.sockets },
    // Every test client comes from loopback: raise the per-address limits out of the way.
    limits: { connectionsPerMinute: 100_000, tablesPerMinute: 100_000, ...overrides.limits },
    // No bot pool unless a test asks for one: each pool compiles the bots in a thread (about
    // a second of CPU), and most tests seat bots only to fill seats (they play the heuristic).
    bots: { threads: 0, ...overrides.bots },
  };
}

export interface TestServer {
  server: KibitzServer;
  testDb: TestDatabase;
  dataDir: string;
  /** Starts another server process-in-process on the same database (after `server.close()`). */
  restart(overrides?: StartOptions): Promise<KibitzServer>;
  dispose(): Promise<void>;
}

export async function startTestServer(
  overrides: StartOptions = {},
  backend: 'sqlite' | 'postgres' = 'sqlite',
): Promise<TestServer> {
  const testDb =
    backend === 'sqlite' ? await openSqliteTestDatabase() : await openPostgresTestDatabase('server');
  const dataDir = await mkdtemp(join(tmpdir(), 'kibitz-server-'));
  const handle: TestServer = {
    server: await startServer(testOptions(testDb.db, dataDir, overrides)),
    testDb,
    dataDir,
    async restart(again = overrides) {
      handle.server = await startServer(testOptions(testDb.db, dataDir, again));
      return handle.server;
    },
    async dispose() {
      await handle.server.close();
      await testDb.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}

export interface OpenedTable<V extends AnyGameView = GameView> {
  code: string;
  host: TestClient<V>;
  hostId: string;
  token: string;
}

/**
 * A client that opens a table and becomes its host. The server seats whoever opens a
 * table in seat 0; unless `hostSeated`, the host stands up again at once (before any
 * game, so the seat opens), which is how most tests want it: a host looking on while
 * guests and bots play.
 */
export async function openTable<V extends AnyGameView = GameView>(
  url: string,
  config: ClientPayloadInput<'create-table'>['config'],
  extra: Partial<ClientPayloadInput<'create-table'>> = {},
  options: { hostSeated?: boolean } = {},
): Promise<OpenedTable<V>> {
  const host = await TestClient.connect<V>(url);
  const reply = await host.request('create-table', {
    name: 'Test table',
    config,
    displayName: 'Host',
    ...extra,
  });
  if (!reply.ok) throw new Error(`create-table refused: ${reply.code} ${reply.message}`);
  if (!options.hostSeated) {
    const stood = await host.request('leave-seat');
    if (!stood.ok) throw new Error(`leave-seat refused: ${stood.code} ${stood.message}`);
  }
  return { code: reply.table, host, hostId: reply.playerId!, token: reply.token! };
}

/** A named guest who joins and (optionally) sits down. */
export async function joinTable<V extends AnyGameView = GameView>(
  url: string,
  code: string,
  name: string,
  seat?: number,
): Promise<{ client: TestClient<V>; playerId: string; token: string }> {
  const client = await TestClient.connect<V>(url);
  const reply = await client.request('join', {
    code,
    displayName: name,
  });
  if (!reply.ok) throw new Error(`join refused: ${reply.code} ${reply.message}`);
  if (seat !== undefined) {
    const sat = await client.request('take-seat', { seat });
    if (!sat.ok) throw new Error(`take-seat refused: ${sat.code} ${sat.message}`);
  }
  return { client, playerId: reply.playerId!, token: reply.token! };
}
