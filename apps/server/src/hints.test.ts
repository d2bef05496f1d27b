/**
 * Hints over a socket (issue 26, point 3): a player asks on their turn and the answer, a
 * search from their own view on the bot pool (or here, with no pool), comes back to them
 * alone; everyone sees the seat's count, which is stored with the game and survives a
 * restart. Refused with a typed error when hints are off, off your turn, to a spectator.
 */
import { hint } from '@kibitz/bots';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../testing/clients.ts';
import { joinTable, openTable, SETUP_TIMEOUT, startTestServer, type TestServer } from '../testing/server.ts';
import type { KibitzServer } from './app.ts';
import type { Table } from './rooms/table.ts';
import { toActOf, versionOf, viewOf } from './table-core/game.ts';

const handles: TestServer[] = [];
const clients: TestClient[] = [];
afterAll(async () => {
  for (const client of clients) client.close();
  for (const handle of handles) await handle.dispose();
});

function tableOf(server: KibitzServer, code: string): Table {
  return [...server.lobby.tables].find((table) => table.code === code)!;
}

/** Three people seated at a Cutthroat table (the host in seat 0), a spectator, a game started. */
async function seated(server: KibitzServer, settings: object) {
  const url = server.url;
  const { code, host, token } = await openTable(
    url,
    { variant: 'cutthroat' },
    { settings: { trickPauseMs: 0, ...settings } },
    { hostSeated: true },
  );
  const one = await joinTable(url, code, 'Uno', 1);
  const two = await joinTable(url, code, 'Due', 2);
  const watcher = await joinTable(url, code, 'Kib');
  clients.push(host, one.client, two.client, watcher.client);
  expect(await host.request('start-game')).toMatchObject({ ok: true });
  const players = [host, one.client, two.client];
  const table = tableOf(server, code);
  const turn = () => {
    const game = table.state.game!;
    return { seat: toActOf(game)[0]!, version: versionOf(game), game };
  };
  return { code, token, players, watcher: watcher.client, table, turn };
}

describe.each([
  ['on the bot pool', { threads: 1 }],
  ['with no pool (the normal search here)', { threads: 0 }],
] as const)('hints %s', (_, bots) => {
  let handle: TestServer;

  it('come to the asking player alone, legal and from their own view; the count is public and survives a restart', {
    timeout: 120_000,
  }, async () => {
    handle = await startTestServer({ bots });
    handles.push(handle);
    const at = await seated(handle.server, { hints: true });
    const { seat, version, game } = at.turn();
    const other = at.players[(seat + 1) % 3]!;
    expect(await other.request('hint', { version })).toMatchObject({ ok: false, code: 'not-your-turn' });
    expect(await at.watcher.request('hint', { version })).toMatchObject({ ok: false, code: 'not-seated' });
    expect(await at.players[seat]!.request('hint', { version: version + 7 })).toMatchObject({
      ok: false,
      code: 'stale-version',
    });

    const reply = await at.players[seat]!.request('hint', { version });
    if (!reply.ok) throw new Error(`${reply.code}: ${reply.message}`);
    expect(reply.version).toBe(version);
    const own = viewOf(game.module, game.state, seat);
    expect(reply.action).toEqual(hint({ game: 'pinochle', view: own }).action);
    expect(game.module.legalActions(game.state, seat)).toContainEqual(reply.action);
    // Everyone sees the count; nobody else is sent the hint.
    const counts = [0, 1, 2].map((s) => (s === seat ? 1 : 0));
    await at.watcher.waitFor(
      'table',
      (table) => JSON.stringify(table.game?.hints) === JSON.stringify(counts),
    );
    for (const client of [at.watcher, other]) {
      expect(JSON.stringify(client.received.map((r) => r.wire))).not.toContain('"hint"');
    }
    // Asked again at the same version: the same hint, counted once.
    const again = await at.players[seat]!.request('hint', { version });
    expect(again).toEqual(reply);
    expect(at.table.snapshot().game!.hints).toEqual(counts);
    // The hint can be played.
    expect(await at.players[seat]!.request('act', { version, action: reply.action as never })).toMatchObject({
      ok: true,
    });

    const stored = await handle.server.db.prisma.game.findFirst({ where: { room: { code: at.code } } });
    expect(stored?.hints).toEqual(counts);
    for (const client of [...at.players, at.watcher]) client.close();
    await handle.server.close();
    const server = await handle.restart({ bots });
    expect(tableOf(server, at.code).snapshot().game!.hints).toEqual(counts);
  });
});

describe(
  'hints off',
  () => {
    it('are refused with a typed error, and nothing is counted', { timeout: 60_000 }, async () => {
      const handle = await startTestServer();
      handles.push(handle);
      const at = await seated(handle.server, {});
      const { seat, version } = at.turn();
      expect(await at.players[seat]!.request('hint', { version })).toMatchObject({
        ok: false,
        code: 'hints-off',
      });
      expect(at.table.snapshot().game!.hints).toEqual([0, 0, 0]);
      expect(await at.players[seat]!.request('hint', { version: -1 } as { version: number })).toMatchObject({
        ok: false,
        code: 'malformed',
      });
    });
  },
  SETUP_TIMEOUT,
);
