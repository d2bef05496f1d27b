/**
 * Cluster mode: two servers on one PostgreSQL database and one Redis (two `startServer`s
 * in this process, each with its own connections). The lobby list and presence counts
 * are shared, a table stays listed when its server stops, a token from one server is
 * good on the other, and the per-address limits count an address once across both.
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../testing/clients.ts';
import { SETUP_TIMEOUT, testOptions } from '../../testing/server.ts';
import { type KibitzServer, type StartOptions, startServer } from '../app.ts';
import { type Database, openDatabase } from '../db/index.ts';
import { createScratchDatabase, type ScratchDatabase, TEST_DATABASE_URL } from '../db/test-support.ts';
import { ALIVE_MS, openSharedState } from './index.ts';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const ready = TEST_DATABASE_URL !== undefined && TEST_REDIS_URL !== undefined;
const suiteName = ready
  ? 'two servers sharing PostgreSQL and Redis'
  : 'cluster mode (skipped: set TEST_DATABASE_URL and TEST_REDIS_URL to run against real PostgreSQL and Redis)';

/** Keys of this run only: other suites (and other people) may use the same Redis. */
const prefix = `kibitz-test-${process.pid}-${randomBytes(4).toString('hex')}:`;
let scratch: ScratchDatabase | undefined;
const started: { server: KibitzServer; db: Database; dir: string }[] = [];
const clients: TestClient[] = [];

async function startNode(name: string, overrides: StartOptions = {}) {
  const db = await openDatabase({ databaseUrl: scratch!.url });
  const dir = await mkdtemp(join(tmpdir(), `kibitz-shared-${name}-`));
  const server = await startServer(
    testOptions(db, dir, {
      nodeId: name,
      redisUrl: TEST_REDIS_URL,
      redisPrefix: prefix,
      leaseMs: 1000,
      ...overrides,
      limits: { connectionsPerMinute: 5, tablesPerMinute: 100, trustProxy: true },
    }),
  );
  const node = { server, db, dir };
  started.push(node);
  return node;
}

async function from(url: string, address: string): Promise<TestClient> {
  const client = await TestClient.connect(url, { headers: { 'x-forwarded-for': address } });
  clients.push(client);
  return client;
}

async function lobbyOf(url: string) {
  const response = await fetch(`${url}/api/tables`);
  return (await response.json()) as {
    tables: { code: string; name: string }[];
    online?: { sockets: number; servers: number };
  };
}

async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

beforeAll(async () => {
  if (ready) scratch = await createScratchDatabase('shared');
}, SETUP_TIMEOUT);
afterAll(async () => {
  for (const client of clients) client.close();
  for (const node of started) {
    await node.server.close().catch(() => {});
    await node.db.close().catch(() => {});
    await rm(node.dir, { recursive: true, force: true });
  }
  await scratch?.drop();
  if (TEST_REDIS_URL) {
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
});

describe.skipIf(!ready)(suiteName, () => {
  it('share the lobby list and presence, keep a stopped server’s tables listed, and accept each other’s tokens', {
    timeout: 60_000,
  }, async () => {
    const a = await startNode('node-a');
    const b = await startNode('node-b');
    const host = await from(a.server.url, '198.51.100.1');
    const opened = await host.request('create-table', {
      name: 'Shared table',
      config: { variant: 'cutthroat' },
      displayName: 'Host',
      listed: true,
    });
    if (!opened.ok) throw new Error(opened.message);
    const onB = await eventually(
      () => lobbyOf(b.server.url),
      (lobby) => lobby.tables.some((table) => table.code === opened.table),
    );
    expect(onB.tables.find((table) => table.code === opened.table)).toMatchObject({ name: 'Shared table' });
    expect(onB.online).toMatchObject({ servers: 2 });
    expect(onB.online!.sockets).toBeGreaterThanOrEqual(1);

    // A stops (handing its table on): the table stays in the lobby B shows...
    await a.server.close();
    expect((await lobbyOf(b.server.url)).tables.map((table) => table.code)).toContain(opened.table);
    // ...and its host comes back at B with the token A gave, to the same member.
    const back = await from(b.server.url, '198.51.100.1');
    expect(await back.request('join', { code: opened.table, token: opened.token! })).toMatchObject({
      ok: true,
      playerId: opened.playerId,
      host: true,
    });
    const after = await eventually(
      () => lobbyOf(b.server.url),
      (lobby) => lobby.online?.servers === 1,
    );
    expect(after.online?.servers).toBe(1);
    expect(after.tables.map((table) => table.code)).toContain(opened.table);
  });

  it('count an address once across servers: its connections are limited however they are spread', {
    timeout: 60_000,
  }, async () => {
    const c = await startNode('node-c');
    const d = await startNode('node-d');
    const address = '203.0.113.77';
    for (const url of [c.server.url, d.server.url, c.server.url, d.server.url, c.server.url])
      await from(url, address);
    const refused = await from(d.server.url, address).then(
      () => null,
      (error: unknown) => error as { data?: unknown },
    );
    expect(refused?.data).toEqual({ code: 'too-many-connections' });
    // Another address is not affected.
    await expect(from(d.server.url, '203.0.113.78')).resolves.toBeInstanceOf(TestClient);
  });

  it('hand a table over on request to the server its players are routed to (`?table=CODE`), and only then', {
    timeout: 60_000,
  }, async () => {
    const e = await startNode('node-e');
    const f = await startNode('node-f');
    const host = await from(e.server.url, '198.51.100.9');
    const opened = await host.request('create-table', {
      name: 'Routed table',
      config: { variant: 'cutthroat' },
      displayName: 'Host',
    });
    if (!opened.ok) throw new Error(opened.message);
    const code = opened.table;
    const token = opened.token!;

    // Not routed by the code (by address, say): refused until the lease could lapse; E keeps it.
    const stray = await from(f.server.url, '198.51.100.10');
    const strayReply = await stray.request('join', { code, token });
    expect(strayReply).toMatchObject({ ok: false, code: 'table-moving' });
    await sleep(600);
    expect([...e.server.lobby.tables].map((table) => table.code)).toContain(code);

    // Routed here by its code: E is asked to hand it over, its host's transport closes...
    const gone = new Promise<string>((resolve) => host.socket.once('disconnect', resolve));
    const routed = await TestClient.connect(`${f.server.url}?table=${code}`);
    clients.push(routed);
    const first = await routed.request('join', { code, token });
    expect(first).toMatchObject({ ok: false, code: 'table-moving' });
    expect(!first.ok && first.retryAfterMs).toBeLessThanOrEqual(300);
    expect(await gone).toBe('transport close');
    expect([...e.server.lobby.tables].map((table) => table.code)).not.toContain(code);
    // ...and the retry takes it over at F, for the same member.
    const again = await eventually(
      () => routed.request('join', { code, token }),
      (reply) => reply.ok,
    );
    expect(again).toMatchObject({ ok: true, playerId: opened.playerId, host: true });
    expect([...f.server.lobby.tables].map((table) => table.code)).toContain(code);
  });
  it('take a table over where its players come back, not at start-up (lazy take-over)', {
    timeout: 60_000,
  }, async () => {
    const g = await startNode('node-g');
    const seated = await Promise.all(
      ['198.51.100.21', '198.51.100.22', '198.51.100.23'].map((address) => from(g.server.url, address)),
    );
    const opened = await seated[0]!.request('create-table', {
      name: 'Lazy table',
      config: { variant: 'cutthroat' },
      displayName: 'Host',
    });
    if (!opened.ok) throw new Error(opened.message);
    const code = opened.table;
    for (const seat of [1, 2]) {
      const joined = await seated[seat]!.request('join', { code, displayName: `P${seat}` });
      expect(joined.ok).toBe(true);
      expect(await seated[seat]!.request('take-seat', { seat })).toMatchObject({ ok: true });
    }
    expect(await seated[0]!.request('start-game')).toMatchObject({ ok: true });
    await g.server.close(); // its leases are let go: the table is free for anyone

    // A process starting now takes nothing over by itself...
    const h = await startNode('node-h');
    expect(h.server.recovered).toBe(0);
    expect([...h.server.lobby.tables].map((table) => table.code)).not.toContain(code);
    // ...but the first player to come back there brings the table, with its game, along.
    const back = await from(h.server.url, '198.51.100.24');
    const again = await eventually(
      () => back.request('join', { code, token: opened.token! }),
      (reply) => reply.ok,
    );
    expect(again).toMatchObject({ ok: true, playerId: opened.playerId });
    const table = [...h.server.lobby.tables].find((t) => t.code === code);
    expect(table?.game?.finished).toBe(false);
  });

  it("resume a socket's handshake (auth) at the server it reconnects to, once the table is handed over, without a join", {
    timeout: 60_000,
  }, async () => {
    const i = await startNode('node-i');
    const j = await startNode('node-j');
    const host = await from(i.server.url, '198.51.100.31');
    const opened = await host.request('create-table', {
      name: 'Resumed table',
      config: { variant: 'cutthroat' },
      displayName: 'Host',
    });
    if (!opened.ok) throw new Error(opened.message);
    const code = opened.table;
    // As a client reconnecting through the proxy: routed by the code, its token in `auth`.
    const back = new TestClient(`${j.server.url}?table=${code}`, {
      auth: { code, token: opened.token! },
      headers: { 'x-forwarded-for': '198.51.100.32' },
    });
    clients.push(back);
    // I is asked for the table, hands it over; J takes it and seats the member: no join sent.
    const welcome = await back.next('welcome', () => true, 20_000);
    expect(welcome).toMatchObject({ table: code, playerId: opened.playerId });
    expect(back.all('rejection')).toEqual([]);
    expect([...j.server.lobby.tables].map((table) => table.code)).toContain(code);
  });

  it('tell a peer gone by its heartbeat and its connection: present while its process runs, gone once it stops or dies', {
    timeout: 30_000,
  }, async () => {
    const logger = { info() {}, warn() {}, error() {} };
    const open = (owner: string) =>
      openSharedState({
        redisUrl: TEST_REDIS_URL,
        prefix,
        node: owner.split('/')[0]!,
        owner,
        keepMs: 60_000,
        logger,
      });
    const a = await open('heart-a/1');
    const b = await open('heart-b/1');
    const alive = (ms: number | null) => ms !== null && ms > 0 && ms <= ALIVE_MS;
    expect(alive(await b.peers!.lapsesIn('heart-a/1'))).toBe(true);
    // Past its time, still written (every third of it).
    await sleep(ALIVE_MS + 200);
    expect(alive(await b.peers!.lapsesIn('heart-a/1'))).toBe(true);
    // An owner nobody writes a heartbeat for (a dead process, a run that ended).
    expect(await b.peers!.lapsesIn('heart-a/0')).toBe(0);
    await a.close();
    expect(await b.peers!.lapsesIn('heart-a/1')).toBe(0);
    // Killed: its heartbeat is still fresh, but its connections went with it.
    const redis = new Redis(TEST_REDIS_URL!);
    await redis.set(`${prefix}alive:heart-k/1`, '1', 'PX', 60_000);
    await redis.quit();
    expect(await b.peers!.lapsesIn('heart-k/1')).toBe(0);
    await b.close();
  });
});
