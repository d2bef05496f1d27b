/**
 * Issue 24, point 1: one server on PostgreSQL (the real entry point in a child process),
 * SIGKILLed with a game under way and started again. Its tables' leases are still held
 * by its killed run for most of their time; the restarted process knows them by its
 * node id (host and port, unchanged) and takes them back at once, so its players are
 * back in their seats, and their actions taken, within a second of /readyz: no
 * `table-moving` while the old leases lapse. Needs TEST_DATABASE_URL.
 */
import { heuristicBot } from '@kibitz/bots/pinochle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChildServer } from '../testing/child-server.ts';
import { BotClient, TestClient } from '../testing/clients.ts';
import { joinTable, openTable, SETUP_TIMEOUT } from '../testing/server.ts';
import {
  createScratchDatabase,
  postgresSuiteName,
  type ScratchDatabase,
  TEST_DATABASE_URL,
} from './db/test-support.ts';

let scratch: ScratchDatabase | undefined;
let server: ChildServer | undefined;
const clients: TestClient[] = [];

beforeAll(async () => {
  if (!TEST_DATABASE_URL) return;
  scratch = await createScratchDatabase('restart');
  server = await ChildServer.prepare({ databaseUrl: scratch.url });
}, SETUP_TIMEOUT);
afterAll(async () => {
  for (const client of clients) client.close();
  await server?.dispose();
  await scratch?.drop();
});

describe.skipIf(!TEST_DATABASE_URL)(`a server on ${postgresSuiteName} killed and restarted`, () => {
  it('has its seats back and takes actions within 1 s of ready, without table-moving', {
    timeout: 180_000,
  }, async () => {
    const child = server!;
    await child.start();
    const url = child.url;
    const table = await openTable(url, { variant: 'cutthroat' }, { settings: { trickPauseMs: 20 } });
    clients.push(table.host);
    const players = [];
    for (const [seat, name] of ['Ann', 'Bob', 'Cid'].entries()) {
      const player = await joinTable(url, table.code, name, seat);
      clients.push(player.client);
      players.push({ ...player, bot: new BotClient(player.client) });
    }
    const started = await table.host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    await table.host.waitFor('view', (v) => v.version >= 8, 60_000);
    for (const player of players) player.bot.stop();
    await child.kill('SIGKILL');

    await child.start();
    const readyAt = performance.now();
    // Everyone comes back with their token, at once.
    const back = await Promise.all(
      players.map(async (player) => {
        const client = await TestClient.connect(url);
        clients.push(client);
        const reply = await client.request('join', { code: table.code, token: player.token });
        return { client, reply };
      }),
    );
    for (const { reply } of back) expect(reply).toMatchObject({ ok: true });
    // Whoever is to act acts, and it is taken.
    const views = await Promise.all(back.map(({ client }) => client.waitFor('view', () => true)));
    const turn = views.findIndex(
      (v) => v.view.viewer !== 'spectator' && v.view.toAct.includes(v.view.viewer),
    );
    expect(turn).toBeGreaterThanOrEqual(0);
    const { version, view } = views[turn]!;
    const acted = await back[turn]!.client.request('act', {
      version,
      action: heuristicBot.decide(view, Math.random),
    });
    const elapsed = performance.now() - readyAt;
    expect(acted).toMatchObject({ ok: true });
    expect(child.logLines.some((line) => line.msg === "leases of this node's earlier run taken back")).toBe(
      true,
    );
    console.log(`seats back and an action taken ${Math.round(elapsed)} ms after ready`);
    expect(elapsed).toBeLessThan(1000);
    expect(await child.kill('SIGTERM')).toBe(0);
  });
});
