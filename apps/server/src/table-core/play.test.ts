/**
 * Playing through the core: with no pause after a trick the card that completes it and
 * the gathering go in one step (one batch of log rows, one set of views); with a pause the
 * trick lies on the table until its timer. Likewise at a hand's end: with no time for the
 * result ("0 = at once") every seat continues in the action's step; with time, the result
 * panel stays until its timer, which continues for everyone in one step.
 */
import { tableSettingsSchema } from '@kibitz/protocol';
import {
  type Action,
  apply,
  type GameConfig,
  type GameState,
  legalActions,
  parseConfig,
  replay,
} from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { testLimits } from '../../testing/core.ts';
import { pinochleState } from '../../testing/games.ts';
import type { Command, Effect } from './commands.ts';
import { phaseOf } from './game.ts';
import { type CoreState, freshTableState } from './state.ts';
import { step } from './step.ts';

const LIMITS = testLimits();

function cutthroat(rules: object = {}): CoreState['config'] {
  const parsed = parseConfig({ variant: 'cutthroat', ...rules });
  if (!parsed.ok) throw new Error('bad test config');
  return parsed.config;
}

/** Three players seated at a Cutthroat table, a game started; sockets s0..s2 are seats 0..2. */
function started(trickPauseMs: number, handEndSeconds = 0, config = cutthroat()): CoreState {
  let state = freshTableState(
    {
      id: 'room',
      code: 'AAAA-BBBB-CC',
      name: 'Test table',
      listed: false,
      hostId: 'm0',
      config,
      settings: tableSettingsSchema.parse({ trickPauseMs, handEndSeconds }),
    },
    LIMITS,
  );
  const ok = (next: ReturnType<typeof step>) => {
    expect(next.reply.ok).toBe(true);
    return next.state;
  };
  for (const seat of [0, 1, 2] as const) {
    state = ok(
      step(
        state,
        { type: 'join', socketId: `s${seat}`, displayName: `P${seat}`, claim: null, newId: `m${seat}` },
        0,
      ),
    );
    state = ok(step(state, { type: 'take-seat', socketId: `s${seat}`, seat }, 0));
  }
  return ok(
    step(state, { type: 'start-game', socketId: 's0', kind: 'start', gameId: 'g1', seed: 'seed' }, 0),
  );
}

/** Plays legal actions (the first of each seat's) until a step's actions complete a trick. */
function playToTrickEnd(state: CoreState): { before: CoreState; effects: Effect[]; after: CoreState } {
  for (let guard = 0; guard < 200; guard++) {
    const game = pinochleState(state.game);
    const seat = game.toAct[0]!;
    const action = legalActions(game, seat)[0]!;
    const result = step(state, { type: 'act', socketId: `s${seat}`, version: game.version, action }, 1);
    expect(result.reply).toMatchObject({ ok: true });
    const after = pinochleState(result.state.game);
    const completes =
      action.type === 'play' &&
      (after.hand.tricks.length > game.hand.tricks.length || after.history.length > game.history.length);
    const resting = phaseOf(result.state.game!) === 'trick-end';
    if (completes || resting) return { before: state, effects: result.effects, after: result.state };
    state = result.state;
  }
  throw new Error('no trick was completed');
}

const rows = (effects: Effect[]) =>
  effects.flatMap((e) => (e.kind === 'store' && e.store.op === 'append-action' ? [e.store] : []));
const views = (effects: Effect[]) => effects.filter((e) => e.kind === 'views');

describe('the trick pause', () => {
  it('is none (trickPauseMs 0): the card that completes a trick is gathered in the same step, with one set of views; only the card is logged', () => {
    const { before, effects, after } = playToTrickEnd(started(0));
    const from = pinochleState(before.game).version;
    // The gather follows from the state: the replay makes it (pacedImplied).
    expect(rows(effects).map((row) => [row.seq, (row.action as { type: string }).type])).toEqual([
      [from, 'play'],
    ]);
    expect(views(effects)).toHaveLength(1);
    expect(phaseOf(after.game!)).not.toBe('trick-end');
    expect(pinochleState(after.game).version).toBe(from + 2);
  });

  it('is a moment (trickPauseMs 1200): the completed trick lies on the table, and its step stores one row', () => {
    const { effects, after } = playToTrickEnd(started(1200));
    expect(rows(effects).map((row) => (row.action as { type: string }).type)).toEqual(['play']);
    expect(views(effects)).toHaveLength(1);
    expect(phaseOf(after.game!)).toBe('trick-end');
  });
});

/** Plays legal actions until a step ends a hand (the hand is scored, or the game rests at hand-end). */
function playToHandEnd(state: CoreState): { before: CoreState; effects: Effect[]; after: CoreState } {
  for (let guard = 0; guard < 500; guard++) {
    const game = pinochleState(state.game);
    const seat = game.toAct[0]!;
    const action = legalActions(game, seat)[0]!;
    const result = step(state, { type: 'act', socketId: `s${seat}`, version: game.version, action }, 1);
    expect(result.reply).toMatchObject({ ok: true });
    const scored = pinochleState(result.state.game).history.length > game.history.length;
    if (scored || phaseOf(result.state.game!) === 'hand-end') {
      return { before: state, effects: result.effects, after: result.state };
    }
    state = result.state;
  }
  throw new Error('no hand ended');
}

describe("the time for a hand's result", () => {
  it('is none (handEndSeconds 0, "0 = at once"): the action that ends a hand, the gathering and every seat\'s continue go in one step, with one set of views; only the action is logged', () => {
    const { before, effects, after } = playToHandEnd(started(0, 0));
    const from = pinochleState(before.game).version;
    const stored = rows(effects).map((row) => [row.seq, row.seat, (row.action as { type: string }).type]);
    // The gather and every seat's continue follow from the state and the next logged action.
    expect(stored).toEqual([[from, expect.any(Number), 'play']]);
    expect(views(effects)).toHaveLength(1);
    const game = pinochleState(after.game);
    expect(game.phase).not.toBe('hand-end');
    expect(game.version).toBe(from + 5);
    expect(game.history).toHaveLength(pinochleState(before.game).history.length + 1);
  });

  it('is a while (handEndSeconds 10): the hand rests at its result; when the time runs out everyone continues in one step, with one set of views', () => {
    const { after } = playToHandEnd(started(0, 10));
    const game = pinochleState(after.game);
    expect(game.phase).toBe('hand-end');
    const timeout = step(
      after,
      { type: 'timer', timer: { kind: 'hand-end', phaseSince: after.game!.phaseSince } },
      20_000,
    );
    expect(timeout.reply).toMatchObject({ ok: true });
    expect(
      rows(timeout.effects).map((row) => [row.seq, row.seat, (row.action as { type: string }).type]),
    ).toEqual([
      [game.version, 0, 'continue'],
      [game.version + 1, 1, 'continue'],
      [game.version + 2, 2, 'continue'],
    ]);
    expect(views(timeout.effects)).toHaveLength(1);
    expect(pinochleState(timeout.state.game).phase).not.toBe('hand-end');
  });
});

describe('the log of a paced game', () => {
  // Every pacing: the gather and the continues at once, after a pause, or pressed by hand.
  for (const [trickPauseMs, handEndSeconds] of [
    [0, 0],
    [1200, 0],
    [0, 10],
    [1200, 10],
  ] as const) {
    it(`replays to the table's game after every step (trickPauseMs ${trickPauseMs}, handEndSeconds ${handEndSeconds}), though what is done at once is not in it`, () => {
      // One round (each seat deals once), so that the game ends.
      let state = started(trickPauseMs, handEndSeconds, cutthroat({ target: { kind: 'rounds', rounds: 1 } }));
      // The game's config as the table stored it (the table paces it: 'paced' is set).
      const config = pinochleState(state.game).config;
      const logged: { seq: number; seat: number; action: Action }[] = [];
      let now = 1;
      for (let guard = 0; guard < 5000 && pinochleState(state.game).phase !== 'game-over'; guard++) {
        const game = pinochleState(state.game);
        const seat = game.toAct[0]!;
        now += 20_000;
        const command: Command =
          game.phase === 'trick-end'
            ? { type: 'timer', timer: { kind: 'gather', version: game.version } }
            : game.phase === 'hand-end' && guard % 2 === 0
              ? { type: 'timer', timer: { kind: 'hand-end', phaseSince: state.game!.phaseSince } }
              : {
                  type: 'act',
                  socketId: `s${seat}`,
                  version: game.version,
                  action: pick(legalActions(game, seat), guard),
                };
        const result = step(state, command, now);
        expect(result.reply).toMatchObject({ ok: true });
        state = result.state;
        for (const row of rows(result.effects))
          logged.push({ seq: row.seq, seat: row.seat, action: row.action as Action });
        // Versions only go up along the log: (gameId, seq) stays unique.
        expect(logged.every((row, i) => i === 0 || row.seq > logged[i - 1]!.seq)).toBe(true);
        const live = pinochleState(state.game);
        // Every step of the first hands, then now and then (a replay per step grows with the game).
        if (guard > 250 && guard % 40 !== 0) continue;
        expect(settled(replayOrThrow(config, 'seed', logged), live)).toEqual(live);
      }
      // The game's last trick is gathered by the replay too: it ends where the table's game ended.
      const final = pinochleState(state.game);
      expect(final.phase).toBe('game-over');
      expect(replayOrThrow(config, 'seed', logged)).toEqual(final);
      const gathers = logged.filter((row) => row.action.type === 'gather');
      const tricks = final.history.length; // at least one a hand
      if (trickPauseMs === 0) {
        // Made at once, a gather is logged only when it ends the game (a concession may end it too).
        expect(gathers.length).toBeLessThanOrEqual(1);
        if (gathers.length === 1) expect(logged.at(-1)).toBe(gathers[0]);
      } else {
        // After a pause, a step of its own: logged, so the log ends where the table was.
        expect(gathers.length).toBeGreaterThanOrEqual(tricks);
      }
    });
  }
});

/** The rules' replay of a log that must replay. */
function replayOrThrow(config: GameConfig, seed: string, log: readonly { seat: number; action: Action }[]) {
  const result = replay(config, seed, log as Parameters<typeof replay>[2]);
  if (!result.ok) throw new Error(result.error.message);
  return result.state;
}

/**
 * A log that ends with a trick's last card leaves the trick on the table, and one that ends
 * with a hand's last card its result panel open too: the replay cannot know the table had
 * no pause for them, and on a reload the table's zero timers gather and continue. Here that
 * is done by hand, as far as the table has gone.
 */
function settled(replayed: GameState, live: GameState): GameState {
  let state = replayed;
  while (state.version < live.version && (state.phase === 'trick-end' || state.phase === 'hand-end')) {
    const action: Action = state.phase === 'trick-end' ? { type: 'gather' } : { type: 'continue' };
    const next = apply(state, state.toAct[0]!, action);
    if (!next.ok) throw new Error(next.rejection.message);
    state = next.state;
  }
  return state;
}

/** One of `actions`, varied by `n` but the same on every run (the first alone never ends a game). */
function pick<T>(actions: readonly T[], n: number): T {
  return actions[(n * 7919) % actions.length]!;
}
