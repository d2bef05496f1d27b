/**
 * SIGKILL recovery of Bridge games (issue 9), as crash.test.ts does for Pinochle: the real
 * server in a child process is killed in the middle of a hand (the dummy face up, cards on
 * the table), then started again on the same data directory. Every game carries on from its
 * log, everything anyone was shown before and after agrees with that log (the dummy rule
 * included), and the final state equals a replay of the log.
 */
import type { BridgeAction, BridgeConfig, BridgeView } from '@kibitz/rules/bridge';
import { bridgeView, replayBridge } from '@kibitz/rules/bridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChildServer } from '../testing/child-server.ts';
import { BotClient, gameOver, TestClient } from '../testing/clients.ts';
import { joinTable, openTable, SETUP_TIMEOUT } from '../testing/server.ts';
import { checkWire, type ExportedGame } from '../testing/wire-check.ts';

let server: ChildServer;
const clients: TestClient<BridgeView>[] = [];

beforeAll(async () => {
  server = await ChildServer.prepare();
}, SETUP_TIMEOUT);
afterAll(async () => {
  for (const client of clients) client.close();
  await server?.dispose();
});

describe('a server killed mid-hand of Bridge', () => {
  it('resumes every Bridge game from its log after a restart', { timeout: 240_000 }, async () => {
    await server.start();
    const url = server.url;
    const settings = { trickPauseMs: 20, handEndSeconds: 1 };
    // Table 1: four players, two at sockets and two server bots. Table 2: three server bots and the blind hand.
    const first = await openTable<BridgeView>(url, { game: 'auction-bridge' }, { settings });
    for (const seat of [2, 3]) await first.host.request('add-bot', { seat });
    const humans = [
      await joinTable<BridgeView>(url, first.code, 'Ann', 0),
      await joinTable<BridgeView>(url, first.code, 'Bob', 1),
    ];
    const second = await openTable<BridgeView>(
      url,
      { game: 'auction-bridge', players: 3, handLimit: 3 },
      { settings },
    );
    for (const seat of [0, 1, 2]) await second.host.request('add-bot', { seat });
    clients.push(first.host, second.host, ...humans.map((h) => h.client));
    for (const human of humans) new BotClient(human.client);
    const games: string[] = [];
    for (const table of [first, second]) {
      const started = await table.host.request('start-game');
      if (!started.ok) throw new Error(started.message);
      games.push(started.gameId);
    }

    // Kill it in the middle of a hand: the dummy face up, cards on the table, no game over.
    await first.host.waitFor(
      'view',
      (v) => v.version >= 30 && v.view.phase === 'play' && v.view.trick.length > 0 && v.view.dummy !== null,
      120_000,
    );
    await server.kill('SIGKILL');
    const shownBefore = [first.host, second.host].map((host) => host.latest('view')!.version);
    expect(first.host.all('game-over')).toEqual([]);

    await server.start();
    for (const [index, gameId] of games.entries()) {
      const find = () =>
        server.logLines.find((line) => line.msg === 'game recovered from its log' && line.game === gameId);
      for (let wait = 0; find() === undefined && wait < 100; wait++)
        await new Promise((r) => setTimeout(r, 50));
      // A game may have ended before the kill (the hand-limited one): then there is nothing to recover.
      const recovered = find();
      if (second.host.all('game-over').length > 0 && index === 1) continue;
      expect(recovered?.version).toBeGreaterThanOrEqual(shownBefore[index]!);
    }
    const rejoined: TestClient<BridgeView>[] = [];
    for (const [index, { code, token }] of [
      first,
      second,
      ...humans.map((h) => ({ code: first.code, token: h.token })),
    ].entries()) {
      const client = await TestClient.connect<BridgeView>(url);
      rejoined.push(client);
      clients.push(client);
      const reply = await client.request('join', { code, displayName: 'again', token });
      expect(reply, `rejoin ${index}`).toMatchObject({ ok: true });
      if (index >= 2) new BotClient(client);
    }
    const [firstHost, secondHost] = rejoined as [TestClient<BridgeView>, TestClient<BridgeView>];
    const endings = await Promise.all([
      gameOver(firstHost, games[0]!, 200_000),
      gameOver(secondHost, games[1]!, 200_000),
    ]);

    for (const [index, gameId] of games.entries()) {
      const exported = (await (await fetch(`${url}/api/games/${gameId}/export`)).json()) as ExportedGame<
        BridgeConfig,
        BridgeAction
      >;
      const replayed = replayBridge(exported.game.config, exported.game.seed, exported.actions);
      if (!replayed.ok) throw new Error(`log does not replay: ${replayed.error.message}`);
      expect(replayed.state.result).toEqual(endings[index]!.result);
      const host = [firstHost, secondHost][index]!;
      expect(host.latest('view')!.view).toEqual(bridgeView(replayed.state, 'spectator'));
      const before = [first.host, second.host][index]!;
      for (const client of [before, host]) {
        expect(checkWire(client.received, exported, 'spectator').problems).toEqual([]);
      }
      if (index === 0) {
        humans.forEach((human, seat) => {
          expect(checkWire(human.client.received, exported, seat).problems).toEqual([]);
          expect(checkWire(rejoined[2 + seat]!.received, exported, seat).problems).toEqual([]);
        });
      }
    }
    expect(await server.kill('SIGTERM')).toBe(0);
  });
});
