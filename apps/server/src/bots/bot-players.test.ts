/**
 * The server's bot players: normal and strong bots think on a pool thread (the socket
 * thread keeps turning meanwhile), easy bots play here; each seat's memory is fed only
 * its own views; a failed, slow or stale decision never stalls a table.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createBotPool } from '@kibitz/bots';
import { heuristicBot, type PoolDecision, pinochleBots, remember } from '@kibitz/bots/pinochle';
import { type Action, apply, createGame, defaultConfig, type GameState, view } from '@kibitz/rules/pinochle';
import { afterAll, describe, expect, it } from 'vitest';
import { BotPlayers } from './bot-players.ts';
import { fakePool, recordingLog } from './test-support.ts';

/** Cutthroat, played by the heuristic until `plays` cards are down in the play phase. */
function playedTo(plays: number): GameState {
  let state = createGame(defaultConfig('cutthroat'), 'bot-players-test');
  let played = 0;
  while (state.phase !== 'play' || played < plays) {
    const seat = state.toAct[0]!;
    const action = heuristicBot.decide(view(state, seat), () => 0);
    if (state.phase === 'play' && action.type === 'play') played++;
    const result = apply(state, seat, action);
    if (!result.ok) throw new Error(result.rejection.message);
    state = result.state;
  }
  return state;
}

const settings = { threads: 1, patienceMs: 4_000, maxQueued: 4 };

describe('bot players', () => {
  it('asks the pool for normal and strong bots, with the seed table:version:seat', async () => {
    const state = playedTo(0);
    const seat = state.toAct[0]!;
    const pool = fakePool((request) =>
      Promise.resolve({
        action: pinochleBots.quickMove(state, seat),
        memory: request.memory!,
        deals: 1,
        ms: 1,
      }),
    );
    const bots = new BotPlayers(settings, recordingLog(), pool);
    pool.asked.length = 0;
    const owner = {};
    for (const level of ['normal', 'strong'] as const) {
      const action = await bots.ask<Action>(owner, {
        game: 'pinochle',
        table: 'ABCD',
        seat,
        level,
        state,
        stillDue: () => true,
      });
      expect(apply(state, seat, action!).ok).toBe(true);
    }
    expect(pool.asked.map((request) => [request.level, request.seed])).toEqual([
      ['normal', `ABCD:${state.version}:${seat}`],
      ['strong', `ABCD:${state.version}:${seat}`],
    ]);
    // Easy stays on this thread: the pool is not asked.
    await bots.ask(owner, {
      game: 'pinochle',
      table: 'ABCD',
      seat,
      level: 'easy',
      state,
      stillDue: () => true,
    });
    expect(pool.asked).toHaveLength(2);
  });

  it("keeps one memory per seat, fed only by that seat's own views", async () => {
    const seen = fakePool((request) =>
      Promise.resolve({ action: { type: 'pass' }, memory: request.memory!, deals: 0, ms: 0 } as PoolDecision),
    );
    const bots = new BotPlayers(settings, recordingLog(), seen);
    seen.asked.length = 0;
    const owner = {};
    // The same seat at three of its turns, tricks apart; another seat's turns in between.
    const turns: GameState[] = [];
    for (let plays = 0; turns.length < 3 && plays < 40; plays++) {
      const state = playedTo(plays);
      if (state.toAct[0] === 1 && turns.at(-1)?.version !== state.version) turns.push(state);
    }
    expect(turns).toHaveLength(3);
    for (const state of turns) {
      await bots.ask(owner, {
        game: 'pinochle',
        table: 'T',
        seat: 1,
        level: 'normal',
        state,
        stillDue: () => false,
      });
      await bots.ask(owner, {
        game: 'pinochle',
        table: 'T',
        seat: 2,
        level: 'normal',
        state,
        stillDue: () => false,
      });
    }
    const seat1 = seen.asked.filter((request) => request.seed.endsWith(':1'));
    // Each request carries the memory of the seat's earlier views, and nothing else.
    let expected = null as ReturnType<typeof remember> | null;
    turns.forEach((state, n) => {
      expect(seat1[n]!.memory ?? null).toEqual(expected);
      expect(seat1[n]!.view).toEqual(view(state, 1));
      expected = remember(expected, view(state, 1));
    });
    // Another table's seat 1 starts with nothing.
    await bots.ask(
      {},
      { game: 'pinochle', table: 'U', seat: 1, level: 'normal', state: turns[2]!, stillDue: () => false },
    );
    expect(seen.asked.at(-1)!.memory).toBeNull();
  });

  it('a failed decision: logged, and the heuristic plays', async () => {
    const state = playedTo(2);
    const seat = state.toAct[0]!;
    const log = recordingLog();
    const pool = fakePool(() => Promise.reject(new Error('the thread died')));
    const bots = new BotPlayers(settings, log, pool);
    const action = await bots.ask<Action>(
      {},
      { game: 'pinochle', table: 'T', seat, level: 'strong', state, stillDue: () => true },
    );
    expect(action).toEqual(pinochleBots.quickMove(state, seat));
    expect(log.lines.map((line) => line.message)).toContain('a bot decision failed: heuristic played');
  });

  it('a decision slower than the patience: the heuristic plays, the late answer is dropped', async () => {
    const state = playedTo(2);
    const seat = state.toAct[0]!;
    const log = recordingLog();
    let release: (decision: PoolDecision) => void = () => {};
    const pool = fakePool(() => new Promise((resolve) => (release = resolve)));
    const slowBots = new BotPlayers({ ...settings, patienceMs: 30 }, log, pool);
    const started = performance.now();
    const action = await slowBots.ask(
      {},
      { game: 'pinochle', table: 'T', seat, level: 'strong', state, stillDue: () => true },
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(action).toEqual(pinochleBots.quickMove(state, seat));
    expect(log.lines.map((line) => line.message)).toContain('a bot decision took too long: heuristic played');
    release({
      action: pinochleBots.quickMove(state, seat),
      memory: remember(null, view(state, seat)),
      deals: 1,
      ms: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log.lines.map((line) => line.message)).toContain('a late bot decision was dropped');
  });

  it('a backed-up pool: the heuristic plays at once, and the pool is not asked', async () => {
    const state = playedTo(2);
    const seat = state.toAct[0]!;
    const log = recordingLog();
    const answer = () =>
      Promise.resolve({
        action: pinochleBots.quickMove(state, seat),
        memory: remember(null, view(state, seat)),
        deals: 1,
        ms: 1,
      });
    const pool = { ...fakePool(answer), queued: 4 };
    const bots = new BotPlayers(settings, log, pool);
    pool.asked.length = 0;
    const action = await bots.ask<Action>(
      {},
      { game: 'pinochle', table: 'T', seat, level: 'strong', state, stillDue: () => true },
    );
    expect(action).toEqual(pinochleBots.quickMove(state, seat));
    expect(pool.asked).toHaveLength(0);
    expect(log.lines.map((line) => line.message)).toContain('the bot pool is backed up: heuristic played');
    // One fewer waiting, and the pool is asked again.
    pool.queued = 3;
    await bots.ask({}, { game: 'pinochle', table: 'T', seat, level: 'strong', state, stillDue: () => true });
    expect(pool.asked).toHaveLength(1);
  });

  it('an answer that comes back after its turn is over: dropped and logged', async () => {
    const state = playedTo(2);
    const seat = state.toAct[0]!;
    const log = recordingLog();
    const pool = fakePool(() =>
      Promise.resolve({
        action: pinochleBots.quickMove(state, seat),
        memory: remember(null, view(state, seat)),
        deals: 1,
        ms: 1,
      }),
    );
    const bots = new BotPlayers(settings, log, pool);
    const action = await bots.ask<Action>(
      {},
      { game: 'pinochle', table: 'T', seat, level: 'normal', state, stillDue: () => false },
    );
    expect(action).toBeNull();
    expect(log.lines.map((line) => line.message)).toContain(
      'a bot decision came back after its turn: dropped',
    );
  });
});

describe('bot players on a real pool', () => {
  const log = recordingLog();
  const real = createBotPool({ threads: 1 });
  // A search that always runs its clock out: most of a second, as a strong bot's can. All
  // the patience a first answer needs here (its thread compiles the bots from source).
  const bots = new BotPlayers(
    { ...settings, patienceMs: 60_000, budget: { deals: 1_000_000, maxMs: 600 } },
    log,
    real,
  );
  afterAll(() => bots.close());

  it('starts no thread when made, nor for an easy bot; the first normal bot starts one', async () => {
    const state = playedTo(0);
    const seat = state.toAct[0]!;
    const turn = { game: 'pinochle', table: 'T', seat, state, stillDue: () => true } as const;
    expect(bots.poolThreads).toBe(0);
    expect(apply(state, seat, (await bots.ask({}, { ...turn, level: 'easy' }))!).ok).toBe(true);
    expect(bots.poolThreads).toBe(0);
    expect(apply(state, seat, (await bots.ask({}, { ...turn, level: 'normal' }))!).ok).toBe(true);
    expect(bots.poolThreads).toBe(1);
    const messages = log.lines.map((line) => line.message);
    expect(messages).toContain('the first normal or strong bot: the bot pool starts');
    // The pool answered: the rules of thumb did not stand in.
    expect(messages.filter((message) => message.includes('heuristic played'))).toEqual([]);
  }, 60_000);

  it("thinks on a worker thread: this thread's event loop keeps turning during a strong search", async () => {
    const state = playedTo(0); // the first lead: every card in hand is a candidate
    const seat = state.toAct[0]!;
    const delay = monitorEventLoopDelay({ resolution: 5 });
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    delay.enable();
    const started = performance.now();
    const action = await bots.ask<Action>(
      {},
      { game: 'pinochle', table: 'T', seat, level: 'strong', state, stillDue: () => true },
    );
    const took = performance.now() - started;
    delay.disable();
    clearInterval(ticker);
    expect(apply(state, seat, action!).ok).toBe(true);
    // The search took a while (strong's first lead, every card a candidate: ~0.2 s here since
    // strong searches 48 deals a card), long enough that a blocked loop would show ...
    expect(took).toBeGreaterThan(50);
    // ... and all the while timers here kept firing: no stretch near the search's length.
    expect(delay.max / 1e6).toBeLessThan(took / 2);
    expect(ticks).toBeGreaterThan(took / 10 / 4);
  }, 60_000);
});
