/**
 * Whole games over real sockets: bot clients in every seat playing from the views they
 * are sent, a named spectator and an anonymous watcher looking on. Afterwards every
 * payload each of them received is checked against the game log (wire-check.ts), and
 * the game's records are read back over HTTP.
 */

import { sha256Hex } from '@kibitz/rules';
import { type GameConfigInput, replay, type Variant } from '@kibitz/rules/pinochle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotClient, gameOver, TestClient } from '../testing/clients.ts';
import { joinTable, openTable, SETUP_TIMEOUT, startTestServer, type TestServer } from '../testing/server.ts';
import { checkWire, type ExportedGame } from '../testing/wire-check.ts';

let handle: TestServer;
let url: string;

beforeAll(async () => {
  handle = await startTestServer();
  url = handle.server.url;
}, SETUP_TIMEOUT);
afterAll(async () => {
  await handle?.dispose();
});

async function getJson<T>(path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${path}`);
  return { status: response.status, body: (await response.json()) as T };
}

const games: [Variant, GameConfigInput][] = [
  ['auction-west', { variant: 'auction-west' }],
  ['cutthroat', { variant: 'cutthroat' }],
  ['double-deck', { variant: 'double-deck' }],
];

describe.each(games)('a full game of %s through the sockets', (variant, config) => {
  it('plays to the end, leaks nothing, and keeps its records', { timeout: 180_000 }, async () => {
    // A result panel long enough (300 "seconds" of 10 ms) that the players press Continue themselves.
    const { code, host } = await openTable(url, config, { listed: true, settings: { handEndSeconds: 300 } });
    const seats = variant === 'double-deck' ? 4 : 3;
    const players = await Promise.all(
      Array.from({ length: seats }, (_, seat) => joinTable(url, code, `Player ${seat}`, seat)),
    );
    const bots = players.map(({ client }) => new BotClient(client));
    const spectator = await joinTable(url, code, 'Kibitzer');
    const watcher = await TestClient.connect(url);
    expect(await watcher.request('watch', { code })).toMatchObject({ ok: true, playerId: null });

    const lobby = await getJson<{ tables: { code: string; seatsTaken: number; status: string }[] }>(
      '/api/tables',
    );
    expect(lobby.body.tables.find((table) => table.code === code)).toMatchObject({
      seatsTaken: seats,
      status: 'waiting',
    });

    const started = await host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    const { gameId } = started;

    // While the game runs the log and the export stay closed: they hold hidden cards and the seed.
    expect((await getJson(`/api/games/${gameId}/export`)).status).toBe(409);
    expect((await getJson(`/api/games/${gameId}/log`)).status).toBe(409);

    const endings = await Promise.all(
      [...players.map((p) => p.client), spectator.client, watcher, host].map((client) =>
        gameOver(client, gameId),
      ),
    );
    for (const ending of endings) expect(ending).toEqual(endings[0]);

    const exported = (
      await getJson<ExportedGame & { game: { result: unknown } }>(`/api/games/${gameId}/export`)
    ).body;
    const replayed = replay(exported.game.config, exported.game.seed, exported.actions);
    if (!replayed.ok) throw new Error('the exported log does not replay');
    expect(replayed.state.phase).toBe('game-over');
    expect(replayed.state.result).toEqual(endings[0]!.result);
    expect(exported.game.result).toEqual(replayed.state.result);
    expect(exported.actions.map((a) => a.seq)).toEqual(exported.actions.map((_, i) => i));
    // Who played: the replay and the export name the seats.
    expect((exported.game as unknown as { players: unknown }).players).toEqual(
      Array.from({ length: seats }, (_, seat) => ({ seat, name: `Player ${seat}`, bot: false })),
    );

    // Every payload every client received, checked against the log.
    const viewers = [...players.map((_, seat) => seat), 'spectator', 'spectator', 'spectator'] as const;
    const clients = [...players.map((p) => p.client), spectator.client, watcher, host];
    let payloads = 0;
    clients.forEach((client, i) => {
      const report = checkWire(client.received, exported, viewers[i]!);
      expect(report.problems, `client ${i}`).toEqual([]);
      expect(report.views).toBeGreaterThan(0);
      expect(report.reveals).toBe(replayed.state.history.length);
      payloads += report.payloads;
    });
    expect(payloads).toBeGreaterThan(exported.actions.length * clients.length);
    // The bots played from their views alone and were never refused (no stale or illegal moves).
    expect(bots.reduce((sum, bot) => sum + bot.rejections, 0)).toBe(0);

    // The records, now that the game is over.
    const sheet = await getJson<{ history: unknown[]; text: string; result: unknown }>(
      `/api/games/${gameId}/score-sheet`,
    );
    expect(sheet.body.history).toEqual(replayed.state.history);
    expect(sheet.body.result).toEqual(replayed.state.result);
    expect(sheet.body.text.length).toBeGreaterThan(0);
    const log = await getJson<{ actions: unknown[] }>(`/api/games/${gameId}/log`);
    expect(log.body.actions).toHaveLength(exported.actions.length);
    const replayHands = await getJson<{ hands: { seed: string; commitment: string; dealt: string[][] }[] }>(
      `/api/games/${gameId}/replay`,
    );
    expect(replayHands.body.hands).toHaveLength(replayed.state.history.length);
    for (const hand of replayHands.body.hands) {
      expect(sha256Hex(hand.seed)).toBe(hand.commitment);
      expect(hand.dealt).toHaveLength(seats);
    }
    const summary = await getJson<{ status: string }>(`/api/games/${gameId}`);
    expect(summary.body.status).toBe('finished');

    for (const client of clients) client.close();
  });
});
