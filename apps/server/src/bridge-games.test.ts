/**
 * Auction Bridge through every layer of the server (issue 9): whole rubbers over real
 * sockets, four-person and three-person (with the blind hand), bot clients playing from the
 * views they are sent beside a server bot, a named spectator and an anonymous watcher looking
 * on; every payload checked against the log (wire-check.ts, with the dummy rule of
 * bridge-wire-check.ts); the records read back over HTTP. Then the dummy rule by hand: who
 * may play the dummy's cards, and what everyone sees before and after the opening lead.
 */
import type { AnyGameView } from '@kibitz/protocol';
import {
  type BridgeAction,
  type BridgeConfig,
  type BridgeConfigInput,
  type BridgeState,
  type BridgeView,
  replayBridge,
} from '@kibitz/rules/bridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotClient, gameOver, TestClient } from '../testing/clients.ts';
import { joinTable, openTable, SETUP_TIMEOUT, startTestServer, type TestServer } from '../testing/server.ts';
import { checkWire, type ExportedGame, statesOf } from '../testing/wire-check.ts';

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

type BridgeExport = ExportedGame<BridgeConfig, BridgeAction> & {
  game: { result: unknown; gameType: string };
};

const rubbers: [string, BridgeConfigInput, number][] = [
  ['four players', { game: 'auction-bridge' }, 4],
  ['three players and the blind hand', { game: 'auction-bridge', players: 3 }, 3],
];

describe.each(rubbers)('a whole Bridge rubber for %s through the sockets', (_name, config, seats) => {
  it('plays to the end, leaks nothing, keeps the dummy rule and its records', {
    timeout: 300_000,
  }, async () => {
    const { code, host } = await openTable<AnyGameView>(url, config, {
      listed: true,
      settings: { handEndSeconds: 300 },
    });
    const lobby = await getJson<{ tables: { code: string; variant: string; seats: number }[] }>(
      '/api/tables',
    );
    expect(lobby.body.tables.find((table) => table.code === code)).toMatchObject({
      variant: seats === 4 ? 'auction-bridge' : 'auction-bridge-3',
      seats,
    });
    // Every seat but the last played by a client from its views; the last by a server bot.
    const players = await Promise.all(
      Array.from({ length: seats - 1 }, (_, seat) =>
        joinTable<BridgeView>(url, code, `Player ${seat}`, seat),
      ),
    );
    expect(await host.request('add-bot', { seat: seats - 1, level: 'easy' })).toMatchObject({ ok: true });
    const bots = players.map(({ client }) => new BotClient(client));
    const spectator = await joinTable<BridgeView>(url, code, 'Kibitzer');
    const watcher = await TestClient.connect<BridgeView>(url);
    expect(await watcher.request('watch', { code })).toMatchObject({ ok: true, playerId: null });

    const table = await host.waitFor('table', (t) => t.seats.every((s) => s.player !== null));
    expect(table.rules).toMatchObject({ game: 'auction-bridge', players: seats });
    const started = await host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    const { gameId } = started;
    expect((await getJson(`/api/games/${gameId}/export`)).status).toBe(409);

    const clients = [...players.map((p) => p.client), spectator.client, watcher, host];
    const endings = await Promise.all(clients.map((client) => gameOver(client, gameId, 240_000)));
    for (const ending of endings) expect(ending).toEqual(endings[0]);

    const exported = (await getJson<BridgeExport>(`/api/games/${gameId}/export`)).body;
    expect(exported.game.gameType).toBe('auction-bridge');
    expect(exported.game.config).toMatchObject({ game: 'auction-bridge', players: seats, paced: true });
    const replayed = replayBridge(exported.game.config, exported.game.seed, exported.actions);
    if (!replayed.ok) throw new Error(`the exported log does not replay: ${replayed.error.message}`);
    const final = replayed.state;
    expect(final.phase).toBe('game-over');
    expect(final.result!.reason).toBe('rubber');
    expect(endings[0]!.result).toEqual(final.result);
    expect(endings[0]!.history).toEqual(final.history);
    expect(exported.game.result).toEqual(final.result);
    expect(exported.actions.map((a) => a.seq)).toEqual(exported.actions.map((_, i) => i));

    // Every card from the dummy's hand was played by the declarer, and only from its seat.
    const states = statesOf<BridgeState>(exported);
    let dummyCards = 0;
    exported.actions.forEach(({ seat, action }, version) => {
      if (action.type !== 'play') return;
      const hand = states[version]!.hand;
      const from = hand.hands.findIndex((cards) => cards.includes(action.card));
      if (from === hand.contract!.dummyHand) {
        dummyCards++;
        expect(seat).toBe(hand.contract!.declarer);
      } else expect(from).toBe(seat);
    });
    expect(dummyCards).toBeGreaterThan(0);

    // Every payload every client received, checked against the log (the dummy rule included).
    const viewers = [...players.map((_, seat) => seat), 'spectator', 'spectator', 'spectator'] as const;
    let views = 0;
    clients.forEach((client, i) => {
      const report = checkWire(client.received, exported, viewers[i]!);
      expect(report.problems, `client ${i}`).toEqual([]);
      expect(report.reveals).toBe(final.history.length);
      views += report.views;
    });
    expect(views).toBeGreaterThan(exported.actions.length * clients.length * 0.9);
    expect(bots.reduce((sum, bot) => sum + bot.rejections, 0)).toBe(0);

    // The records.
    const sheet = await getJson<{
      gameType: string;
      history: unknown[];
      result: unknown;
      scores: number[];
      sheet: { totals: number[]; rows: unknown[] };
      score: { above: number[]; below: number[] };
      text: string;
    }>(`/api/games/${gameId}/score-sheet`);
    expect(sheet.body.gameType).toBe('auction-bridge');
    expect(sheet.body.history).toEqual(final.history);
    expect(sheet.body.result).toEqual(final.result);
    expect(sheet.body.scores).toEqual(final.result!.totals);
    expect(sheet.body.sheet.rows).toHaveLength(final.history.length);
    expect(sheet.body.score).toEqual(final.score);
    expect(sheet.body.text).toMatch(/^auction-bridge/);
    const log = await getJson<{ actions: unknown[] }>(`/api/games/${gameId}/log`);
    expect(log.body.actions).toHaveLength(exported.actions.length);
    const replay = await getJson<{ hands: { deal: number; dealt: string[][]; result: unknown }[] }>(
      `/api/games/${gameId}/replay`,
    );
    expect(replay.body.hands).toHaveLength(final.history.length);
    replay.body.hands.forEach((hand, i) => {
      // Four hands of thirteen (the blind hand is the fourth with three players).
      expect(hand.dealt.map((cards) => cards.length)).toEqual([13, 13, 13, 13]);
      expect(hand.result).toEqual(final.history[i]);
    });
    const summary = await getJson<{ status: string; variant: string; scores: number[] }>(
      `/api/games/${gameId}`,
    );
    expect(summary.body).toMatchObject({
      status: 'finished',
      variant: seats === 4 ? 'auction-bridge' : 'auction-bridge-3',
    });

    for (const client of clients) client.close();
  });
});

describe('the dummy rule over the sockets', () => {
  it('hides the dummy until the opening lead, then shows it to all; only the declarer plays it', async () => {
    const { code, host } = await openTable<BridgeView>(
      url,
      { game: 'auction-bridge' },
      { settings: { handEndSeconds: 300 } },
    );
    const players = await Promise.all(
      Array.from({ length: 4 }, (_, seat) => joinTable<BridgeView>(url, code, `P${seat}`, seat)),
    );
    const started = await host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    const latest = (seat: number) =>
      players[seat]!.client.waitFor('view', (v) => v.gameId === started.gameId);
    const first = (await latest(0)).view;
    // The table's version, moved on by each accepted action (its reply says the new one).
    let version = first.version;
    const act = async (seat: number, action: BridgeAction) => {
      const reply = await players[seat]!.client.request('act', { version, action });
      if (reply.ok) version = reply.version;
      return reply;
    };
    const opener = first.toAct[0]!;
    // An action of another game is refused and changes nothing.
    expect(
      await players[opener]!.client.request('act', {
        version: first.version,
        action: { type: 'bid', amount: 250 },
      }),
    ).toMatchObject({
      ok: false,
      code: 'malformed-action',
    });
    // 1 club by the opener, three passes: the opener declares, the partner is dummy, the left-hand opponent leads.
    expect(await act(opener, { type: 'bid', level: 1, strain: 'C' })).toMatchObject({ ok: true });
    for (let i = 1; i <= 3; i++)
      expect(await act((opener + i) % 4, { type: 'pass' })).toMatchObject({ ok: true });
    const dummy = (opener + 2) % 4;
    const leader = (opener + 1) % 4;
    const contracted = await players[dummy]!.client.waitFor('view', (v) => v.view.contract !== null);
    expect(contracted.view.contract).toMatchObject({ declarer: opener, dummyHand: dummy });
    // Before the lead: nobody but the dummy's own seat sees its cards.
    for (const seat of [0, 1, 2, 3]) {
      const { view } = await players[seat]!.client.waitFor('view', (v) => v.version === contracted.version);
      expect(view.dummy).toBeNull();
    }
    const dummyCard = contracted.view.hand![0]!;
    // The dummy's seat may not lead, nor play out of turn.
    expect(await act(dummy, { type: 'play', card: dummyCard })).toMatchObject({
      ok: false,
      code: 'not-your-turn',
    });
    const lead = (await players[leader]!.client.waitFor('view', (v) => v.version === version)).view.prompt;
    expect(lead?.kind).toBe('play');
    expect(
      await act(leader, { type: 'play', card: lead!.kind === 'play' ? lead!.cards[0]! : dummyCard }),
    ).toMatchObject({ ok: true });
    // After the lead: everyone, spectators too, sees the dummy face up.
    const led = await players[opener]!.client.waitFor('view', (v) => v.view.trick.length === 1);
    expect(led.view.dummy).toEqual(contracted.view.hand);
    expect(led.view.turn).toBe(dummy);
    expect(led.view.toAct).toEqual([opener]);
    expect(led.view.prompt).toMatchObject({ kind: 'play', hand: dummy });
    const shown = await host.waitFor('view', (v) => v.version === led.version);
    expect(shown.view.dummy).toEqual(contracted.view.hand);
    expect(shown.view.hand).toBeNull();
    // Now the dummy's own seat is no more allowed to play its cards; the declarer is.
    const dummyView = await players[dummy]!.client.waitFor('view', (v) => v.version === led.version);
    expect(dummyView.view.prompt).toBeNull();
    const card = led.view.prompt!.kind === 'play' ? led.view.prompt!.cards[0]! : dummyCard;
    expect(await act(dummy, { type: 'play', card })).toMatchObject({ ok: false, code: 'not-your-turn' });
    expect(await act(opener, { type: 'play', card })).toMatchObject({ ok: true });
    const after = await players[dummy]!.client.waitFor('view', (v) => v.view.trick.length === 2);
    expect(after.view.hand).not.toContain(card);
    for (const { client } of players) client.close();
    host.close();
  });
});

describe('a table choosing its game', () => {
  it('opens for any game, refuses options by name, and switches between games between games', async () => {
    const stranger = await TestClient.connect(url);
    const unknown = await stranger.request('create-table', {
      name: 'x',
      displayName: 'A',
      config: { game: 'whist' },
    });
    expect(unknown).toMatchObject({ ok: false, code: 'bad-config' });
    expect(unknown.ok ? '' : unknown.message).toMatch(/^game: Unknown game "whist"/);
    const badOption = await stranger.request('create-table', {
      name: 'x',
      displayName: 'A',
      config: { game: 'auction-bridge', players: 5 },
    });
    expect(badOption).toMatchObject({ ok: false, code: 'bad-config' });
    expect(badOption.ok ? '' : badOption.message).toMatch(/^players: /);
    stranger.close();

    // Cutthroat (three seats) to Bridge for four, and to Bridge for three.
    const { code, host } = await openTable<AnyGameView>(url, { variant: 'cutthroat' }, { listed: true });
    expect(await host.request('set-rules', { config: { game: 'auction-bridge' } })).toMatchObject({
      ok: true,
    });
    const four = await host.waitFor('table', (t) => 'game' in t.rules);
    expect(four.rules).toMatchObject({ game: 'auction-bridge', players: 4 });
    expect(four.seats).toHaveLength(4);
    expect(await host.request('set-rules', { config: { game: 'auction-bridge', nulo: true } })).toMatchObject(
      {
        ok: false,
        code: 'bad-config',
      },
    );
    expect(await host.request('set-rules', { config: { game: 'auction-bridge', players: 3 } })).toMatchObject(
      {
        ok: true,
      },
    );
    const three = await host.waitFor('table', (t) => t.seats.length === 3);
    expect(three.rules).toMatchObject({ game: 'auction-bridge', players: 3 });
    // The lobby's name for it follows: the form.
    const listed = await getJson<{ tables: { code: string; variant: string }[] }>('/api/tables');
    expect(listed.body.tables.find((table) => table.code === code)).toMatchObject({
      variant: 'auction-bridge-3',
    });
    host.close();
  });
});
