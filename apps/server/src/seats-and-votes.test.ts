/**
 * People at the table (issue 8, point 3; CONTRACT.md Agreement 2), over real sockets:
 * the creator sits in seat 0 on arrival; leaving a seat mid-game holds it for the leaver
 * for the grace period (a bot stands in when the house says so) and nobody else may take
 * it; "Play again" after game over is a vote of the seated players (the host's starts at
 * once); named spectators may chat unless the host turns it off; the new table settings
 * are stored with the table.
 */
import type { TableState } from '@kibitz/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotClient, gameOver, TestClient } from '../testing/clients.ts';
import { joinTable, openTable, SETUP_TIMEOUT, startTestServer, type TestServer } from '../testing/server.ts';
import { isStandIn } from './table-core/state.ts';

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

function tableOf(code: string) {
  return [...handle.server.lobby.tables].find((table) => table.code === code)!;
}

async function until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function open(...args: Parameters<typeof openTable>) {
  const opened = await openTable(...args);
  clients.push(opened.host);
  return opened;
}

async function guest(code: string, name: string, seat?: number) {
  const joined = await joinTable(url, code, name, seat);
  clients.push(joined.client);
  return joined;
}

const latestTable = (client: TestClient): TableState => client.latest('table')!;

/** A one-hand game of Auction Pinochle: quick to play to the end. */
const oneHand = { variant: 'auction-west', target: { kind: 'rounds', rounds: 1 } } as const;

describe('the creator of a table', () => {
  it('sits in seat 0 on arrival, and is the host', async () => {
    const { code, host, hostId } = await open(url, { variant: 'double-deck' }, {}, { hostSeated: true });
    expect(host.latest('welcome')).toMatchObject({ seat: 0, host: true, playerId: hostId });
    const state = await host.waitFor('table', (t) => t.seats[0]?.player?.id === hostId);
    expect(state.seats.map((s) => s.player?.name ?? null)).toEqual(['Host', null, null, null]);
    expect(state.spectators).toEqual([]);
    // Stored so: after the table left memory and came back, the host is still in seat 0.
    host.close();
    await until(() => tableOf(code).state.sockets.size === 0);
    expect(handle.server.lobby.sweep(Date.now() + 24 * 3600_000)).toBeGreaterThanOrEqual(1);
    const stored = await handle.server.db.prisma.player.findUniqueOrThrow({ where: { id: hostId } });
    expect(stored.seat).toBe(0);
    const { client } = await guest(code, 'Late');
    expect(latestTable(client).seats[0]?.player).toMatchObject({ id: hostId, name: 'Host' });
  });
});

describe('leaving a seat while a game runs', () => {
  it('holds the seat for the leaver for the grace period; nobody else may take it', async () => {
    // An hour: the hold outlasts this test however busy the machine is.
    const { code, host } = await open(
      url,
      { variant: 'cutthroat' },
      { settings: { seatGraceSeconds: 3600 } },
    );
    await host.request('add-bot', { seat: 0 });
    await host.request('add-bot', { seat: 2 });
    const ann = await guest(code, 'Ann', 1);
    const bob = await guest(code, 'Bob');
    expect(await host.request('start-game')).toMatchObject({ ok: true });

    // Ann stands up and comes straight back: her seat was held, and it is hers again.
    expect(await ann.client.request('leave-seat')).toMatchObject({ ok: true });
    let state = await host.waitFor('table', (t) => t.seats[1]?.heldFor !== null);
    expect(state.seats[1]).toMatchObject({
      player: null,
      heldFor: { playerId: ann.playerId, name: 'Ann', until: expect.any(Number) },
    });
    expect(state.spectators.map((s) => s.name)).toContain('Ann');
    // Nobody else may sit there: not by themselves, not moved by the host, not a bot.
    expect(await bob.client.request('take-seat', { seat: 1 })).toMatchObject({
      ok: false,
      code: 'seat-held',
    });
    expect(await host.request('move-player', { playerId: bob.playerId, seat: 1 })).toMatchObject({
      ok: false,
      code: 'seat-held',
    });
    expect(await host.request('add-bot', { seat: 1 })).toMatchObject({ ok: false, code: 'seat-held' });
    expect(await ann.client.request('take-seat', { seat: 1 })).toMatchObject({ ok: true });
    state = await host.waitFor('table', (t) => t.seats[1]?.player?.id === ann.playerId);
    expect(state.seats[1]?.heldFor).toBeNull();
    // Her seat is hers again, as before she stood up.
    expect(await bob.client.request('take-seat', { seat: 1 })).toMatchObject({
      ok: false,
      code: 'seat-taken',
    });
  });

  it('opens the seat to anyone when the grace period runs out', async () => {
    const { code, host } = await open(url, { variant: 'cutthroat' }, { settings: { seatGraceSeconds: 30 } });
    await host.request('add-bot', { seat: 0 });
    await host.request('add-bot', { seat: 2 });
    const ann = await guest(code, 'Ann', 1);
    const bob = await guest(code, 'Bob');
    expect(await host.request('start-game')).toMatchObject({ ok: true });

    // She leaves and stays away: after the grace period (30 "seconds" of 10 ms) the seat opens.
    expect(await ann.client.request('leave-seat')).toMatchObject({ ok: true });
    // (The latest table state after her leave-seat shows the hold, unless it has run out already.)
    const state = await host.waitFor(
      'table',
      (t) => t.seats[1]?.player === null && t.seats[1]?.heldFor === null,
      10_000,
    );
    // It was held first (the broadcast as she stood up), then opened.
    expect(host.all('table').some((t) => t.seats[1]?.heldFor?.playerId === ann.playerId)).toBe(true);
    expect(state.seats[1]?.player).toBeNull();
    expect(await bob.client.request('take-seat', { seat: 1 })).toMatchObject({ ok: true });
    // Bob now plays seat 1: he is sent that seat's own view.
    const view = await bob.client.waitFor('view', (v) => v.view.viewer === 1);
    expect(view.view.hand?.length).toBeGreaterThan(0);
    // And Ann, who held seat 1 in this game, may not take another one (she would see a second hand).
    expect(await ann.client.request('take-seat', { seat: 1 })).toMatchObject({
      ok: false,
      code: 'seat-taken',
    });
  });

  it('lets a stand-in bot play the held seat when the house says so, and opens it at game over', async () => {
    const { code, host } = await open(url, oneHand, {
      settings: { botStandIn: true, seatGraceSeconds: 3600 }, // an hour: only the game's end opens it
    });
    await host.request('add-bot', { seat: 0 });
    await host.request('add-bot', { seat: 2 });
    const ann = await guest(code, 'Ann', 1);
    const annBot = new BotClient(ann.client);
    const started = await host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    const table = tableOf(code);
    await until(() => table.game!.version >= 3);
    annBot.stop();
    expect(await ann.client.request('leave-seat')).toMatchObject({ ok: true });
    await host.waitFor('table', (t) => t.seats[1]?.heldFor?.playerId === ann.playerId);
    expect(isStandIn(tableOf(code).state, 1)).toBe(true);

    // The stand-in plays seat 1 to the end of the game; then the seat opens.
    const over = await gameOver(host, started.gameId);
    expect(over.result.winners.length).toBeGreaterThan(0);
    const rows = await handle.server.db.prisma.gameAction.findMany({
      where: { gameId: started.gameId, seat: 1 },
    });
    expect(rows.length).toBeGreaterThan(0);
    const state = await host.waitFor('table', (t) => t.game?.status === 'finished');
    expect(state.seats[1]).toMatchObject({ player: null, heldFor: null });
    expect(table.state.seats.filter((holder) => holder?.left).length).toBe(0);
    const cleo = await guest(code, 'Cleo');
    expect(await cleo.client.request('take-seat', { seat: 1 })).toMatchObject({ ok: true });
  });
});

describe('play again', () => {
  /** A finished one-hand game: Ann (seat 0) and Bob (seat 1) play through bot clients, a bot in seat 2. */
  async function finishedGame(hostSeated = false) {
    const opened = await open(url, oneHand, {}, { hostSeated });
    const { code, host } = opened;
    const ann = hostSeated ? null : await guest(code, 'Ann', 0);
    const bob = await guest(code, 'Bob', 1);
    await host.request('add-bot', { seat: 2 });
    const players = [ann?.client ?? host, bob.client].map((client) => new BotClient(client));
    const started = await host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    await gameOver(host, started.gameId);
    for (const player of players) player.stop();
    return { ...opened, ann, bob, firstGame: started.gameId };
  }

  it('is a vote of the seated players: the game starts when every human has asked, same seats', async () => {
    const { code, host, ann, bob, firstGame } = await finishedGame();
    const before = latestTable(host).seats.map((s) => s.player?.id ?? null);
    expect(latestTable(host).playAgain).toEqual([]);

    // A spectator has no vote.
    const kibitzer = await guest(code, 'Kibitzer');
    expect(await kibitzer.client.request('new-game')).toMatchObject({ ok: false, code: 'not-seated' });

    // Ann asks: a vote, no game yet; everyone sees who asked.
    const annVote = await ann!.client.request('new-game');
    expect(annVote).toEqual({ ok: true });
    let state = await host.waitFor('table', (t) => t.playAgain.length === 1);
    expect(state.playAgain).toEqual([0]);
    expect(state.game).toMatchObject({ id: firstGame, status: 'finished' });
    // Asking twice counts once.
    expect(await ann!.client.request('new-game')).toEqual({ ok: true });
    expect(tableOf(code).game!.id).toBe(firstGame);

    // Bob asks too; the bot in seat 2 agrees: the next game starts, with the same seats.
    const bobVote = await bob.client.request('new-game');
    expect(bobVote).toMatchObject({ ok: true, gameId: expect.any(String) });
    const gameId = bobVote.ok ? bobVote.gameId : undefined;
    state = await host.waitFor('table', (t) => t.game?.id === gameId);
    expect(state.game).toMatchObject({ number: 2, status: 'running' });
    expect(state.playAgain).toEqual([]);
    expect(state.seats.map((s) => s.player?.id ?? null)).toEqual(before);
    await ann!.client.waitFor('view', (v) => v.gameId === gameId && v.view.viewer === 0);
    // While it runs there is nothing to vote for.
    expect(await ann!.client.request('new-game')).toMatchObject({ ok: false, code: 'game-running' });
  });

  it('starts at once when the host asks, whoever else has asked or not', async () => {
    const { host, firstGame } = await finishedGame(true);
    expect(latestTable(host).seats[0]?.player?.name).toBe('Host');
    const started = await host.request('new-game');
    expect(started).toMatchObject({ ok: true, gameId: expect.any(String) });
    const state = await host.waitFor('table', (t) => t.game?.number === 2);
    expect(state.game?.id).not.toBe(firstGame);
  });

  it('forgets the vote of a player who stands up; a bot in the empty seat agrees', async () => {
    const { host, ann, bob, firstGame, code } = await finishedGame();
    expect(await ann!.client.request('new-game')).toEqual({ ok: true });
    expect(await bob.client.request('leave-seat')).toMatchObject({ ok: true });
    let state = await host.waitFor('table', (t) => t.seats[1]?.player === null);
    // After a game, leaving opens the seat at once.
    expect(state.seats[1]?.heldFor).toBeNull();
    expect(state.playAgain).toEqual([0]);
    // Ann stands up too: her vote goes.
    expect(await ann!.client.request('leave-seat')).toMatchObject({ ok: true });
    state = await host.waitFor('table', (t) => t.seats[0]?.player === null);
    expect(state.playAgain).toEqual([]);
    expect(await ann!.client.request('take-seat', { seat: 0 })).toMatchObject({ ok: true });
    expect(await ann!.client.request('new-game')).toEqual({ ok: true });
    expect(tableOf(code).game!.id).toBe(firstGame);
    // The host seats a bot in the empty seat: every human in a seat has asked, so it starts.
    expect(await host.request('add-bot', { seat: 1 })).toMatchObject({ ok: true });
    state = await host.waitFor('table', (t) => t.game?.number === 2);
    expect(state.game?.status).toBe('running');
    expect(state.seats.map((s) => s.player?.name)).toEqual(['Ann', 'Bot 2', 'Bot 3']);
  });
});

describe('spectator chat', () => {
  it('is open to named spectators unless the host turns it off', async () => {
    const { code, host } = await open(url, { variant: 'cutthroat' }, { settings: { spectatorChat: false } });
    const player = await guest(code, 'Player', 1);
    const kibitzer = await guest(code, 'Kibitzer');
    const watcher = await TestClient.connect(url);
    clients.push(watcher);
    await watcher.request('watch', { code });
    expect(await kibitzer.client.request('chat', { text: 'hello' })).toMatchObject({
      ok: false,
      code: 'spectator-chat-off',
    });
    expect(await watcher.request('chat', { text: 'hello' })).toMatchObject({
      ok: false,
      code: 'not-at-table',
    });
    // Players may always; so may the host (who sets the rule), seated or not.
    expect(await player.client.request('chat', { text: 'from a seat' })).toMatchObject({ ok: true });
    expect(await host.request('chat', { text: 'from the host' })).toMatchObject({ ok: true });
    const seen = await kibitzer.client.waitFor('chat', (m) => m.text === 'from the host');
    expect(seen.from.name).toBe('Host');
    expect(kibitzer.client.all('chat').map((m) => m.text)).toEqual(['from a seat', 'from the host']);

    expect(await host.request('set-rules', { settings: { spectatorChat: true } })).toMatchObject({
      ok: true,
    });
    expect(await kibitzer.client.request('chat', { text: 'thanks' })).toMatchObject({ ok: true });
    await player.client.waitFor('chat', (m) => m.text === 'thanks');
    // Still nothing from anonymous watchers.
    expect(await watcher.request('chat', { text: 'hello' })).toMatchObject({
      ok: false,
      code: 'not-at-table',
    });
  });
});

describe('the new table settings', () => {
  it('have their defaults, are stored with the table and come back with it', async () => {
    const { code, host, token } = await open(url, { variant: 'cutthroat' });
    expect(latestTable(host).settings).toMatchObject({
      pace: 'normal',
      trickPauseMs: null,
      handEndSeconds: 10,
      spectatorChat: true,
      playAids: true,
    });
    const chosen = {
      pace: 'fast' as const,
      trickPauseMs: 400,
      handEndSeconds: 0,
      spectatorChat: false,
      playAids: false,
    };
    expect(await host.request('set-rules', { settings: chosen })).toMatchObject({ ok: true });
    expect(
      await host.request('set-rules', { settings: { trickPauseMs: 9000 } as { trickPauseMs: number } }),
    ).toMatchObject({ ok: false, code: 'malformed' });
    await host.waitFor('table', (t) => t.settings.trickPauseMs === 400);
    host.close();
    await until(() => tableOf(code).state.sockets.size === 0);
    handle.server.lobby.sweep(Date.now() + 24 * 3600_000);
    const back = await TestClient.connect(url);
    clients.push(back);
    await back.request('join', { code, displayName: 'Host', token });
    expect(latestTable(back).settings).toMatchObject(chosen);
  });

  it('the pace changes while a game runs and leaves the other settings as they were; the rest wait for the end', async () => {
    const { code, host } = await open(
      url,
      { variant: 'cutthroat' },
      { settings: { hints: true, playAids: false } },
    );
    for (const seat of [0, 1, 2]) expect(await host.request('add-bot', { seat })).toMatchObject({ ok: true });
    expect(await host.request('start-game')).toMatchObject({ ok: true });
    expect(await host.request('set-rules', { settings: { pace: 'fast' } })).toMatchObject({ ok: true });
    await host.waitFor('table', (t) => t.settings.pace === 'fast');
    expect(tableOf(code).state.settings).toMatchObject({ pace: 'fast', hints: true, playAids: false });
    expect(await host.request('set-rules', { settings: { playAids: true } })).toMatchObject({
      ok: false,
      code: 'game-running',
    });
    const stored = await handle.server.db.prisma.room.findUnique({ where: { code } });
    expect(stored?.settings).toMatchObject({ pace: 'fast', hints: true, playAids: false });
  });

  it('are filled in with their defaults for a table stored before they existed', async () => {
    const { code, host, token } = await open(url, { variant: 'cutthroat' });
    host.close();
    await until(() => tableOf(code).state.sockets.size === 0);
    // As an older server stored it: only the settings it knew.
    await handle.server.db.prisma.room.update({
      where: { code },
      data: { settings: { seatGraceSeconds: 60, botStandIn: true, turnTimerSeconds: null } },
    });
    handle.server.lobby.sweep(Date.now() + 24 * 3600_000);
    const back = await TestClient.connect(url);
    clients.push(back);
    await back.request('join', { code, displayName: 'Host', token });
    expect(latestTable(back).settings).toEqual({
      seatGraceSeconds: 60,
      botStandIn: true,
      turnTimerSeconds: null,
      pace: 'normal',
      trickPauseMs: null,
      handEndSeconds: 10,
      spectatorChat: true,
      playAids: true,
      hints: false,
    });
  });
});
