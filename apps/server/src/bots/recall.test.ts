/**
 * A bot seat's memory after a restart: rebuilt from the game's log, view by view, so the
 * first search after recovery knows every trick of the hand so far, exactly as the seat
 * remembered it before; without a log source, or when the log cannot be read, the bot
 * plays on knowing only its view.
 */
import { heuristicBot, type PoolDecision, pinochleBots, remember } from '@kibitz/bots/pinochle';
import { type Action, apply, createGame, defaultConfig, type GameState, view } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { BotPlayers } from './bot-players.ts';
import { needsRecall, tableLogSource } from './recall.ts';
import { fakePool, recordingLog } from './test-support.ts';

const settings = { threads: 1, patienceMs: 4_000, maxQueued: 4 };
const SEED = 'recall-server';

/** A cutthroat game played by the heuristic until seat 1 is to play with `tricks` tricks done; its log. */
function gameAt(tricks: number): { state: GameState; actions: { seat: number; action: Action }[] } {
  let state = createGame(defaultConfig('cutthroat'), SEED);
  const actions: { seat: number; action: Action }[] = [];
  while (!(state.phase === 'play' && state.hand.tricks.length >= tricks && state.toAct[0] === 1)) {
    const seat = state.toAct[0]!;
    const action = heuristicBot.decide(view(state, seat), () => 0);
    const result = apply(state, seat, action);
    if (!result.ok) throw new Error(result.rejection.message);
    actions.push({ seat, action });
    state = result.state;
  }
  return { state, actions };
}

/** A table as the lobby has one: its running game (id, secret seed, config). */
function tableOwner(state: GameState) {
  return { game: { id: 'game-1', seed: SEED, config: state.config } };
}

function echoPool() {
  return fakePool((request) =>
    Promise.resolve({ action: { type: 'pass' }, memory: request.memory!, deals: 0, ms: 0 } as PoolDecision),
  );
}

describe('bot memory after a restart', () => {
  it('is rebuilt from the log: the first search knows what the seat remembered before', async () => {
    const { state, actions } = gameAt(4);
    // Before the restart: the seat was asked at each of its turns and remembered them.
    let before = null as ReturnType<typeof remember> | null;
    let replayed = createGame(state.config, SEED);
    for (const { seat, action } of actions) {
      if (replayed.toAct.includes(1)) before = remember(before, view(replayed, 1));
      const result = apply(replayed, seat, action);
      if (!result.ok) throw new Error(result.rejection.message);
      replayed = result.state;
    }
    // With the view of this turn, the seat knows every trick of the hand so far.
    const now = remember(before, view(state, 1)).tricks;
    expect(now.filter((trick) => trick !== null)).toHaveLength(state.hand.tricks.length);

    // After it: a fresh BotPlayers, the log in the database.
    const pool = echoPool();
    const loaded: string[] = [];
    const bots = new BotPlayers(settings, recordingLog(), pool);
    bots.recallFrom(
      tableLogSource({
        loadActions: (id) => {
          loaded.push(id);
          return Promise.resolve(actions.map((row, seq) => ({ ...row, seq })));
        },
      }),
    );
    pool.asked.length = 0;
    const owner = tableOwner(state);
    await bots.ask(owner, {
      game: 'pinochle',
      table: 'T',
      seat: 1,
      level: 'strong',
      state,
      stillDue: () => true,
    });
    expect(loaded).toEqual(['game-1']);
    // The search remembers this turn's view on top of what it is sent: the same memory results.
    expect(remember(pool.asked[0]!.memory, view(state, 1))).toEqual(remember(before, view(state, 1)));
    // Once remembered, the log is not read again.
    await bots.ask(owner, {
      game: 'pinochle',
      table: 'T',
      seat: 1,
      level: 'strong',
      state,
      stillDue: () => true,
    });
    expect(loaded).toHaveLength(1);
  });

  it('is not looked for before two tricks are done: the view shows the last one', async () => {
    const early = gameAt(1).state;
    expect(needsRecall(pinochleBots, view(early, 1))).toBe(false);
    expect(needsRecall(pinochleBots, view(gameAt(2).state, 1))).toBe(true);
    const pool = echoPool();
    const bots = new BotPlayers(settings, recordingLog(), pool);
    let reads = 0;
    bots.recallFrom(() => {
      reads++;
      return Promise.resolve(null);
    });
    await bots.ask(tableOwner(early), {
      game: 'pinochle',
      table: 'T',
      seat: 1,
      level: 'normal',
      state: early,
      stillDue: () => true,
    });
    expect(reads).toBe(0);
  });

  it('a log that cannot be read: logged, and the bot plays on with its view alone', async () => {
    const { state } = gameAt(3);
    const pool = echoPool();
    const log = recordingLog();
    const bots = new BotPlayers(settings, log, pool);
    bots.recallFrom(() => Promise.reject(new Error('database gone')));
    pool.asked.length = 0;
    const action = await bots.ask(tableOwner(state), {
      game: 'pinochle',
      table: 'T',
      seat: 1,
      level: 'normal',
      state,
      stillDue: () => true,
    });
    expect(action).toEqual({ type: 'pass' });
    expect(pool.asked[0]!.memory).toBeNull();
    expect(log.lines.map((line) => line.message)).toContain(
      'bot memory could not be rebuilt: the bot plays on without it',
    );
  });

  it('an owner with no running game has no log', async () => {
    const source = tableLogSource({ loadActions: () => Promise.reject(new Error('not asked')) });
    expect(await source({})).toBeNull();
    expect(await source({ game: null })).toBeNull();
  });
});
