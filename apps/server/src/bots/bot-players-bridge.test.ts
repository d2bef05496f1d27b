/**
 * Bridge bots in the server: normal and strong think on the same pool as Pinochle's (the
 * seat's Bridge view only, seeded table:version:seat), easy plays the rule-based bot here,
 * and a failed, slow or backed-up search falls back to the rule-based bot.
 */

import { createBotPool } from '@kibitz/bots';
import { bridgeBots, decideBridgeBot } from '@kibitz/bots/bridge';
import {
  applyBridge,
  type BridgeAction,
  type BridgeConfig,
  type BridgeState,
  bridgeView,
  createBridgeGame,
  parseBridgeConfig,
} from '@kibitz/rules/bridge';
import { afterAll, describe, expect, it } from 'vitest';
import { BotPlayers, UnknownBotGameError } from './bot-players.ts';
import { fakePool, recordingLog } from './test-support.ts';

function bridgeConfig(players: 3 | 4): BridgeConfig {
  const parsed = parseBridgeConfig({ game: 'auction-bridge', players });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.config;
}

/** A rubber's first deal, played by the rule-based bot until `plays` cards are down. */
function bridgeAt(plays: number, players: 3 | 4 = 4): BridgeState {
  let state = createBridgeGame(bridgeConfig(players), 'bot-players-bridge');
  let played = 0;
  while (state.phase !== 'play' || played < plays) {
    if (state.phase === 'play') played++;
    const seat = state.toAct[0]!;
    const result = applyBridge(state, seat, bridgeBots.quickMove(state, seat));
    if (!result.ok) throw new Error(result.rejection.message);
    state = result.state;
  }
  return state;
}

const settings = { threads: 1, patienceMs: 4_000, maxQueued: 4 };
/** The Pinochle side of the fake pools here: never asked at a Bridge table. */
const noPinochle = () =>
  Promise.resolve({ action: { type: 'pass' as const }, memory: null!, deals: 0, ms: 0 });

describe('bot players at Bridge', () => {
  it('asks the pool for normal and strong, with the seat view and the seed table:version:seat', async () => {
    const state = bridgeAt(3);
    const seat = state.toAct[0]!;
    const pool = fakePool(noPinochle, (request) =>
      Promise.resolve({ ...decideBridgeBot({ ...request, level: 'easy' }), ms: 1 }),
    );
    const bots = new BotPlayers(settings, recordingLog(), pool);
    for (const level of ['normal', 'strong'] as const) {
      const action = await bots.ask<BridgeAction>(
        {},
        { game: 'auction-bridge', table: 'BRDG', seat, level, state, stillDue: () => true },
      );
      expect(applyBridge(state, seat, action!).ok).toBe(true);
    }
    expect(pool.askedBridge.map((request) => [request.level, request.seed])).toEqual([
      ['normal', `BRDG:${state.version}:${seat}`],
      ['strong', `BRDG:${state.version}:${seat}`],
    ]);
    // Nothing but the seat's own view goes to the pool.
    for (const request of pool.askedBridge) expect(request.view).toEqual(bridgeView(state, seat));
    // Easy stays on this thread, and answers as the rule-based bot.
    const easy = await bots.ask(
      {},
      { game: 'auction-bridge', table: 'BRDG', seat, level: 'easy', state, stillDue: () => true },
    );
    expect(easy).toEqual(bridgeBots.quickMove(state, seat));
    expect(pool.askedBridge).toHaveLength(2);
    expect(pool.asked).toHaveLength(0);
  });

  it('a failed search: logged, and the rule-based bot plays', async () => {
    const state = bridgeAt(0);
    const seat = state.toAct[0]!;
    const log = recordingLog();
    const bots = new BotPlayers(
      settings,
      log,
      fakePool(noPinochle, () => Promise.reject(new Error('the thread died'))),
    );
    const action = await bots.ask<BridgeAction>(
      {},
      { game: 'auction-bridge', table: 'T', seat, level: 'strong', state, stillDue: () => true },
    );
    expect(action).toEqual(bridgeBots.quickMove(state, seat));
    expect(
      log.lines.find((line) => line.message === 'a bot decision failed: heuristic played')?.details,
    ).toMatchObject({
      game: 'auction-bridge',
      seat,
    });
  });

  it('a search slower than the patience: the rule-based bot plays', async () => {
    const state = bridgeAt(2);
    const seat = state.toAct[0]!;
    const log = recordingLog();
    const never = fakePool(noPinochle, () => new Promise(() => {}));
    const bots = new BotPlayers({ ...settings, patienceMs: 30 }, log, never);
    const action = await bots.ask<BridgeAction>(
      {},
      { game: 'auction-bridge', table: 'T', seat, level: 'normal', state, stillDue: () => true },
    );
    expect(action).toEqual(bridgeBots.quickMove(state, seat));
    expect(log.lines.map((line) => line.message)).toContain('a bot decision took too long: heuristic played');
  });

  it('a backed-up pool: the rule-based bot plays at once, and the pool is not asked', async () => {
    const state = bridgeAt(1);
    const seat = state.toAct[0]!;
    const log = recordingLog();
    const pool = { ...fakePool(noPinochle), queued: 4 };
    const bots = new BotPlayers(settings, log, pool);
    const action = await bots.ask<BridgeAction>(
      {},
      { game: 'auction-bridge', table: 'T', seat, level: 'strong', state, stillDue: () => true },
    );
    expect(action).toEqual(bridgeBots.quickMove(state, seat));
    expect(pool.askedBridge).toHaveLength(0);
    expect(log.lines.map((line) => line.message)).toContain('the bot pool is backed up: heuristic played');
  });

  it('an answer that comes back after its turn is over is dropped', async () => {
    const state = bridgeAt(1);
    const seat = state.toAct[0]!;
    const pool = fakePool(noPinochle, (request) => Promise.resolve({ ...decideBridgeBot(request), ms: 1 }));
    const bots = new BotPlayers(settings, recordingLog(), pool);
    const action = await bots.ask<BridgeAction>(
      {},
      { game: 'auction-bridge', table: 'T', seat, level: 'normal', state, stillDue: () => false },
    );
    expect(action).toBeNull();
  });

  it('a game no bot plays is refused by name, and nothing is asked', async () => {
    const pool = fakePool(noPinochle);
    const bots = new BotPlayers(settings, recordingLog(), pool);
    pool.asked.length = 0;
    const turn = {
      game: 'skat',
      table: 'T',
      seat: 0,
      level: 'strong' as const,
      state: {},
      stillDue: () => true,
    };
    await expect(bots.ask({}, turn)).rejects.toBeInstanceOf(UnknownBotGameError);
    expect(pool.asked).toHaveLength(0);
    expect(pool.askedBridge).toHaveLength(0);
  });
});

describe('bot players at Bridge on a real pool', () => {
  const real = createBotPool({ threads: 1 });
  const bots = new BotPlayers({ ...settings, patienceMs: 60_000 }, recordingLog(), real);
  afterAll(() => bots.close());

  it('strong and normal answer legal cards from a pool thread, for four and three players', async () => {
    for (const players of [4, 3] as const) {
      const state = bridgeAt(4, players);
      const seat = state.toAct[0]!;
      for (const level of ['normal', 'strong'] as const) {
        const action = await bots.ask<BridgeAction>(
          {},
          { game: 'auction-bridge', table: 'R', seat, level, state, stillDue: () => true },
        );
        expect(applyBridge(state, seat, action!).ok).toBe(true);
      }
    }
  }, 120_000);
});
