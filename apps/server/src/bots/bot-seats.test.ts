/**
 * Bot seats in the running server: the level the host chose is stored with the bot and
 * comes back after a restart; normal and strong bots play whole games through the pool;
 * and when the pool's answers are too slow the heuristic plays, so no table stalls.
 */
import type { GameState } from '@kibitz/rules/pinochle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../testing/clients.ts';
import {
  joinTable,
  openTable,
  SETUP_TIMEOUT,
  startTestServer,
  type TestServer,
} from '../../testing/server.ts';
import type { KibitzServer } from '../app.ts';
import type { Table } from '../rooms/table.ts';
import type { BotTurn } from './bot-players.ts';

/** Short searches: the test is about the wiring, not the bots' strength. */
const QUICK = { threads: 1, budget: { deals: 4, maxMs: 20 } };
const oneRound = { variant: 'auction-west', target: { kind: 'rounds', rounds: 1 } } as const;

let handle: TestServer;
const clients: TestClient[] = [];

beforeAll(async () => {
  handle = await startTestServer({ bots: QUICK });
}, SETUP_TIMEOUT);
afterAll(async () => {
  for (const client of clients) client.close();
  await handle?.dispose();
});

function tableOf(server: KibitzServer, code: string): Table {
  return [...server.lobby.tables].find((table) => table.code === code)!;
}

async function until(check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function levels(table: Table): (string | null | undefined)[] {
  return table.snapshot().seats.map((seat) => seat.player?.botLevel);
}

describe('bot seats', () => {
  it('keep their level through a restart, and play on at it', { timeout: 180_000 }, async () => {
    const { code, host } = await openTable(handle.server.url, oneRound, { settings: { trickPauseMs: 0 } });
    clients.push(host);
    for (const [seat, level] of [
      [0, 'easy'],
      [1, 'normal'],
      [2, 'strong'],
    ] as const) {
      const added = await host.request('add-bot', { seat, level });
      expect(added.ok).toBe(true);
    }
    expect(levels(tableOf(handle.server, code))).toEqual(['easy', 'normal', 'strong']);
    const stored = await handle.server.db.prisma.player.findMany({
      where: { isBot: true, room: { code } },
      orderBy: { seat: 'asc' },
    });
    expect(stored.map((player) => player.botLevel)).toEqual(['easy', 'normal', 'strong']);

    const started = await host.request('start-game');
    expect(started.ok).toBe(true);
    await until(() => (tableOf(handle.server, code).game?.version ?? 0) > 5);
    await handle.server.close();
    host.close();

    // The bots wait a moment before each move, so the game is still going when the test
    // starts counting the turns asked (the restart recovers the game and plays on at once).
    const server = await handle.restart({ bots: QUICK, timing: { botDelayMs: 20 } });
    const table = tableOf(server, code);
    expect(levels(table)).toEqual(['easy', 'normal', 'strong']);
    // Every turn is asked of its bot once, at the bot's level, however long it thinks.
    const asked: string[] = [];
    const bots = server.lobby.ctx.bots;
    const ask = bots.ask.bind(bots);
    bots.ask = ((owner: object, turn: BotTurn) => {
      asked.push(`${turn.game}:${turn.seat}:${(turn.state as GameState).version}:${turn.level}`);
      return ask(owner, turn);
    }) as typeof bots.ask;
    // The reloaded bots play the game out: it ends with nobody at the table but them.
    await until(() => table.game?.finished === true, 120_000);
    expect(asked.length).toBeGreaterThan(10);
    expect(new Set(asked).size).toBe(asked.length);
    for (const turn of asked) expect(turn).toMatch(/^pinochle:(0:\d+:easy|1:\d+:normal|2:\d+:strong)$/);
  });

  it('a stand-in for a dropped player plays at normal', { timeout: 120_000 }, async () => {
    const { code, host } = await openTable(handle.server.url, oneRound, {
      settings: { trickPauseMs: 0, botStandIn: true },
    });
    clients.push(host);
    await host.request('add-bot', { seat: 0, level: 'easy' });
    await host.request('add-bot', { seat: 2, level: 'easy' });
    const ann = await joinTable(handle.server.url, code, 'Ann', 1);
    const asked: string[] = [];
    const bots = handle.server.lobby.ctx.bots;
    const ask = bots.ask.bind(bots);
    bots.ask = ((owner: object, turn: BotTurn) => {
      asked.push(`${turn.seat}:${turn.level}`);
      return ask(owner, turn);
    }) as typeof bots.ask;
    try {
      await host.request('start-game');
      ann.client.close(); // Ann drops before her first turn: her seat is held, a bot stands in
      // Seat 1 is a person's: only a stand-in plays it, and always at normal.
      await until(() => asked.includes('1:normal'));
      expect(asked.filter((turn) => turn.startsWith('1:')).every((turn) => turn === '1:normal')).toBe(true);
    } finally {
      bots.ask = ask;
    }
  });

  it('a bot level the client does not know is refused, and nothing changes', async () => {
    const { code, host } = await openTable(handle.server.url, oneRound);
    clients.push(host);
    const refused = await host.request('add-bot', { seat: 1, level: 'grandmaster' as 'strong' });
    expect(refused.ok).toBe(false);
    expect(levels(tableOf(handle.server, code))).toEqual([undefined, undefined, undefined]);
  });
});

describe('a pool too slow to wait for', () => {
  let slow: TestServer;
  beforeAll(async () => {
    // Every search is given 1 ms of patience and takes far longer: the heuristic plays each turn.
    slow = await startTestServer({
      bots: { threads: 1, patienceMs: 1, budget: { deals: 1_000_000, maxMs: 200 } },
    });
  }, SETUP_TIMEOUT);
  afterAll(() => slow?.dispose());

  it('never stalls a table: strong bots finish the game on the heuristic', { timeout: 180_000 }, async () => {
    const { code, host } = await openTable(slow.server.url, oneRound, { settings: { trickPauseMs: 0 } });
    clients.push(host);
    for (const seat of [0, 1, 2]) await host.request('add-bot', { seat, level: 'strong' });
    await host.request('start-game');
    const table = tableOf(slow.server, code);
    await until(() => table.game?.finished === true, 120_000);
  });
});
