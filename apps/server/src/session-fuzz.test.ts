/**
 * Sessions under fire, over real sockets (issue 12): bots play whole games while their
 * own sockets send refused joins and creates, drop and come back through the handshake,
 * and other sockets flood the server with junk. Every game must still end, with every
 * player back in their own seat.
 */
import { seededRandom } from '@kibitz/bots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotClient, gameOver, TestClient } from '../testing/clients.ts';
import { joinTable, openTable, SETUP_TIMEOUT, startTestServer, type TestServer } from '../testing/server.ts';

describe('a session fuzzer', () => {
  let handle: TestServer;
  let url: string;
  beforeAll(async () => {
    handle = await startTestServer();
    url = handle.server.url;
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await handle?.dispose();
  });

  it('lets every game end through refused joins and creates, reconnects and floods', {
    timeout: 240_000,
  }, async () => {
    const random = seededRandom('session-fuzz');
    const settings = { trickPauseMs: 0, handEndSeconds: 0, seatGraceSeconds: 3600 };
    const config = { variant: 'cutthroat', target: { kind: 'rounds', rounds: 1 } };
    const tables = await Promise.all([0, 1, 2].map(() => openTable(url, config, { settings })));
    const seated = await Promise.all(
      tables.map(async ({ code }) =>
        Promise.all([0, 1, 2].map((seat) => joinTable(url, code, `P${seat}`, seat))),
      ),
    );
    // The bots take 20 ms a move, so the games last long enough for the fuzzer to act during
    // them however fast the machine is (instant bots ended a one-round game within five rounds).
    const moveDelayMs = 20;
    const bots = seated.flat().map((player) => ({
      player,
      bot: new BotClient(player.client, { moveDelayMs }),
    }));
    const games = await Promise.all(
      tables.map(async ({ host }) => {
        const started = await host.request('start-game');
        if (!started.ok) throw new Error(started.message);
        return started.gameId;
      }),
    );
    const flooders = await Promise.all([0, 1].map(() => TestClient.connect(url)));
    const others = tables.map((table) => table.code);

    let done = false;
    const ended = Promise.all(tables.map(({ host }, index) => gameOver(host, games[index]!, 200_000))).then(
      (results) => {
        done = true;
        return results;
      },
    );
    let rounds = 0;
    while (!done) {
      rounds++;
      for (const flooder of flooders) {
        for (let i = 0; i < 20; i++) flooder.sendRaw(random() < 0.5 ? 'act' : 'no-such-event', { junk: i });
      }
      const target = bots[Math.floor(random() * bots.length)]!;
      const { client } = target.bot;
      const code = others[Math.floor(random() * others.length)]!;
      switch (Math.floor(random() * 5)) {
        case 0:
          await client.request('join', { code, displayName: 'X', token: 'forged.token' });
          break;
        case 1:
          await client.request('create-table', {
            name: 'x',
            config: { variant: 'auction-west', minimumBid: 7 },
            displayName: 'X',
          });
          break;
        case 2:
          await client.request('join', { code: 'ZZZZ-ZZZZ-ZZ', displayName: 'X' });
          break;
        case 3:
          await client.request('watch', { code: 'ZZZZ-ZZZZ-ZZ' });
          break;
        default: {
          // Drop, and come back through the handshake alone.
          target.bot.stop();
          client.close();
          const tableCode = tables[Math.floor(bots.indexOf(target) / 3)]!.code;
          const back = new TestClient(url, { auth: { code: tableCode, token: target.player.token } });
          target.bot = new BotClient(back, { moveDelayMs });
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const results = await ended;
    expect(results.every((result) => result.result.winners.length > 0)).toBe(true);
    expect(rounds).toBeGreaterThan(5);
    for (const [index, { host }] of tables.entries()) {
      const state = await host.waitFor('table', (t) => t.game?.status === 'finished');
      expect(state.seats.map((seat) => seat.player?.name)).toEqual(['P0', 'P1', 'P2']);
      expect(state.spectators.map((s) => s.name)).toEqual(['Host']);
      void index;
    }
    for (const { bot } of bots) bot.client.close();
    for (const client of [...flooders, ...tables.map((t) => t.host)]) client.close();
  });
});
