/**
 * The crash test: the real server (`pnpm start`'s entry point) in a child process is
 * SIGKILLed in the middle of a hand, then started again on the same data directory.
 * Every game must carry on from its log, every view anyone was ever sent must agree
 * with that log (so nothing shown was lost), and the final state must equal a replay
 * of the log. Then SIGTERM must stop it cleanly.
 */
import { replay, view } from '@kibitz/rules/pinochle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChildServer } from '../testing/child-server.ts';
import { BotClient, gameOver, TestClient } from '../testing/clients.ts';
import { joinTable, openTable, SETUP_TIMEOUT } from '../testing/server.ts';
import { checkWire, type ExportedGame } from '../testing/wire-check.ts';

let server: ChildServer;
const clients: TestClient[] = [];

beforeAll(async () => {
  server = await ChildServer.prepare();
}, SETUP_TIMEOUT);
afterAll(async () => {
  for (const client of clients) client.close();
  await server.dispose();
});

describe('a server killed mid-hand', () => {
  it('resumes every game from its log after a restart', { timeout: 180_000 }, async () => {
    await server.start();
    const url = server.url;

    // Table 1: three server bots. Table 2: two socket players and two server bots.
    // The real server counts real seconds: short pauses keep the games quick yet paced.
    const settings = { trickPauseMs: 20, handEndSeconds: 1 };
    const first = await openTable(
      url,
      { variant: 'auction-west', target: { kind: 'rounds', rounds: 3 } },
      { settings },
    );
    for (const seat of [0, 1, 2]) await first.host.request('add-bot', { seat });
    const second = await openTable(url, { variant: 'double-deck', target: 200 }, { settings });
    for (const seat of [2, 3]) await second.host.request('add-bot', { seat });
    const humans = [await joinTable(url, second.code, 'Ann', 0), await joinTable(url, second.code, 'Bob', 1)];
    clients.push(first.host, second.host, ...humans.map((h) => h.client));
    for (const human of humans) new BotClient(human.client);
    const games = [];
    for (const table of [first, second]) {
      const started = await table.host.request('start-game');
      if (!started.ok) throw new Error(started.message);
      games.push(started.gameId);
    }

    // Kill it in the middle of a hand: cards on the table, neither game over.
    await first.host.waitFor(
      'view',
      (v) => v.version >= 40 && v.view.phase === 'play' && v.view.trick.length > 0,
      60_000,
    );
    await server.kill('SIGKILL');
    const shownBefore = [first.host, second.host].map((host) => host.latest('view')!.version);
    expect(first.host.all('game-over')).toEqual([]);
    expect(second.host.all('game-over')).toEqual([]);

    await server.start();
    // Nothing anyone was shown was lost: each game resumes at or after the last version shown.
    for (const [index, gameId] of games.entries()) {
      const find = () =>
        server.logLines.find((line) => line.msg === 'game recovered from its log' && line.game === gameId);
      for (let wait = 0; find() === undefined && wait < 100; wait++)
        await new Promise((r) => setTimeout(r, 50));
      const recovered = find();
      expect(recovered?.version).toBeGreaterThanOrEqual(shownBefore[index]!);
    }
    // Everyone comes back with their token; the humans' bots play on.
    const rejoined: TestClient[] = [];
    for (const [index, { code, token }] of [
      first,
      second,
      ...humans.map((h) => ({ code: second.code, token: h.token })),
    ].entries()) {
      const client = await TestClient.connect(url);
      rejoined.push(client);
      clients.push(client);
      const reply = await client.request('join', { code, displayName: 'again', token });
      expect(reply, `rejoin ${index}`).toMatchObject({ ok: true });
      if (index >= 2) new BotClient(client);
    }
    const [firstHost, secondHost] = rejoined as [TestClient, TestClient];

    const endings = await Promise.all([
      gameOver(firstHost, games[0]!),
      gameOver(secondHost, games[1]!),
    ]).catch((error: unknown) => {
      const describe = (client: TestClient) => {
        const latest = client.latest('view')?.view;
        return JSON.stringify({
          version: latest?.version,
          phase: latest?.phase,
          toAct: latest?.toAct,
          table: client.latest('table')?.seats,
          rejections: client.all('rejection'),
        });
      };
      throw new Error(`${String(error)}\n${rejoined.map(describe).join('\n')}`);
    });

    for (const [index, gameId] of games.entries()) {
      const exported = (await (await fetch(`${url}/api/games/${gameId}/export`)).json()) as ExportedGame;
      const replayed = replay(exported.game.config, exported.game.seed, exported.actions);
      if (!replayed.ok) throw new Error('log does not replay');
      expect(replayed.state.result).toEqual(endings[index]!.result);
      const host = [firstHost, secondHost][index]!;
      expect(host.latest('view')!.view).toEqual(view(replayed.state, 'spectator'));
      // Everything shown before and after the crash agrees with the log: nothing shown was lost.
      const before = [first.host, second.host][index]!;
      for (const client of [before, host]) {
        expect(checkWire(client.received, exported, 'spectator').problems).toEqual([]);
      }
      if (index === 1) {
        humans.forEach((human, seat) => {
          expect(checkWire(human.client.received, exported, seat).problems).toEqual([]);
          expect(checkWire(rejoined[2 + seat]!.received, exported, seat).problems).toEqual([]);
        });
      }
    }

    // SIGTERM: a clean stop.
    expect(await server.kill('SIGTERM')).toBe(0);
  });

  it('keeps seats held for their players through a SIGKILL, and releases them at the same deadline', {
    timeout: 180_000,
  }, async () => {
    await server.start();
    const url = server.url;
    // Real seconds here: long enough to outlast a restart on a busy machine.
    const grace = 45;
    const table = await openTable(url, { variant: 'double-deck' }, { settings: { seatGraceSeconds: grace } });
    clients.push(table.host);
    const ann = await joinTable(url, table.code, 'Ann', 0);
    const bob = await joinTable(url, table.code, 'Bob', 1);
    clients.push(ann.client, bob.client);
    for (const seat of [2, 3]) await table.host.request('add-bot', { seat });
    const started = await table.host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    // Bob stands up during the game; Ann's connection drops.
    expect(await bob.client.request('leave-seat')).toMatchObject({ ok: true });
    ann.client.close();
    const before = await table.host.waitFor(
      'table',
      (t) => t.seats[0]!.player?.heldUntil != null && t.seats[1]!.heldFor !== null,
    );
    const annUntil = before.seats[0]!.player!.heldUntil!;
    const bobUntil = before.seats[1]!.heldFor!.until;
    await server.kill('SIGKILL');

    await server.start();
    const back = await TestClient.connect(url);
    clients.push(back);
    expect(await back.request('join', { code: table.code, token: table.token })).toMatchObject({ ok: true });
    const after = await back.waitFor('table', () => true);
    expect(after.seats[0]!.player).toMatchObject({ id: ann.playerId, connected: false, heldUntil: annUntil });
    expect(after.seats[1]!.player).toBeNull();
    expect(after.seats[1]!.heldFor).toMatchObject({ playerId: bob.playerId, until: bobUntil });
    // Nobody else may sit there meanwhile.
    expect(await back.request('take-seat', { seat: 1 })).toMatchObject({ ok: false, code: 'seat-held' });
    // Released at the deadline set before the crash (not a fresh grace period from the restart).
    const released = await back.next(
      'table',
      (t) => t.seats[0]!.player === null && t.seats[1]!.heldFor === null,
      (grace + 30) * 1000,
    );
    const at = Date.now();
    expect(at).toBeGreaterThanOrEqual(Math.max(annUntil, bobUntil) - 5);
    expect(at).toBeLessThan(Math.max(annUntil, bobUntil) + 10_000);
    expect(released.seats.slice(0, 2).map((s) => s.player)).toEqual([null, null]);
    expect(await server.kill('SIGTERM')).toBe(0);
  });

  it('stores every leave and held seat before a SIGTERM closes the database, with no error logged', {
    timeout: 180_000,
  }, async () => {
    await server.start();
    const url = server.url;
    const table = await openTable(url, { variant: 'cutthroat' }, { settings: { seatGraceSeconds: 600 } });
    clients.push(table.host);
    const ann = await joinTable(url, table.code, 'Ann', 0);
    const bob = await joinTable(url, table.code, 'Bob', 1);
    clients.push(ann.client, bob.client);
    await table.host.request('add-bot', { seat: 2 });
    const started = await table.host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    await ann.client.waitFor('view', () => true);
    // Stopped with both players connected: their sockets close, and their seats are held.
    const stoppedAt = Date.now();
    expect(await server.kill('SIGTERM')).toBe(0);
    const errors = server.logLines.filter((line) => (line.level ?? 0) >= 50);
    expect(errors.map((line) => line.msg)).toEqual([]);

    await server.start();
    const back = await TestClient.connect(url);
    clients.push(back);
    expect(await back.request('join', { code: table.code, token: table.token })).toMatchObject({ ok: true });
    const after = await back.waitFor('table', () => true);
    for (const [seat, player] of [
      [0, ann],
      [1, bob],
    ] as const) {
      const held = after.seats[seat]!.player;
      expect(held).toMatchObject({ id: player.playerId, connected: false });
      // Held from the shutdown for the table's grace period (not unheld, not a fresh one now).
      expect(held!.heldUntil).toBeGreaterThanOrEqual(stoppedAt + 600_000 - 5_000);
      expect(held!.heldUntil).toBeLessThanOrEqual(stoppedAt + 600_000 + 5_000);
    }
    expect(await server.kill('SIGTERM')).toBe(0);
  });

  it('keeps a finished trick on the table through a crash during its pause, then gathers it once', {
    timeout: 180_000,
  }, async () => {
    await server.start();
    const url = server.url;
    // A 3 s pause (real seconds here): the kill lands inside it.
    const table = await openTable(url, { variant: 'cutthroat' }, { settings: { trickPauseMs: 3000 } });
    for (const seat of [0, 1, 2]) await table.host.request('add-bot', { seat });
    clients.push(table.host);
    const started = await table.host.request('start-game');
    if (!started.ok) throw new Error(started.message);
    const pause = await table.host.waitFor('view', (v) => v.view.phase === 'trick-end', 60_000);
    await server.kill('SIGKILL');

    await server.start();
    const back = await TestClient.connect(url);
    clients.push(back);
    expect(
      await back.request('join', { code: table.code, displayName: 'Host', token: table.token }),
    ).toMatchObject({
      ok: true,
    });
    // The trick is still there after the restart, with its winner: nothing was gathered early...
    const shown = await back.waitFor('view', (v) => v.gameId === started.gameId);
    expect(shown.version).toBe(pause.version);
    expect(shown.view).toEqual(pause.view);
    // ...and once the pause (set again from the state) is over it is gathered, once, by its winner.
    const gathered = await back.next('view', (v) => v.version === pause.version + 1, 30_000);
    expect(gathered.view.phase).not.toBe('trick-end');
    expect(gathered.view.lastTrick).toMatchObject({
      cards: pause.view.trick,
      winner: pause.view.trickWinner,
    });
    expect(await server.kill('SIGTERM')).toBe(0);
  });
});
