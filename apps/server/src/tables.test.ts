/** Tables over real sockets: opening, joining, seats, spectators, host powers, chat, HTTP. */
import type { TableState } from '@kibitz/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOver, TestClient } from '../testing/clients.ts';
import { joinTable, openTable, SETUP_TIMEOUT, startTestServer, type TestServer } from '../testing/server.ts';

let handle: TestServer;
let url: string;
const clients: TestClient[] = [];

beforeAll(async () => {
  handle = await startTestServer();
  url = handle.server.url;
}, SETUP_TIMEOUT);
afterAll(async () => {
  for (const client of clients) client.close();
  await handle?.dispose();
});

async function table(config: object = { variant: 'cutthroat' }, extra = {}) {
  const opened = await openTable(url, config as { variant: string }, extra);
  clients.push(opened.host);
  return opened;
}

async function guest(code: string, name: string, seat?: number) {
  const joined = await joinTable(url, code, name, seat);
  clients.push(joined.client);
  return joined;
}

const latestTable = (client: TestClient): TableState => client.latest('table')!;

describe('HTTP', () => {
  it('answers health and readiness, and lists only listed tables', async () => {
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ ok: true });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const listed = await table({ variant: 'double-deck' }, { listed: true, name: 'Open table' });
    const hidden = await table({ variant: 'cutthroat' }, { listed: false });
    const { tables } = (await (await fetch(`${url}/api/tables`)).json()) as { tables: { code: string }[] };
    expect(tables.map((t) => t.code)).toContain(listed.code);
    expect(tables.map((t) => t.code)).not.toContain(hidden.code);
    expect(tables.find((t) => t.code === listed.code)).toMatchObject({
      name: 'Open table',
      variant: 'double-deck',
      seats: 4,
      seatsTaken: 0,
      status: 'waiting',
    });
    expect((await fetch(`${url}/api/games/nope`)).status).toBe(404);
  });
});

describe('opening and joining a table', () => {
  it('gives a readable code, a token, the host role and the first seat to whoever opens it', async () => {
    const opened = await openTable(url, { variant: 'cutthroat' }, {}, { hostSeated: true });
    clients.push(opened.host);
    const { code, host, hostId, token } = opened;
    expect(code).toMatch(/^[2-9A-HJKMNP-TW-Z]{4}-[2-9A-HJKMNP-TW-Z]{4}-[2-9A-HJKMNP-TW-Z]{2}$/);
    expect(token.length).toBeGreaterThan(20);
    expect(host.latest('welcome')).toMatchObject({ table: code, playerId: hostId, host: true, seat: 0 });
    // Protocol v2: \`table\` is the code; a \`code\` field would be read as a refusal code.
    expect(host.latest('welcome')).not.toHaveProperty('code');
    expect(latestTable(host).seats[0]?.player).toMatchObject({ id: hostId, name: 'Host', bot: false });
    // A friend who comes next finds the first seat taken.
    const friend = await guest(code, 'Friend');
    expect(await friend.client.request('take-seat', { seat: 0 })).toMatchObject({
      ok: false,
      code: 'seat-taken',
    });
    // Coming back with the token: still in seat 0.
    const back = await TestClient.connect(url);
    clients.push(back);
    expect(await back.request('join', { code, displayName: 'Host', token })).toMatchObject({
      ok: true,
      playerId: hostId,
      seat: 0,
    });
    expect(latestTable(host)).toMatchObject({
      code,
      hostId,
      rules: { variant: 'cutthroat', minimumBid: 250 },
    });
    expect(latestTable(host).seats).toHaveLength(3);
  });

  it('refuses house rules the variant does not have, naming the option', async () => {
    const client = await TestClient.connect(url);
    clients.push(client);
    const bad = await client.request('create-table', {
      name: 'x',
      displayName: 'A',
      config: { variant: 'cutthroat', minimumBid: 305 },
    });
    expect(bad).toMatchObject({ ok: false, code: 'bad-config' });
    expect(!bad.ok && bad.message).toMatch(/^minimumBid:/);
    const unknown = await client.request('create-table', {
      name: 'x',
      displayName: 'A',
      config: { variant: 'cutthroat', jokers: true },
    });
    expect(!unknown.ok && unknown.message).toMatch(/jokers/);
  });

  it('accepts a code however it is typed, and refuses an unknown one', async () => {
    const { code } = await table();
    const client = await TestClient.connect(url);
    clients.push(client);
    const typed = code.toLowerCase().replaceAll('-', ' ');
    expect(await client.request('join', { code: typed, displayName: 'Casual' })).toMatchObject({
      ok: true,
      table: code,
    });
    expect(await client.request('join', { code: 'ZZZZ-ZZZZ-ZZ', displayName: 'Lost' })).toMatchObject({
      ok: false,
      code: 'no-such-table',
    });
  });
});

describe('seats and spectators', () => {
  it('seats players, refuses taken and missing seats, and lets players stand up', async () => {
    const { code, host } = await table();
    const ann = await guest(code, 'Ann', 0);
    const bob = await guest(code, 'Bob');
    expect(await bob.client.request('take-seat', { seat: 0 })).toMatchObject({
      ok: false,
      code: 'seat-taken',
    });
    expect(await bob.client.request('take-seat', { seat: 3 })).toMatchObject({
      ok: false,
      code: 'no-such-seat',
    });
    expect(await bob.client.request('take-seat', { seat: 1 })).toMatchObject({ ok: true });
    await host.waitFor('table', (t) => t.seats[1]?.player?.name === 'Bob');
    expect(latestTable(host).seats.map((s) => s.player?.name ?? null)).toEqual(['Ann', 'Bob', null]);
    expect(await ann.client.request('leave-seat')).toMatchObject({ ok: true });
    expect(await ann.client.request('leave-seat')).toMatchObject({ ok: false, code: 'not-seated' });
    const state = await host.waitFor('table', (t) => t.seats[0]?.player === null);
    expect(state.spectators.map((s) => s.name)).toEqual(expect.arrayContaining(['Host', 'Ann']));
    // No game runs: the seat opens at once, for anyone.
    expect(state.seats[0]?.heldFor).toBeNull();
    expect(await bob.client.request('take-seat', { seat: 0 })).toMatchObject({ ok: true });
  });

  it('lets anonymous watchers look on but not sit or chat', async () => {
    const { code, host } = await table();
    const watcher = await TestClient.connect(url);
    clients.push(watcher);
    expect(await watcher.request('watch', { code })).toMatchObject({ ok: true, playerId: null, token: null });
    await host.waitFor('table', (t) => t.watchers === 1);
    expect(await watcher.request('take-seat', { seat: 0 })).toMatchObject({
      ok: false,
      code: 'not-at-table',
    });
    expect(await watcher.request('chat', { text: 'hi' })).toMatchObject({ ok: false, code: 'not-at-table' });
  });
});

describe('host powers', () => {
  it('belong to the host alone', async () => {
    const { code } = await table();
    const ann = await guest(code, 'Ann', 0);
    for (const [event, payload] of [
      ['set-rules', { config: { variant: 'auction-west' } }],
      ['add-bot', { seat: 1 }],
      ['remove-player', { playerId: ann.playerId }],
      ['move-player', { playerId: ann.playerId, seat: 2 }],
      ['start-game', undefined],
    ] as const) {
      expect(await ann.client.request(event, payload as never), event).toMatchObject({
        ok: false,
        code: 'not-host',
      });
    }
    // new-game from a player is a vote to play again (play-again.test.ts): only after a game.
    expect(await ann.client.request('new-game')).toMatchObject({ ok: false, code: 'no-game' });
  });

  it('set the rules, seat bots, move and remove players, and start only with full seats', async () => {
    const { code, host, hostId } = await table({ variant: 'cutthroat' });
    const ann = await guest(code, 'Ann', 0);
    const bob = await guest(code, 'Bob', 2);

    // Three seats to four: double deck.
    const rules = await host.request('set-rules', {
      config: { variant: 'double-deck', target: 300 },
      settings: { seatGraceSeconds: 30 },
      name: 'Renamed',
    });
    expect(rules).toMatchObject({ ok: true });
    let state = await host.waitFor('table', (t) => t.seats.length === 4);
    expect(state).toMatchObject({ name: 'Renamed', rules: { variant: 'double-deck', target: 300 } });
    expect(state.settings.seatGraceSeconds).toBe(30);
    expect(await host.request('set-rules', { config: { variant: 'double-deck', target: 7 } })).toMatchObject({
      ok: false,
      code: 'bad-config',
    });

    expect(await host.request('start-game')).toMatchObject({ ok: false, code: 'seats-empty' });
    expect(await host.request('add-bot', { seat: 0 })).toMatchObject({ ok: false, code: 'seat-taken' });
    const bot = await host.request('add-bot', { seat: 1 });
    expect(bot).toMatchObject({ ok: true });
    expect(await host.request('move-player', { playerId: bob.playerId, seat: 3 })).toMatchObject({
      ok: true,
    });
    expect(await host.request('move-player', { playerId: hostId, seat: 2 })).toMatchObject({ ok: true });
    state = await host.waitFor('table', (t) => t.seats[2]?.player?.id === hostId);
    expect(state.seats.map((s) => s.player?.name ?? null)).toEqual(['Ann', 'Bot 2', 'Host', 'Bob']);
    expect(state.seats[1]?.player?.bot).toBe(true);

    // Removing Ann: she is told, her seat empties, and her token no longer admits her.
    const removed = ann.client.next('removed');
    expect(await host.request('remove-player', { playerId: ann.playerId })).toMatchObject({ ok: true });
    expect(await removed).toMatchObject({ table: code });
    expect(await host.request('remove-player', { playerId: hostId })).toMatchObject({ ok: false });
    const back = await TestClient.connect(url);
    clients.push(back);
    expect(await back.request('join', { code, displayName: 'Ann', token: ann.token })).toMatchObject({
      ok: false,
      code: 'bad-token',
    });

    expect(await host.request('add-bot', { seat: 0 })).toMatchObject({ ok: true });
    const started = await host.request('start-game');
    expect(started).toMatchObject({ ok: true });
    expect(await host.request('start-game')).toMatchObject({ ok: false, code: 'game-running' });
    expect(await host.request('set-rules', { config: { variant: 'cutthroat' } })).toMatchObject({
      ok: false,
      code: 'game-running',
    });
    // During a game nobody sits in a second seat: they would see a second hand.
    expect(await host.request('leave-seat')).toMatchObject({ ok: true });
    expect(await bob.client.request('leave-seat')).toMatchObject({ ok: true });
    expect(await host.request('take-seat', { seat: 3 })).toMatchObject({ ok: false, code: 'seat-locked' });
    expect(await host.request('take-seat', { seat: 2 })).toMatchObject({ ok: true });
    expect(await bob.client.request('take-seat', { seat: 3 })).toMatchObject({ ok: true });
  });

  it('start a new game after one has ended', async () => {
    const { host } = await table({ variant: 'auction-west', target: { kind: 'rounds', rounds: 1 } });
    expect(await host.request('new-game')).toMatchObject({ ok: false, code: 'no-game' });
    for (const seat of [0, 1, 2]) await host.request('add-bot', { seat });
    const first = await host.request('start-game');
    if (!first.ok) throw new Error(first.message);
    await gameOver(host, first.gameId);
    const second = await host.request('new-game');
    expect(second).toMatchObject({ ok: true });
    const state = await host.waitFor('table', (t) => t.game?.number === 2);
    expect(state.game?.id).toBe(second.ok && second.gameId);
    expect(state.game?.id).not.toBe(first.gameId);
  });
});

describe('idle tables', () => {
  it('leave memory and come back from the database as they were', async () => {
    const { code, host, hostId, token } = await table(
      { variant: 'double-deck', target: 300 },
      { settings: { botStandIn: true } },
    );
    await host.request('add-bot', { seat: 1 });
    const before = latestTable(host);
    host.close();
    const lobby = handle.server.lobby;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lobby.sweep(Date.now() + 24 * 3600_000)).toBeGreaterThanOrEqual(1);
    expect([...lobby.tables].some((t) => t.code === code)).toBe(false);

    const back = await TestClient.connect(url);
    clients.push(back);
    expect(await back.request('join', { code, displayName: 'Host', token })).toMatchObject({
      ok: true,
      playerId: hostId,
      host: true,
    });
    const again = latestTable(back);
    expect(again.rules).toEqual(before.rules);
    expect(again.settings).toEqual(before.settings);
    expect(again.seats.map((s) => s.player?.name ?? null)).toEqual(
      before.seats.map((s) => s.player?.name ?? null),
    );
  });
});

describe('chat', () => {
  it('reaches everyone at the table, within its limits', async () => {
    const { code, host } = await table();
    const ann = await guest(code, 'Ann', 0);
    const heard = host.next('chat');
    expect(await ann.client.request('chat', { text: '  good luck  ' })).toMatchObject({ ok: true });
    expect(await heard).toMatchObject({ from: { playerId: ann.playerId, name: 'Ann' }, text: 'good luck' });
    expect(await ann.client.request('chat', { text: 'x'.repeat(501) })).toMatchObject({
      ok: false,
      code: 'malformed',
    });
    const replies = [];
    for (let i = 0; i < 6; i++) replies.push(await ann.client.request('chat', { text: `line ${i}` }));
    expect(replies.filter((reply) => !reply.ok).map((reply) => !reply.ok && reply.code)).toEqual([
      'chat-too-fast',
      'chat-too-fast',
    ]);
    // Whoever arrives later is shown what was said.
    const late = await guest(code, 'Late');
    await late.client.waitFor('chat', (message) => message.text === 'line 3');
    expect(late.client.all('chat').map((message) => message.text)).toEqual([
      'good luck',
      'line 0',
      'line 1',
      'line 2',
      'line 3',
    ]);
  });
});
