/**
 * The worker pool: a request goes to a pool thread and comes back with the same answer
 * (and the same memory) as deciding in this thread, for every level; a refused request
 * is reported as an error, and closing the pool ends its threads.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { applyBridge, type BridgeState, bridgeView, createBridgeGame } from '@kibitz/rules/bridge';
import { apply, createGame, defaultConfig, type GameState, view } from '@kibitz/rules/pinochle';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type BridgeBotRequest,
  type BridgePoolDecision,
  decideBridgeBot,
  ruleBridgeBot,
} from './bridge/index.ts';
import { bridgeConfig } from './bridge/test-support.ts';
import { heuristicBot } from './pinochle/heuristic/index.ts';
import { BOT_LEVELS, type BotRequest, decideBot, type PoolDecision } from './pinochle/levels.ts';
import { BOT_THREAD_NAME, type BotPool, createBotPool } from './pool.ts';

const NO_CLOCK = { deals: 4, playDeals: 4, maxMs: Number.POSITIVE_INFINITY };
const pool = createBotPool({ threads: 1 });
/** Each game's request through the pool's one door, `ask`, its answer typed as the game's. */
const decide = (on: BotPool, request: BotRequest) =>
  on.ask({ ...request, game: 'pinochle' }) as Promise<PoolDecision>;
const decideBridge = (on: BotPool, request: BridgeBotRequest) =>
  on.ask({ ...request, game: 'auction-bridge' }) as Promise<BridgePoolDecision>;
afterAll(() => pool.close());

/** A cutthroat table in the play phase, a few cards in. */
function midHand(): GameState {
  let state = createGame(defaultConfig('cutthroat'), 'pool-test');
  let played = 0;
  while (state.phase !== 'play' || played < 4) {
    if (state.phase === 'play') played++;
    const seat = state.toAct[0]!;
    const result = apply(
      state,
      seat,
      heuristicBot.decide(view(state, seat), () => 0),
    );
    if (!result.ok) throw new Error(result.rejection.message);
    state = result.state;
  }
  return state;
}

/** A Bridge rubber's first deal, a few cards into the play (rule bots at every seat). */
function bridgeMidPlay(): BridgeState {
  let state = createBridgeGame(bridgeConfig(), 'pool-test');
  let played = 0;
  while (state.phase !== 'play' || played < 5) {
    if (state.phase === 'play') played++;
    const seat = state.toAct[0]!;
    const result = applyBridge(
      state,
      seat,
      ruleBridgeBot.decide(bridgeView(state, seat), () => 0),
    );
    if (!result.ok) throw new Error(result.rejection.message);
    state = result.state;
  }
  return state;
}

describe('bot pool', () => {
  it('answers Bridge on a pool thread exactly as in this thread', async () => {
    const state = bridgeMidPlay();
    const seat = state.toAct[0]!;
    for (const level of BOT_LEVELS) {
      const request = {
        view: bridgeView(state, seat),
        level,
        seed: 'pool',
        budget: { deals: 6, maxMs: Number.POSITIVE_INFINITY },
      };
      const fromPool = await decideBridge(pool, request);
      expect(fromPool.action).toEqual(decideBridgeBot(request).action);
      expect(applyBridge(state, seat, fromPool.action).ok).toBe(true);
    }
  });

  it('answers each level on a pool thread exactly as in this thread', async () => {
    const state = midHand();
    const seat = state.toAct[0]!;
    const seen = view(state, seat);
    for (const level of BOT_LEVELS) {
      const request = { view: seen, level, seed: 'pool', budget: NO_CLOCK };
      const fromPool = await decide(pool, request);
      const here = decideBot(request);
      expect(fromPool.action).toEqual(here.action);
      expect(fromPool.memory).toEqual(here.memory);
      expect(fromPool.ms).toBeGreaterThanOrEqual(0);
      expect(apply(state, seat, fromPool.action).ok).toBe(true);
    }
  });

  it('several requests at once all come back', async () => {
    const state = midHand();
    const seat = state.toAct[0]!;
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        decide(pool, { view: view(state, seat), level: 'normal', seed: `n${n}`, budget: NO_CLOCK }),
      ),
    );
    for (const answer of answers) expect(apply(state, seat, answer.action).ok).toBe(true);
  });

  it('a view with no prompt is an error from the pool, not a hang', async () => {
    const state = midHand();
    const idle = (state.toAct[0]! + 1) % state.seatCount;
    await expect(decide(pool, { view: view(state, idle), level: 'strong', seed: 'x' })).rejects.toThrow(
      /without a prompt/,
    );
  });

  // Linux only: elsewhere there is no per-thread scheduling policy (or name) to read.
  const linux = process.platform === 'linux' && existsSync('/proc/self/task');
  /** This process's threads named as pool threads. */
  const botThreads = () =>
    readdirSync('/proc/self/task').filter(
      (tid) => readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === BOT_THREAD_NAME,
    ).length;

  it.skipIf(!linux)(
    'starts no thread until its first request; close ends them and refuses more',
    async () => {
      const before = botThreads();
      const lazy = createBotPool({ threads: 1 });
      expect(lazy.threads).toBe(0);
      expect(botThreads()).toBe(before);
      const state = midHand();
      const seat = state.toAct[0]!;
      const request = { view: view(state, seat), level: 'normal' as const, seed: 'lazy', budget: NO_CLOCK };
      expect(apply(state, seat, (await decide(lazy, request)).action).ok).toBe(true);
      expect(lazy.threads).toBe(1);
      expect(botThreads()).toBe(before + 1);
      await lazy.close();
      expect(lazy.threads).toBe(0);
      await expect(decide(lazy, request)).rejects.toThrow(/closed/);
      expect(lazy.threads).toBe(0);
    },
  );
  it.skipIf(!linux)(
    'its threads think at the lowest priority: SCHED_IDLE where chrt is, else nice 19',
    async () => {
      const state = midHand();
      const seat = state.toAct[0]!;
      await decide(pool, { view: view(state, seat), level: 'normal', seed: 'priority', budget: NO_CLOCK });
      // /proc/<pid>/task/<tid>/stat, after the name's ')': field 19 is the nice value, 41 the
      // policy (5 = SCHED_IDLE). The pool's thread is one of this process's threads.
      const threads = readdirSync('/proc/self/task').map((tid) => {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return { nice: Number(fields[16]), policy: Number(fields[38]) };
      });
      let chrt = true;
      try {
        execFileSync('chrt', ['--version'], { stdio: 'ignore' });
      } catch {
        chrt = false;
      }
      if (chrt) expect(threads.some((thread) => thread.policy === 5)).toBe(true);
      else expect(threads.some((thread) => thread.nice === 19)).toBe(true);
    },
  );
});
