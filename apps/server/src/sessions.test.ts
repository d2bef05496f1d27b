/**
 * Sessions (issue 12, first list): a socket belongs to a table only after a successful
 * join, a refused join or create leaves it where it was, one member per guest per
 * table, and the smaller protocol faults (a watcher acting, the host removing themselves,
 * an ack id no client can read).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestClient } from '../testing/clients.ts';
import { joinTable, openTable, SETUP_TIMEOUT, startTestServer, type TestServer } from '../testing/server.ts';
import { TableStore } from './db/table-store.ts';

async function until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('sessions', () => {
  let handle: TestServer;
  let url: string;
  beforeAll(async () => {
    handle = await startTestServer();
    url = handle.server.url;
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await handle?.dispose();
  });

  it('a seated player whose join with a bad token is refused stays seated, acts, and is held when gone', async () => {
    const { code, host } = await openTable(
      url,
      { variant: 'cutthroat' },
      { settings: { seatGraceSeconds: 600 } },
    );
    const player = await joinTable(url, code, 'P1', 1);
    expect(await host.request('add-bot', { seat: 2 })).toMatchObject({ ok: true });
    expect(await host.request('add-bot', { seat: 0 })).toMatchObject({ ok: true });
    expect(await host.request('start-game')).toMatchObject({ ok: true });

    const refused = await player.client.request('join', { code, displayName: 'P1', token: 'forged.token' });
    expect(refused).toMatchObject({ ok: false });
    // Still at the table: a chat message goes through, and a take-seat of its own seat is fine.
    expect(await player.client.request('chat', { text: 'still here' })).toMatchObject({ ok: true });
    expect(await player.client.request('take-seat', { seat: 1 })).toMatchObject({ ok: true });

    player.client.close();
    const held = await host.waitFor('table', (t) => t.seats[1]?.player?.connected === false);
    expect(held.seats[1]?.player?.heldUntil).toEqual(expect.any(Number));
    host.close();
  });

  it('a player who drops is held even when storing the hold fails (the leave is never refused)', async () => {
    const { code, host } = await openTable(
      url,
      { variant: 'cutthroat' },
      { settings: { seatGraceSeconds: 600 } },
    );
    const player = await joinTable(url, code, 'P1', 1);
    const failing = vi.spyOn(TableStore.prototype, 'setHold').mockRejectedValue(new Error('database away'));
    try {
      player.client.close();
      const held = await host.waitFor('table', (t) => t.seats[1]?.player?.connected === false);
      expect(held.seats[1]?.player?.heldUntil).toEqual(expect.any(Number));
      expect(failing).toHaveBeenCalled();
    } finally {
      failing.mockRestore();
    }
    // Back with the token: the seat is theirs, connected again.
    const back = await TestClient.connect(url);
    expect(await back.request('join', { code, token: player.token })).toMatchObject({ ok: true, seat: 1 });
    await host.waitFor('table', (t) => t.seats[1]?.player?.connected === true);
    back.close();
    host.close();
  });

  it('a refused create-table or a refused join elsewhere leaves the sender at its table', async () => {
    const { code, host } = await openTable(url, { variant: 'cutthroat' });
    const player = await joinTable(url, code, 'P1', 1);
    expect(await host.request('add-bot', { seat: 2 })).toMatchObject({ ok: true });
    expect(await host.request('add-bot', { seat: 0 })).toMatchObject({ ok: true });

    const badCreate = await player.client.request('create-table', {
      name: 'x',
      config: { variant: 'auction-west', minimumBid: 7 },
      displayName: 'P1',
    });
    expect(badCreate).toMatchObject({ ok: false });
    const badJoin = await player.client.request('join', { code: 'ZZZZ-ZZZZ-ZZ', displayName: 'P1' });
    expect(badJoin).toMatchObject({ ok: false });
    const other = await openTable(url, { variant: 'cutthroat' });
    const badToken = await player.client.request('join', {
      code: other.code,
      displayName: 'P1',
      token: player.token,
    });
    expect(badToken).toMatchObject({ ok: false });

    expect(await host.request('start-game')).toMatchObject({ ok: true });
    const mine = await player.client.waitFor('view', (v) => v.view.viewer === 1);
    expect(mine.view.hand?.length).toBeGreaterThan(0);
    const table = host.latest('table')!;
    expect(table.seats[1]?.player).toMatchObject({ name: 'P1', connected: true });
    for (const client of [host, player.client, other.host]) client.close();
  });

  it('keeps one member per guest: repeated joins from one socket do not pile up', async () => {
    const { code, host } = await openTable(url, { variant: 'cutthroat' }, {}, { hostSeated: true });
    const clients = await Promise.all(Array.from({ length: 8 }, () => TestClient.connect(url)));
    for (let round = 0; round < 40; round++) {
      await Promise.all(
        clients.map((client, i) => client.request('join', { code, displayName: `Guest ${i}` })),
      );
    }
    await until(() => (host.latest('table')?.spectators.length ?? 0) >= 8);
    const table = host.latest('table')!;
    expect(table.spectators.length).toBe(8);
    // Gone spectators are not kept forever either: once they leave, they expire.
    for (const client of clients) client.close();
    await until(() => host.latest('table')?.spectators.length === 0);
    host.close();
  });

  it('tells a watcher who acts that watchers cannot play, and the host that they cannot remove themselves', async () => {
    const { code, host, hostId } = await openTable(url, { variant: 'cutthroat' });
    const watcher = await TestClient.connect(url);
    expect(await watcher.request('watch', { code })).toMatchObject({ ok: true });
    const acted = await watcher.request('act', { version: 0, action: { type: 'pass' } });
    expect(acted).toMatchObject({ ok: false, code: 'not-seated' });
    const removed = await host.request('remove-player', { playerId: hostId });
    expect(removed).toMatchObject({ ok: false, code: 'cannot-remove-host' });
    for (const client of [host, watcher]) client.close();
  });

  it('resumes a socket by itself from the token in its handshake, with a whole view', async () => {
    const { code, host } = await openTable(url, { variant: 'cutthroat' });
    const player = await joinTable(url, code, 'P1', 1);
    for (const seat of [0, 2]) expect(await host.request('add-bot', { seat })).toMatchObject({ ok: true });
    expect(await host.request('start-game')).toMatchObject({ ok: true });
    await player.client.waitFor('view', (v) => v.view.viewer === 1);
    player.client.close();
    await host.waitFor('table', (t) => t.seats[1]?.player?.connected === false);
    const back = new TestClient(url, { auth: { code, token: player.token } });
    const welcome = await back.next('welcome');
    expect(welcome).toMatchObject({ table: code, playerId: player.playerId, seat: 1 });
    const view = await back.waitFor('view', () => true);
    expect(view.view.viewer).toBe(1);
    expect(back.received.find((entry) => entry.event === 'view')?.wire).not.toHaveProperty('base');
    // No chat replayed unasked on a return; and the seat is no longer held.
    expect(back.all('chat')).toEqual([]);
    await host.waitFor('table', (t) => t.seats[1]?.player?.connected === true);
    // A refused resume (a forged token) says so, and the socket is at no table.
    const forged = new TestClient(url, { auth: { code, token: 'forged.token' } });
    expect(await forged.next('rejection')).toMatchObject({ event: 'join', code: 'bad-token' });
    expect(await forged.request('chat', { text: 'hi' })).toMatchObject({ ok: false, code: 'not-at-table' });
    for (const client of [host, back, forged]) client.close();
  });

  it('never answers with an ack id a client cannot read', async () => {
    const client = await TestClient.connect(url);
    const engine = client.socket.io.engine;
    const raw: string[] = [];
    engine.on('message', (data) => raw.push(String(data)));
    const closed = new Promise<void>((resolve) => client.socket.once('disconnect', () => resolve()));
    // An EVENT packet (type 2) asking for ack number 10^23.
    engine.write(`2${'1'.padEnd(24, '0')}["chat",{"text":"hi"}]`);
    await closed;
    for (const packet of raw) expect(packet).not.toMatch(/^3\d*e/);
    client.close();
  });
});
