/**
 * Paced hands over real sockets (issue 8, point 2; CONTRACT.md Agreements 1 and 2).
 *
 * "A completed trick stays on the table for everyone for a moment before it is gathered
 * (a table setting, default about 1.2 s; bots wait too), the hand's last trick included.
 * [...] The next deal starts when every seated player has pressed Continue, or after a
 * table-set time (default 10 s). [...] These pauses live in the server (logged, replayed,
 * restart-safe), not only in the page." (issue 8)
 *
 * The server gathers a trick for its winner after `trickPauseMs`, continues for bots at
 * once and for every remaining seat after `handEndSeconds`; all of it goes through the
 * game log like any action. Every test ends by replaying the stored log and comparing it
 * with the state the table holds: nothing lost, nothing applied twice.
 *
 * Two servers: `fast` counts a table-setting second as 10 ms (as every server test does),
 * `slow` counts real seconds, so that there a result panel of 300 s provably never runs
 * out during a test: whatever moves the game on there is a player or a bot, never the clock.
 */
import {
  type Action,
  apply,
  type GameState,
  gameConfigSchema,
  pinochle,
  replay,
  type Seat,
  view,
} from '@kibitz/rules/pinochle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotClient, gameOver, TestClient } from '../testing/clients.ts';
import { pinochleState } from '../testing/games.ts';
import { joinTable, openTable, SETUP_TIMEOUT, startTestServer, type TestServer } from '../testing/server.ts';
import { checkWire, type ExportedGame, statesOf } from '../testing/wire-check.ts';
import type { KibitzServer } from './app.ts';
import { everyMove } from './http/game-records.ts';
import type { Table } from './rooms/table.ts';

let fast: TestServer;
let slow: TestServer;
const clients: TestClient[] = [];

beforeAll(async () => {
  [fast, slow] = await Promise.all([startTestServer(), startTestServer({ timing: { secondMs: 1000 } })]);
}, SETUP_TIMEOUT);
afterAll(async () => {
  for (const client of clients) client.close();
  await Promise.all([fast?.dispose(), slow?.dispose()]);
});

// --- helpers -------------------------------------------------------------------------

function tableOf(server: KibitzServer, code: string): Table {
  return [...server.lobby.tables].find((table) => table.code === code)!;
}

async function until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function open(server: KibitzServer, config: object, settings: object) {
  const opened = await openTable(server.url, config as { variant: string }, { settings });
  clients.push(opened.host);
  return opened;
}

async function seat(server: KibitzServer, code: string, name: string, at: number) {
  const joined = await joinTable(server.url, code, name, at);
  clients.push(joined.client);
  return joined;
}

async function start(host: TestClient): Promise<string> {
  const started = await host.request('start-game');
  if (!started.ok) throw new Error(started.message);
  return started.gameId;
}

/** The game as the database holds it now (also while it runs), in the export's shape. */
/**
 * A game as stored, with every move: `rows` as logged, `actions` every move made, one per
 * version, as the export has them (the gathers and at-once continues the log leaves out
 * are worked out by the replay, game-records.ts `everyMove`).
 */
async function storedGame(server: KibitzServer, gameId: string): Promise<StoredPacedGame> {
  const game = await server.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } });
  const stored = await server.db.prisma.gameAction.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
  const rows = stored.map((row) => ({
    seq: row.seq,
    seat: row.seat,
    action: row.action as unknown as Action,
  }));
  const config = gameConfigSchema.parse(game.config);
  const { actions } = everyMove(pinochle, config, game.seed, rows);
  return {
    game: { id: game.id, config, seed: game.seed, status: game.status },
    rows,
    actions: actions.map(({ seq, seat, action }) => ({ seq, seat, action: action as Action })),
  };
}

type StoredPacedGame = ExportedGame & { rows: ExportedGame['actions'] };

/**
 * The stored log replays to exactly the state the table holds: nothing shown was lost,
 * nothing was applied twice. Rows go up in version; a gather or the continues the table made
 * after the last row by its timers are not in the log until a next move, so they are made
 * here as the table's timers made them (and as they make them again after a restart).
 */
async function expectLogReplaysToLive(server: KibitzServer, table: Table): Promise<StoredPacedGame> {
  await table.idle();
  const stored = await storedGame(server, table.game!.id);
  expect(stored.rows.every((row, index) => index === 0 || row.seq > stored.rows[index - 1]!.seq)).toBe(true);
  expect(stored.actions.map((row) => row.seq)).toEqual(stored.actions.map((_, index) => index));
  const replayed = replay(stored.game.config, stored.game.seed, stored.actions);
  if (!replayed.ok) throw new Error(`the log does not replay: ${replayed.rejection.message}`);
  const live = pinochleState(table.game);
  let state = replayed.state;
  while (state.version < live.version && (state.phase === 'trick-end' || state.phase === 'hand-end')) {
    const move = {
      seat: state.toAct[0]!,
      action: { type: state.phase === 'trick-end' ? 'gather' : 'continue' } as Action,
    };
    const next = apply(state, move.seat, move.action);
    if (!next.ok) throw new Error(next.rejection.message);
    stored.actions.push({ seq: state.version, ...move });
    state = next.state;
  }
  expect(state).toEqual(live);
  return stored;
}

/** Each result panel of a game: the version it opened at, and the seats in the order they continued. */
function resultPanels(states: GameState[], stored: ExportedGame) {
  const panels: { opened: number; continued: Seat[] }[] = [];
  stored.actions.forEach(({ seat, action }, version) => {
    if (action.type !== 'continue') return;
    const opened = states[version - 1]?.phase === 'hand-end' ? panels.at(-1) : undefined;
    if (opened) opened.continued.push(seat);
    else panels.push({ opened: version, continued: [seat] });
  });
  return panels;
}

/**
 * When each logged action was stored (ms, the database's clock), by seq. Measured at the
 * server: the test clients share the server's event loop, so when a view reached them
 * says little about when it was sent.
 */
/** When each logged row was stored, by its version (a move the log leaves out has none). */
async function storedAt(server: KibitzServer, gameId: string): Promise<Map<number, number>> {
  const rows = await server.db.prisma.gameAction.findMany({
    where: { gameId },
    orderBy: { seq: 'asc' },
    select: { seq: true, createdAt: true },
  });
  return new Map(rows.map((row) => [row.seq, row.createdAt.getTime()]));
}

const westRounds = (rounds: number) => ({ variant: 'auction-west', target: { kind: 'rounds', rounds } });

// --- the trick pause ------------------------------------------------------------------

describe('the trick pause', () => {
  it('shows every finished trick, the last one included, for the pause; then the server gathers it for its winner', async () => {
    const server = fast.server;
    // 3000 ms of the table setting = 30 ms on this server. Three bots: bots wait too.
    const { code, host } = await open(server, westRounds(1), { trickPauseMs: 3000 });
    for (const at of [0, 1, 2]) await host.request('add-bot', { seat: at });
    const gameId = await start(host);
    await gameOver(host, gameId);
    const table = tableOf(server, code);
    const stored = await expectLogReplaysToLive(server, table);
    const states = statesOf(stored);

    expect(stored.game.config.paced).toBe(true);
    const gathers = stored.actions.filter((row) => row.action.type === 'gather');
    expect(gathers.length).toBeGreaterThan(0);
    // Every trick ends in 'trick-end' with all its cards on the table, and is gathered by its winner.
    for (const [version, state] of states.entries()) {
      if (state.phase !== 'trick-end') continue;
      expect(state.hand.trick).toHaveLength(3);
      expect(stored.actions[version]).toMatchObject({ seat: state.toAct[0], action: { type: 'gather' } });
    }
    expect(states.filter((state) => state.phase === 'trick-end')).toHaveLength(gathers.length);

    // The spectator saw each of them whole, with its winner; it lay there for at least the pause.
    const arrived = new Map<number, number>();
    for (const { event, payload, at } of host.received) {
      const view = payload as { gameId?: string; version?: number };
      if (event === 'view' && view.gameId === gameId) arrived.set(view.version!, at);
    }
    const views = host.all('view').filter((v) => v.gameId === gameId);
    for (const { seq } of gathers) {
      const shown = views.find((v) => v.version === seq)!;
      expect(shown.view.phase).toBe('trick-end');
      expect(shown.view.trick).toHaveLength(3);
      expect(shown.view.trickWinner).toBe(states[seq]!.toAct[0]);
      expect(shown.view.prompt).toBeNull();
      // The trick shown, then gathered 30 ms later at the soonest, as the spectator received
      // them (a lower bound only; 1 ms for the clock's rounding).
      expect(arrived.get(seq + 1)! - arrived.get(seq)!).toBeGreaterThanOrEqual(29);
    }
    // The hand's last trick too: the view before game over shows it, then the result.
    const last = views.at(-1)!;
    expect(last.view.phase).toBe('game-over');
    expect(last.view.handResult).toEqual(states.at(-1)!.history.at(-1));
    if (states.at(-2)!.phase === 'trick-end') {
      expect(views.at(-2)!.view.trick).toEqual(states.at(-2)!.hand.trick);
    }
    expect(checkWire(host.received, stored, 'spectator').problems).toEqual([]);
  });

  it('is not for clients to end: a gather they send is refused and changes nothing', async () => {
    const server = slow.server;
    // A pause of 5 real seconds: long enough to try.
    const { code, host } = await open(server, westRounds(1), { trickPauseMs: 5000, handEndSeconds: 0 });
    const players = [];
    for (const at of [0, 1, 2]) players.push(await seat(server, code, `P${at}`, at));
    const bots = players.map(({ client }) => new BotClient(client));
    await start(host);
    const table = tableOf(server, code);
    await until(() => pinochleState(table.game).phase === 'trick-end');
    for (const bot of bots) bot.stop();
    const winner = pinochleState(table.game).toAct[0]!;
    const before = JSON.stringify(pinochleState(table.game));
    const version = table.game!.version;
    const refused = await players[winner]!.client.request('act', { version, action: { type: 'gather' } });
    expect(refused).toMatchObject({ ok: false, code: 'server-action' });
    const other = (winner + 1) % 3;
    expect(
      await players[other]!.client.request('act', { version, action: { type: 'gather' } }),
    ).toMatchObject({ ok: false, code: 'server-action' });
    expect(JSON.stringify(pinochleState(table.game))).toBe(before);
    // The server gathers it when the pause is over.
    await until(() => table.game!.version === version + 1, 15_000);
    const stored = await expectLogReplaysToLive(server, table);
    expect(stored.actions[version]).toMatchObject({ seat: winner, action: { type: 'gather' } });
  });
});

// --- well-behaved clients ----------------------------------------------------------------

describe('clients that answer only their own prompts', () => {
  // With handEndSeconds 1 the result panel's timer (10 ms on the fast server) and the
  // players' own Continue race at every hand's end; with 0 the server continues for every
  // seat in the step that ends the hand, and nobody is asked at all.
  for (const handEndSeconds of [0, 1]) {
    it(`play a whole paced game without one refusal (handEndSeconds ${handEndSeconds})`, async () => {
      const server = fast.server;
      const { code, host } = await open(server, westRounds(4), { trickPauseMs: 0, handEndSeconds });
      const players = [];
      for (const at of [0, 1, 2]) players.push(await seat(server, code, `P${at}`, at));
      const bots = players.map(({ client }) => new BotClient(client));
      const gameId = await start(host);
      await gameOver(host, gameId);
      await tableOf(server, code).idle();
      expect(bots.flatMap((bot) => bot.refusals)).toEqual([]);
      expect(bots.map((bot) => bot.rejections)).toEqual([0, 0, 0]);
      const stored = await storedGame(server, gameId);
      // Every hand ended with a panel that each seat continued from exactly once.
      const continues = stored.actions.filter((row) => row.action.type === 'continue');
      expect(continues.length).toBeGreaterThanOrEqual(3 * 3);
    });
  }
});

// --- the result panel -------------------------------------------------------------------

describe('the result panel after a hand', () => {
  it('is continued by bots at once and, when its time runs out, for a player who does not press Continue', async () => {
    const server = fast.server;
    // 30 "seconds" of 10 ms: Ann, who never presses Continue, waits 300 ms each time.
    const { code, host } = await open(server, westRounds(2), { trickPauseMs: 0, handEndSeconds: 30 });
    await host.request('add-bot', { seat: 0 });
    await host.request('add-bot', { seat: 2 });
    const ann = await seat(server, code, 'Ann', 1);
    const annBot = new BotClient(ann.client, { continues: false });
    const gameId = await start(host);
    await gameOver(host, gameId, 120_000);
    const table = tableOf(server, code);
    const stored = await expectLogReplaysToLive(server, table);
    const states = statesOf(stored);

    const panels = resultPanels(states, stored);
    expect(panels.length).toBeGreaterThan(0);
    const annViews = ann.client.all('view').filter((v) => v.gameId === gameId);
    const at = await storedAt(server, gameId);
    for (const { opened, continued } of panels) {
      // Bots first, at once; Ann's seat last, by the server.
      expect(continued).toHaveLength(3);
      expect(continued.slice(0, 2).sort()).toEqual([0, 2]);
      expect(continued[2]).toBe(1);
      const panel = annViews.find((v) => v.version === opened)!;
      expect(panel.view).toMatchObject({ phase: 'hand-end', prompt: { kind: 'continue' } });
      expect(panel.view.handResult).toEqual(states[opened]!.history.at(-1));
      // The page is told how long the panel has left (a countdown), also as it shrinks.
      expect(panel.turnTimeLeft).toBeGreaterThan(0);
      expect(panel.turnTimeLeft).toBeLessThanOrEqual(300);
      // The hand's last card opened the panel (its trick gathered at once, not logged); Ann's
      // seat was continued 300 ms later at the soonest.
      expect(at.get(opened + 2)! - at.get(opened - 2)!).toBeGreaterThanOrEqual(299);
    }
    expect(annBot.rejections).toBe(0);
    expect(checkWire(ann.client.received, stored, 1).problems).toEqual([]);
    expect(checkWire(host.received, stored, 'spectator').problems).toEqual([]);
  });

  it('deals the next hand as soon as every seated player has pressed Continue, also pressed at the same moment', async () => {
    const server = slow.server;
    // 300 real seconds: here only the players' presses can move the game on.
    const { code, host } = await open(server, westRounds(2), { trickPauseMs: 0, handEndSeconds: 300 });
    const ann = await seat(server, code, 'Ann', 0);
    const bob = await seat(server, code, 'Bob', 1);
    await host.request('add-bot', { seat: 2 });
    const players = [ann, bob].map(({ client }) => new BotClient(client, { continues: false }));
    const gameId = await start(host);
    const table = tableOf(server, code);
    // The first result panel, once the bot has continued: Ann and Bob to press.
    await until(
      () => pinochleState(table.game).phase === 'hand-end' && pinochleState(table.game).toAct.length === 2,
      60_000,
    );
    for (const player of players) player.stop();
    const now = table.game!.version;
    const opened = now - 1;
    const deal = pinochleState(table.game).hand.deal;
    const before = JSON.stringify(pinochleState(table.game));

    // Refused, changing nothing: an answer to a view from before the panel, and a gather.
    expect(
      await ann.client.request('act', { version: opened - 1, action: { type: 'continue' } }),
    ).toMatchObject({ ok: false, code: 'stale-version' });
    expect(await ann.client.request('act', { version: now, action: { type: 'gather' } })).toMatchObject({
      ok: false,
      code: 'server-action',
    });
    expect(JSON.stringify(pinochleState(table.game))).toBe(before);

    // Both press Continue on the panel as it opened, at the same moment: both count.
    const [annPress, bobPress] = await Promise.all([
      ann.client.request('act', { version: opened, action: { type: 'continue' } }),
      bob.client.request('act', { version: opened, action: { type: 'continue' } }),
    ]);
    expect(annPress).toMatchObject({ ok: true });
    expect(bobPress).toMatchObject({ ok: true });
    await table.idle();
    expect(pinochleState(table.game).hand.deal).toBe(deal + 1);
    expect(pinochleState(table.game).phase).not.toBe('hand-end');
    // Pressing again is not a second Continue.
    const after = table.game!.version;
    expect(await ann.client.request('act', { version: after, action: { type: 'continue' } })).toMatchObject({
      ok: false,
    });

    const stored = await expectLogReplaysToLive(server, table);
    const [panel] = resultPanels(statesOf(stored), stored);
    expect(panel).toEqual({ opened, continued: [2, expect.any(Number), expect.any(Number)] });
    expect(panel!.continued.slice(1).sort()).toEqual([0, 1]);
    // The whole game, the players pressing Continue from their views: never refused.
    const again = [ann, bob].map(({ client }) => new BotClient(client));
    await gameOver(host, gameId, 120_000);
    expect(again.map((player) => player.rejections)).toEqual([0, 0]);
    const final = await expectLogReplaysToLive(server, table);
    for (const { continued } of resultPanels(statesOf(final), final)) {
      expect([...continued].sort()).toEqual([0, 1, 2]);
    }
    expect(checkWire(ann.client.received, final, 0).problems).toEqual([]);
  });

  it('goes on without a player who drops during it; their seat is held and they come back to the next deal', async () => {
    const server = fast.server;
    const { code, host } = await open(server, westRounds(3), {
      trickPauseMs: 0,
      handEndSeconds: 30,
      seatGraceSeconds: 3600,
    });
    const ann = await seat(server, code, 'Ann', 0);
    const bob = await seat(server, code, 'Bob', 1);
    await host.request('add-bot', { seat: 2 });
    new BotClient(bob.client);
    const annBot = new BotClient(ann.client, { continues: false });
    const dropped = new Promise<number>((resolve) => {
      ann.client.onEvent((event, payload) => {
        const { version, view: shown } = payload as { version: number; view: { phase: string } };
        if (event !== 'view' || shown.phase !== 'hand-end') return;
        annBot.stop();
        ann.client.close();
        resolve(version);
      });
    });
    const gameId = await start(host);
    const table = tableOf(server, code);
    const droppedAt = await dropped;
    // Her seat is held; the panel runs out for her; the next deal begins without her.
    const held = await host.waitFor('table', (t) => t.seats[0]?.player?.connected === false);
    expect(held.seats[0]?.player).toMatchObject({ name: 'Ann', heldUntil: expect.any(Number) });
    await until(() => pinochleState(table.game).phase !== 'hand-end');
    const stored = await expectLogReplaysToLive(server, table);
    const states = statesOf(stored);
    const [panel] = resultPanels(states, stored);
    expect(panel!.opened).toBeLessThanOrEqual(droppedAt);
    expect([...panel!.continued].sort()).toEqual([0, 1, 2]);
    const nextDeal = states[panel!.opened + 3]!;
    expect(nextDeal.hand.deal).toBe(states[panel!.opened]!.hand.deal + 1);

    // She comes back with her token: her seat, the current view, and she plays on.
    const back = await TestClient.connect(server.url);
    clients.push(back);
    expect(await back.request('join', { code, displayName: 'Ann', token: ann.token })).toMatchObject({
      seat: 0,
    });
    const caughtUp = await back.waitFor('view', (v) => v.gameId === gameId);
    expect(caughtUp.view.viewer).toBe(0);
    expect(caughtUp.version).toBeGreaterThan(panel!.opened + 2);
    new BotClient(back);
    await gameOver(host, gameId, 120_000);
    const final = await expectLogReplaysToLive(server, table);
    expect(checkWire(ann.client.received, final, 0).problems).toEqual([]);
    expect(checkWire(back.received, final, 0).problems).toEqual([]);
  });

  it('is continued at once by the stand-in bot of a player who dropped, when the house says so', async () => {
    const server = slow.server;
    // 300 real seconds: the next deal can only come from the stand-in.
    const { code, host } = await open(server, westRounds(2), {
      trickPauseMs: 0,
      handEndSeconds: 300,
      botStandIn: true,
    });
    const ann = await seat(server, code, 'Ann', 0);
    await host.request('add-bot', { seat: 1 });
    await host.request('add-bot', { seat: 2 });
    const annBot = new BotClient(ann.client, { continues: false });
    await start(host);
    const table = tableOf(server, code);
    await until(() => pinochleState(table.game).phase === 'hand-end', 60_000);
    const deal = pinochleState(table.game).hand.deal;
    annBot.stop();
    ann.client.close();
    await until(() => pinochleState(table.game).hand.deal === deal + 1, 30_000);
    const stored = await expectLogReplaysToLive(server, table);
    const [panel] = resultPanels(statesOf(stored), stored);
    expect([...panel!.continued].sort()).toEqual([0, 1, 2]);
  });
});

// --- restarts -----------------------------------------------------------------------------

describe('a restart', () => {
  it('during the trick pause: the trick is still on the table afterwards, and then gathered once', async () => {
    const handle = slow;
    const { code, host, token } = await open(handle.server, westRounds(1), { trickPauseMs: 800 });
    for (const at of [0, 1, 2]) await host.request('add-bot', { seat: at });
    const gameId = await start(host);
    const table = tableOf(handle.server, code);
    await until(() => pinochleState(table.game).phase === 'trick-end');
    await handle.server.close(); // no more actions; the pending gather is dropped with the timers
    host.close();
    const stoppedAt = table.game!.version;
    const stopped = pinochleState(table.game);
    expect(stopped.phase).toBe('trick-end');

    const server = await handle.restart();
    const recovered = tableOf(server, code);
    expect(recovered.game!.version).toBe(stoppedAt);
    expect(pinochleState(recovered.game)).toEqual(stopped);
    // Whoever comes back sees the finished trick still lying there, with its winner.
    const back = await TestClient.connect(server.url);
    clients.push(back);
    await back.request('join', { code, displayName: 'Host', token });
    const shown = await back.waitFor('view', (v) => v.gameId === gameId);
    if (shown.version === stoppedAt) {
      expect(shown.view).toEqual(view(stopped, 'spectator'));
      expect(shown.view.trickWinner).toBe(stopped.toAct[0]);
    }
    // The timer is set again from the state: the trick is gathered, once, by its winner.
    await until(() => recovered.game!.version > stoppedAt, 15_000);
    const stored = await expectLogReplaysToLive(server, recovered);
    expect(stored.actions[stoppedAt]).toMatchObject({ seat: stopped.toAct[0], action: { type: 'gather' } });
    // Gathered once: the next finished trick is the only one waiting, with the bots' cards after it.
    const states = statesOf(stored);
    const gathers = stored.actions.filter((row) => row.action.type === 'gather');
    expect(gathers).toHaveLength(
      states.filter((state, v) => state.phase === 'trick-end' && v < states.length - 1).length,
    );
  });

  it('during the result panel: it opens again for its whole time, and every seat continues once', async () => {
    const handle = slow;
    const { code, host } = await open(handle.server, westRounds(2), { trickPauseMs: 0, handEndSeconds: 2 });
    await host.request('add-bot', { seat: 0 });
    await host.request('add-bot', { seat: 2 });
    const ann = await seat(handle.server, code, 'Ann', 1);
    new BotClient(ann.client, { continues: false });
    const gameId = await start(host);
    const table = tableOf(handle.server, code);
    // The panel is open and the bots have continued: only Ann's seat is left.
    await until(
      () => pinochleState(table.game).phase === 'hand-end' && pinochleState(table.game).toAct.join() === '1',
      60_000,
    );
    await handle.server.close();
    host.close();
    ann.client.close();
    const stoppedAt = table.game!.version;
    const stopped = pinochleState(table.game);

    const server = await handle.restart();
    const recovered = tableOf(server, code);
    expect(pinochleState(recovered.game)).toEqual(stopped);
    expect(recovered.snapshot().seats[1]?.player).toMatchObject({ name: 'Ann', connected: false });
    // Nobody comes back: when the panel's time (set again after the restart) runs out, Ann's seat
    // is continued and the next deal begins.
    await until(() => recovered.game!.version > stoppedAt, 15_000);
    await recovered.idle();
    expect(pinochleState(recovered.game).hand.deal).toBe(stopped.hand.deal + 1);
    const stored = await expectLogReplaysToLive(server, recovered);
    expect(stored.actions[stoppedAt]).toMatchObject({ seat: 1, action: { type: 'continue' } });
    const panels = resultPanels(statesOf(stored), stored);
    expect(panels).toHaveLength(1);
    expect([...panels[0]!.continued].sort()).toEqual([0, 1, 2]);
    // Ann comes back and the game is played to its end from there.
    const annBack = await TestClient.connect(server.url);
    clients.push(annBack);
    await annBack.request('join', { code, displayName: 'Ann', token: ann.token });
    new BotClient(annBack);
    await gameOver(annBack, gameId, 120_000);
    await expectLogReplaysToLive(server, recovered);
  });

  it('keeps a game stored before pacing existed unpaced: it replays and plays on as it was', async () => {
    const handle = fast;
    const { code, host } = await open(handle.server, westRounds(1), {});
    await host.request('add-bot', { seat: 0 });
    await host.request('add-bot', { seat: 2 });
    const ann = await seat(handle.server, code, 'Ann', 1);
    const gameId = await start(host);
    const table = tableOf(handle.server, code);
    // Ann has not moved: the game waits for her (or has not reached her yet: bots only).
    await until(() => pinochleState(table.game).toAct.includes(1));
    await handle.server.close();
    host.close();
    ann.client.close();
    // As an older server stored it: no `paced` in the game's config.
    const row = await handle.server.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } });
    const { paced: _paced, ...unpaced } = row.config as Record<string, unknown>;
    await handle.server.db.prisma.game.update({ where: { id: gameId }, data: { config: unpaced as object } });

    const server = await handle.restart();
    const recovered = tableOf(server, code);
    expect(recovered.game!.config.paced).toBe(false);
    const annBack = await TestClient.connect(server.url);
    clients.push(annBack);
    await annBack.request('join', { code, displayName: 'Ann', token: ann.token });
    new BotClient(annBack);
    await gameOver(annBack, gameId, 120_000);
    const stored = await expectLogReplaysToLive(server, recovered);
    const states = statesOf(stored);
    expect(states.some((state) => state.phase === 'trick-end' || state.phase === 'hand-end')).toBe(false);
    expect(stored.actions.some((row) => row.action.type === 'gather' || row.action.type === 'continue')).toBe(
      false,
    );
  });
});
