/**
 * Two game servers on one PostgreSQL database (two `startServer`s in this test process,
 * each with its own connection pool, as two processes would have): one owner per table
 * through its lease, a take-over by replaying the log, fencing of the old owner by the
 * database itself, and the hand-over at a graceful stop. Needs TEST_DATABASE_URL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { heuristicBot } from '@kibitz/bots/pinochle';
import { replay } from '@kibitz/rules/pinochle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotClient, gameOver, TestClient } from '../testing/clients.ts';
import { joinTable, openTable, SETUP_TIMEOUT, testOptions } from '../testing/server.ts';
import { checkWire, type ExportedGame } from '../testing/wire-check.ts';
import { type KibitzServer, startServer } from './app.ts';
import { type Database, openDatabase } from './db/index.ts';
import {
  createScratchDatabase,
  postgresSuiteName,
  type ScratchDatabase,
  TEST_DATABASE_URL,
} from './db/test-support.ts';
import { parsePrometheusText } from './metrics/prometheus-text.ts';

const LEASE_MS = 600;

interface Node {
  server: KibitzServer;
  db: Database;
  dir: string;
}

let scratch: ScratchDatabase | undefined;
const nodes: Node[] = [];
const clients: TestClient[] = [];

const METRICS_TOKEN = 'lease-test-metrics-token-0123';

async function startNode(name: string, leaseMs = LEASE_MS): Promise<Node> {
  const db = await openDatabase({ databaseUrl: scratch!.url });
  const dir = await mkdtemp(join(tmpdir(), `kibitz-lease-${name}-`));
  const server = await startServer(
    testOptions(db, dir, { nodeId: name, leaseMs, http: { metricsToken: METRICS_TOKEN } }),
  );
  const node = { server, db, dir };
  nodes.push(node);
  return node;
}

async function stopNode(node: Node): Promise<void> {
  await node.server.close();
  await node.db.close();
  await rm(node.dir, { recursive: true, force: true });
}

function connect(url: string): Promise<TestClient> {
  return TestClient.connect(url).then((client) => {
    clients.push(client);
    return client;
  });
}

async function exportOf(url: string, gameId: string): Promise<ExportedGame> {
  return (await (await fetch(`${url}/api/games/${gameId}/export`)).json()) as ExportedGame;
}

/** Each log row's version (seq) and the lease epoch it was written under. */
async function epochsOf(db: Database, gameId: string): Promise<{ seq: number; epoch: number }[]> {
  const rows = await db.prisma.gameAction.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
  return rows.map(({ seq, epoch }) => ({ seq, epoch }));
}

async function metricsOf(node: Node): Promise<Map<string, number>> {
  const response = await fetch(`${node.server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return parsePrometheusText(await response.text(), ['node']);
}

/** The client's latest view, once nothing has moved for a while (the bots were stopped). */
async function settled(client: TestClient) {
  for (;;) {
    const before = client.latest('view')!.version;
    await sleep(300);
    if (client.latest('view')!.version === before) return client.latest('view')!;
  }
}

beforeAll(async () => {
  if (TEST_DATABASE_URL) scratch = await createScratchDatabase('lease');
}, SETUP_TIMEOUT);
afterAll(async () => {
  for (const client of clients) client.close();
  for (const node of nodes.splice(0)) await stopNode(node).catch(() => {});
  await scratch?.drop();
});

describe.skipIf(!TEST_DATABASE_URL)(`table leases between two servers on ${postgresSuiteName}`, () => {
  it('a frozen owner loses its table to the other server, the database refuses its next write, and the game ends whole', {
    timeout: 180_000,
  }, async () => {
    const a = await startNode('node-a');
    const b = await startNode('node-b');
    const config = { variant: 'auction-west' as const, target: { kind: 'rounds' as const, rounds: 2 } };
    const { code, host } = await openTable(a.server.url, config, { settings: { handEndSeconds: 300 } });
    clients.push(host);
    const players = [];
    for (const seat of [0, 1, 2]) players.push(await joinTable(a.server.url, code, `P${seat}`, seat));
    clients.push(...players.map((p) => p.client));

    // While A runs the table and renews its lease, B turns joins away, saying when to retry.
    const early = await connect(b.server.url);
    const refused = await early.request('join', { code, token: players[0]!.token });
    expect(refused).toMatchObject({ ok: false, code: 'table-moving' });
    expect(!refused.ok && refused.retryAfterMs).toBeGreaterThan(0);
    expect(!refused.ok && refused.retryAfterMs).toBeLessThanOrEqual(LEASE_MS);

    const bots = players.map((p) => new BotClient(p.client));
    const started = await host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    const { gameId } = started;
    await host.waitFor('view', (v) => v.version >= 20, 60_000);
    for (const bot of bots) bot.stop();
    const frozenAt = await settled(host);

    // A freezes (no more renewals); its lease lapses and B takes the table over from the log.
    a.server.leases.stop();
    await sleep(LEASE_MS + 200);
    const onB = [];
    for (const player of players) {
      const client = await connect(b.server.url);
      const reply = await client.request('join', { code, token: player.token });
      expect(reply).toMatchObject({ ok: true, playerId: player.playerId });
      onB.push(client);
    }
    const resumed = await onB[0]!.waitFor('view', (v) => v.gameId === gameId);
    expect(resumed.version).toBe(frozenAt.version);
    // Every row A wrote, under its epoch (what A did at once is not logged: fewer rows than versions).
    const written = await epochsOf(b.db, gameId);
    expect(written.length).toBeGreaterThan(0);
    expect(written.every(({ seq, epoch }) => seq < frozenAt.version && epoch === 1)).toBe(true);

    // A, unaware, accepts a move for the table: the database refuses its row.
    const seat = frozenAt.view.toAct[0]!;
    const stale = players[seat]!.client;
    const latest = stale.latest('view')!;
    const action = heuristicBot.decide(latest.view, Math.random);
    const disconnected = new Promise<string>((resolve) => stale.socket.once('disconnect', resolve));
    const answer = await stale.request('act', { version: latest.version, action });
    expect(answer).toMatchObject({ ok: false, code: 'storage-failed' });
    // ...and lets the table go: out of its memory, its clients told to reconnect.
    expect(await disconnected).toBe('transport close');
    expect([...a.server.lobby.tables].map((table) => table.code)).not.toContain(code);
    expect((await epochsOf(b.db, gameId)).length).toBe(frozenAt.version);
    const metricsA = await metricsOf(a);
    expect(metricsA.get('kibitz_lease_changes_total{change="fenced"}')).toBe(1);
    expect(metricsA.get('kibitz_actions_total')).toBe(frozenAt.version);
    expect(metricsA.get('kibitz_log_write_seconds_count')).toBe(frozenAt.version);

    // The same move at B, the owner now, goes through; the game plays to its end there.
    const watcher = await connect(b.server.url);
    await watcher.request('watch', { code });
    for (const client of onB) new BotClient(client);
    const ending = await gameOver(watcher, gameId, 120_000);

    const exported = await exportOf(b.server.url, gameId);
    const replayed = replay(exported.game.config, exported.game.seed, exported.actions);
    if (!replayed.ok) throw new Error('the log does not replay');
    expect(replayed.state.result).toEqual(ending.result);
    // Every action once, in order: the positions are 0..n-1 with none missing or doubled.
    expect(exported.actions.map((row) => row.seq)).toEqual(exported.actions.map((_, i) => i));
    const epochs = await epochsOf(b.db, gameId);
    expect(epochs.every(({ seq, epoch }) => epoch === (seq < frozenAt.version ? 1 : 2))).toBe(true);
    expect(epochs.some(({ epoch }) => epoch === 2)).toBe(true);
    // Everything anyone was shown, at A before and at B after, agrees with the log.
    for (const [index, client] of [...players.map((p) => p.client), ...onB].entries()) {
      expect(checkWire(client.received, exported, index % 3).problems, `client ${index}`).toEqual([]);
    }
    expect(checkWire(host.received, exported, 'spectator').problems).toEqual([]);
    expect(checkWire(watcher.received, exported, 'spectator').problems).toEqual([]);
    const metricsB = await metricsOf(b);
    expect(metricsB.get('kibitz_actions_total')).toBe(exported.actions.length - frozenAt.version);
    expect(metricsB.get('kibitz_lease_changes_total{change="acquired"}')).toBeGreaterThanOrEqual(1);
    expect(metricsB.get('kibitz_tables')).toBeGreaterThanOrEqual(1);
    expect(metricsB.get('kibitz_sockets')).toBeGreaterThanOrEqual(4);
    await stopNode(a);
    nodes.splice(nodes.indexOf(a), 1);
  });

  it('a graceful stop hands its tables over at once: the other server takes them without waiting', {
    timeout: 120_000,
  }, async () => {
    // Leases far longer than the test: a join right after the stop succeeds only if released.
    const b = await startNode('node-b2', 60_000);
    const c = await startNode('node-c', 60_000);
    const config = { variant: 'auction-west' as const, target: { kind: 'rounds' as const, rounds: 1 } };
    const { code, host } = await openTable(b.server.url, config, { settings: { handEndSeconds: 300 } });
    clients.push(host);
    const players = [];
    for (const seat of [0, 1, 2]) players.push(await joinTable(b.server.url, code, `P${seat}`, seat));
    const bots = players.map((p) => new BotClient(p.client));
    const started = await host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    await host.waitFor('view', (v) => v.version >= 10, 60_000);
    for (const bot of bots) bot.stop();
    const stoppedAt = await settled(host);

    const gone = new Promise<string>((resolve) => host.socket.once('disconnect', resolve));
    await stopNode(b);
    nodes.splice(nodes.indexOf(b), 1);
    // Its clients were not sent away for good: their transports closed, so they reconnect.
    expect(await gone).toBe('transport close');
    const onC = [];
    for (const player of players) {
      const client = await connect(c.server.url);
      // At once, not `table-moving`: the lease was released, not left to lapse (60 s).
      expect(await client.request('join', { code, token: player.token })).toMatchObject({ ok: true });
      onC.push(client);
    }
    expect((await onC[0]!.waitFor('view', () => true)).version).toBe(stoppedAt.version);
    for (const client of onC) new BotClient(client);
    await gameOver(onC[0]!, started.gameId, 120_000);
    const exported = await exportOf(c.server.url, started.gameId);
    expect(replay(exported.game.config, exported.game.seed, exported.actions).ok).toBe(true);
    expect(exported.actions.map((row) => row.seq)).toEqual(exported.actions.map((_, i) => i));
  });
});
