/**
 * Playing through the core: with no pause after a trick the card that completes it and
 * the gathering go in one step (one batch of log rows, one set of views); with a pause the
 * trick lies on the table until its timer. Likewise at a hand's end: with no time for the
 * result ("0 = at once") every seat continues in the action's step; with time, the result
 * panel stays until its timer, which continues for everyone in one step.
 */
import { tableSettingsSchema } from '@kibitz/protocol';
import { legalActions, parseConfig } from '@kibitz/rules';
import { describe, expect, it } from 'vitest';
import { pinochleState } from '../testing/games.ts';
import type { Effect } from './commands.ts';
import { phaseOf } from './game.ts';
import { type CoreLimits, type CoreState, freshTableState } from './state.ts';
import { step } from './step.ts';

const LIMITS: CoreLimits = {
  secondMs: 1000,
  botDelayMs: 5,
  goneMemberMs: 60_000,
  maxMembers: 10,
  chatMessages: 5,
  chatWindowMs: 1000,
  recentChat: 10,
};

function cutthroat(): CoreState['config'] {
  const parsed = parseConfig({ variant: 'cutthroat' });
  if (!parsed.ok) throw new Error('bad test config');
  return parsed.config;
}

/** Three players seated at a Cutthroat table, a game started; sockets s0..s2 are seats 0..2. */
function started(trickPauseMs: number, handEndSeconds = 0): CoreState {
  let state = freshTableState(
    {
      id: 'room',
      code: 'AAAA-BBBB-CC',
      name: 'Test table',
      listed: false,
      hostId: 'm0',
      config: cutthroat(),
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
    const completes =
      action.type === 'play' &&
      result.effects.some(
        (e) =>
          e.kind === 'store' &&
          e.store.op === 'append-action' &&
          (e.store.action as { type: string }).type === 'gather',
      );
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
  it('is none (trickPauseMs 0): the card that completes a trick is gathered in the same step, with one set of views', () => {
    const { before, effects, after } = playToTrickEnd(started(0));
    const from = pinochleState(before.game).version;
    expect(rows(effects).map((row) => [row.seq, (row.action as { type: string }).type])).toEqual([
      [from, 'play'],
      [from + 1, 'gather'],
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

/** Plays legal actions until a step ends a hand (its rows hold a continue, or the game rests at hand-end). */
function playToHandEnd(state: CoreState): { before: CoreState; effects: Effect[]; after: CoreState } {
  for (let guard = 0; guard < 500; guard++) {
    const game = pinochleState(state.game);
    const seat = game.toAct[0]!;
    const action = legalActions(game, seat)[0]!;
    const result = step(state, { type: 'act', socketId: `s${seat}`, version: game.version, action }, 1);
    expect(result.reply).toMatchObject({ ok: true });
    const continued = rows(result.effects).some(
      (row) => (row.action as { type: string }).type === 'continue',
    );
    if (continued || phaseOf(result.state.game!) === 'hand-end') {
      return { before: state, effects: result.effects, after: result.state };
    }
    state = result.state;
  }
  throw new Error('no hand ended');
}

describe("the time for a hand's result", () => {
  it('is none (handEndSeconds 0, "0 = at once"): the action that ends a hand, the gathering and every seat\'s continue go in one step, with one set of views', () => {
    const { before, effects, after } = playToHandEnd(started(0, 0));
    const from = pinochleState(before.game).version;
    const stored = rows(effects).map((row) => [row.seq, row.seat, (row.action as { type: string }).type]);
    expect(stored.slice(0, 2)).toEqual([
      [from, expect.any(Number), 'play'],
      [from + 1, expect.any(Number), 'gather'],
    ]);
    // One continue per seat, in seat order, each at the version it answers.
    expect(stored.slice(2)).toEqual([
      [from + 2, 0, 'continue'],
      [from + 3, 1, 'continue'],
      [from + 4, 2, 'continue'],
    ]);
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
