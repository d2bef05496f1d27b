/**
 * Dropped players and timers: reconnection to the same seat, the grace period, bot
 * stand-ins, the turn timer; and recovery of running games after a restart, on the embedded store
 * and (when TEST_DATABASE_URL is set) on PostgreSQL.
 */
import {
  type Action,
  apply,
  createGame,
  type GameConfig,
  gameConfigSchema,
  legalActions,
  replay,
  view,
} from '@kibitz/rules/pinochle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotClient, gameOver, TestClient } from '../testing/clients.ts';
import { pinochleState } from '../testing/games.ts';
import {
  joinTable,
  openTable,
  SETUP_TIMEOUT,
  startTestServer,
  TEST_SECRET,
  type TestServer,
} from '../testing/server.ts';
import { postgresSuiteName, TEST_DATABASE_URL } from './db/test-support.ts';
import { issueToken } from './identity/token.ts';

function tableOf(handle: TestServer, code: string) {
  return [...handle.server.lobby.tables].find((table) => table.code === code)!;
}

async function until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('dropped players', () => {
  let handle: TestServer;
  let url: string;
  beforeAll(async () => {
    handle = await startTestServer();
    url = handle.server.url;
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await handle?.dispose();
  });

  it('come back to the same seat and the current view with their token', async () => {
    const { code, host } = await openTable(url, { variant: 'auction-west' });
    const players = [];
    for (const seat of [0, 1, 2]) players.push(await joinTable(url, code, `P${seat}`, seat));
    expect(await host.request('start-game')).toMatchObject({ ok: true });
    const mine = await players[1]!.client.waitFor('view', () => true);

    players[1]!.client.close();
    const held = await host.waitFor('table', (t) => t.seats[1]?.player?.connected === false);
    expect(held.seats[1]?.player).toMatchObject({ name: 'P1', heldUntil: expect.any(Number) });

    const back = await TestClient.connect(url);
    const welcome = await back.request('join', { code, displayName: 'ignored', token: players[1]!.token });
    expect(welcome).toMatchObject({ ok: true, playerId: players[1]!.playerId, seat: 1 });
    const again = await back.waitFor('view', () => true);
    expect(again.view.hand).toEqual(mine.view.hand);
    const state = pinochleState(tableOf(handle, code).game);
    expect(again.view).toEqual(view(state, 1));
    const table = await host.waitFor('table', (t) => t.seats[1]?.player?.connected === true);
    expect(table.seats[1]?.player?.heldUntil).toBeNull();

    // A token is good for its own table only, and cannot be made up.
    const other = await openTable(url, { variant: 'auction-west' });
    const stranger = await TestClient.connect(url);
    expect(
      await stranger.request('join', { code: other.code, displayName: 'x', token: players[1]!.token }),
    ).toMatchObject({ ok: false, code: 'bad-token' });
    const forged = issueToken('not-the-server-secret', players[1]!.playerId, tableOf(handle, code).id);
    expect(await stranger.request('join', { code, displayName: 'x', token: forged })).toMatchObject({
      ok: false,
      code: 'bad-token',
    });
    const genuine = issueToken(TEST_SECRET, players[1]!.playerId, tableOf(handle, code).id);
    expect(genuine).toBe(players[1]!.token);
    for (const client of [host, back, stranger, other.host, ...players.map((p) => p.client)]) client.close();
  });

  it('lose their seat when the grace period runs out', async () => {
    const { code, host } = await openTable(
      url,
      { variant: 'cutthroat' },
      { settings: { seatGraceSeconds: 2 } },
    );
    const ann = await joinTable(url, code, 'Ann', 0);
    ann.client.close();
    const state = await host.waitFor('table', (t) => t.seats[0]?.player === null);
    expect(state.spectators.find((s) => s.name === 'Ann')).toMatchObject({ connected: false });
    host.close();
  });

  it('are played by a stand-in bot while away, when the house says so', async () => {
    const { code, host } = await openTable(
      url,
      // A whole game to 1500: it cannot end before Ann is back (a one-round game sometimes did).
      { variant: 'cutthroat' },
      { settings: { botStandIn: true } },
    );
    await host.request('add-bot', { seat: 0 });
    await host.request('add-bot', { seat: 2 });
    const ann = await joinTable(url, code, 'Ann', 1);
    const started = await host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    ann.client.close();
    const table = tableOf(handle, code);
    const away = table.game!.version;
    await until(() => table.game!.version > away + 5);
    expect(host.latest('table')?.seats[1]?.player).toMatchObject({ connected: false });

    const back = await TestClient.connect(url);
    new BotClient(back);
    expect(await back.request('join', { code, displayName: 'Ann', token: ann.token })).toMatchObject({
      seat: 1,
    });
    const over = await gameOver(host, started.gameId);
    expect(over.result.winners.length).toBeGreaterThan(0);
    back.close();
    host.close();
  });

  it('have a default action taken for them when the turn timer runs out', async () => {
    const { code, host } = await openTable(
      url,
      { variant: 'cutthroat' },
      { settings: { turnTimerSeconds: 5 } }, // 5 "seconds" of 10 ms in tests
    );
    const silent = [];
    for (const seat of [0, 1, 2]) silent.push(await joinTable(url, code, `P${seat}`, seat));
    const started = await host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    const table = tableOf(handle, code);
    await until(() => table.game!.version >= 6);
    const rows = await handle.server.db.prisma.gameAction.findMany({
      where: { gameId: started.gameId },
      orderBy: { seq: 'asc' },
    });
    // Each logged action is the first legal action of its state: the deterministic default.
    let state = createGame(table.game!.config as GameConfig, table.game!.seed);
    for (const row of rows.slice(0, 6)) {
      expect(row.action).toEqual(legalActions(state, row.seat)[0]);
      const result = apply(state, row.seat, row.action as Action);
      if (!result.ok) throw new Error(result.rejection.message);
      state = result.state;
    }
    for (const client of [host, ...silent.map((p) => p.client)]) client.close();
  });
  it('are told how long the turn timer gives them, counted by the server, also after a reload', async () => {
    const { code, host } = await openTable(
      url,
      { variant: 'cutthroat' },
      // 300 "seconds" of 10 ms in tests: 3 s, far longer than this test needs even on a busy machine.
      { settings: { turnTimerSeconds: 300 } },
    );
    const players = [];
    for (const seat of [0, 1, 2]) players.push(await joinTable(url, code, `P${seat}`, seat));
    const started = await host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    const first = await host.waitFor('view', (payload) => payload.gameId === started.gameId);
    expect(first.turnTimeLeft).toBeGreaterThan(0);
    expect(first.turnTimeLeft).toBeLessThanOrEqual(3000);
    const toAct = first.view.toAct[0]!;
    // The player to act reloads a while later: the catch-up gives what is left, not a fresh 3000.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const mover = players[toAct]!;
    mover.client.close();
    const back = await TestClient.connect(url);
    await back.request('join', { code, displayName: `P${toAct}`, token: mover.token });
    const caughtUp = await back.waitFor('view', (payload) => payload.version === first.version);
    expect(caughtUp.turnTimeLeft).toBeDefined();
    expect(caughtUp.turnTimeLeft!).toBeLessThanOrEqual(first.turnTimeLeft! - 100);
    for (const client of [host, back, ...players.map((p) => p.client)]) client.close();
  });
});

/** A restart in the same process: close the server, start a new one on the same database. */
function describeRecovery(backend: 'sqlite' | 'postgres') {
  let handle: TestServer;
  beforeAll(async () => {
    handle = await startTestServer({ timing: { botDelayMs: 2 }, chat: { messages: 1000 } }, backend);
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await handle?.dispose();
  });

  it('reloads unfinished games from their logs and carries on', { timeout: 120_000 }, async () => {
    const url = handle.server.url;
    const {
      code,
      host,
      token: hostToken,
    } = await openTable(url, {
      variant: 'double-deck',
      target: 100,
    });
    for (const seat of [0, 1, 3]) await host.request('add-bot', { seat });
    const ann = await joinTable(url, code, 'Ann', 2);
    new BotClient(ann.client);
    const started = await host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    const table = tableOf(handle, code);
    expect(await host.request('chat', { text: 'good luck all' })).toMatchObject({ ok: true });
    expect(await ann.client.request('chat', { text: 'thanks!' })).toMatchObject({ ok: true });
    const said = await host.waitFor('chat', (message) => message.text === 'thanks!');
    await until(() => table.game!.version >= 20);

    await handle.server.close(); // graceful: no more actions, tables drain
    const stoppedAt = table.game!.version;
    host.close();
    ann.client.close();

    const server = await handle.restart();
    expect(server.recovered).toBeGreaterThanOrEqual(1);
    const recovered = tableOf(handle, code);
    expect(recovered.game!.version).toBe(stoppedAt);
    expect(pinochleState(recovered.game)).toEqual(pinochleState(table.game));
    // Ann's seat is held for her; the bots carry on until it is her turn.
    expect(recovered.snapshot().seats[2]?.player).toMatchObject({ name: 'Ann', connected: false });

    const annBack = await TestClient.connect(server.url);
    new BotClient(annBack);
    expect(await annBack.request('join', { code, displayName: 'Ann', token: ann.token })).toMatchObject({
      seat: 2,
    });
    const hostBack = await TestClient.connect(server.url);
    expect(await hostBack.request('join', { code, displayName: 'Host', token: hostToken })).toMatchObject({
      host: true,
    });
    // What was said before the restart is still there for whoever comes back and asks.
    const history = await hostBack.request('chat-history', {});
    expect(history.ok && history.messages).toEqual([
      { from: { playerId: expect.any(String), name: 'Host' }, text: 'good luck all', at: expect.any(String) },
      said,
    ]);
    const over = await gameOver(hostBack, started.gameId);

    const rows = await server.db.prisma.gameAction.findMany({
      where: { gameId: started.gameId },
      orderBy: { seq: 'asc' },
    });
    const game = await server.db.prisma.game.findUniqueOrThrow({ where: { id: started.gameId } });
    const replayed = replay(
      gameConfigSchema.parse(game.config),
      game.seed,
      rows.map((row) => ({ seat: row.seat, action: row.action as Action })),
    );
    expect(replayed.ok && replayed.state).toEqual(pinochleState(recovered.game));
    expect(game.status).toBe('finished');
    expect(game.result).toEqual(over.result);
    annBack.close();
    hostBack.close();
  });

  it('reloads the last 50 chat messages of a table after a restart', { timeout: 120_000 }, async () => {
    // No game here: the table is not recovered at start-up but loaded when someone comes back.
    const { code, host, token } = await openTable(handle.server.url, { variant: 'cutthroat' });
    const bob = await joinTable(handle.server.url, code, 'Bob');
    for (let i = 1; i <= 55; i++) {
      const speaker = i % 2 === 0 ? bob.client : host;
      expect(await speaker.request('chat', { text: `message ${i}` })).toMatchObject({ ok: true });
    }
    const shown = await host.waitFor('chat', (message) => message.text === 'message 55');
    const before = host.all('chat').slice(-50);
    expect(before.at(-1)).toEqual(shown);
    await handle.server.close();
    host.close();
    bob.client.close();

    const server = await handle.restart();
    const back = await TestClient.connect(server.url);
    // Coming back with a token (and no name): no chat replayed unasked...
    expect(await back.request('join', { code, token })).toMatchObject({ ok: true });
    expect(back.all('chat')).toEqual([]);
    // ...but the last 50 on request, and the ones before them with a cursor.
    const history = await back.request('chat-history', {});
    if (!history.ok) throw new Error(history.message);
    const after = history.messages;
    expect(after).toHaveLength(50);
    expect(history.more).toBe(true);
    expect(after).toEqual(before);
    expect(after[0]).toMatchObject({ text: 'message 6', from: { name: 'Bob' } });
    expect(after[1]).toMatchObject({ text: 'message 7', from: { name: 'Host' } });
    const earlier = await back.request('chat-history', { before: after[0]!.at });
    expect(earlier.ok && earlier.messages.map((m) => m.text)).toEqual([
      'message 1',
      'message 2',
      'message 3',
      'message 4',
      'message 5',
    ]);
    expect(earlier.ok && earlier.more).toBe(false);
    back.close();
  });
}

describe('recovery on the embedded store (SQLite)', () => {
  describeRecovery('sqlite');
});

describe.skipIf(!TEST_DATABASE_URL)(postgresSuiteName, () => {
  describeRecovery('postgres');
});
