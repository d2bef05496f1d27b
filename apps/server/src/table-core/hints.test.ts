/**
 * Hints in the core (issue 26, point 3): refused while the host has them off, to a
 * spectator, off your turn or at another version; granted, the seat's count goes up for
 * everyone to see, is stored with the game and comes back with a game rebuilt from its
 * log. The reply carries the seat's own view for the search, never anyone else's.
 */
import { tableSettingsSchema } from '@kibitz/protocol';
import { legalActions } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { accepted, testLimits } from '../../testing/core.ts';
import { pinochleState } from '../../testing/games.ts';
import type { Effect } from './commands.ts';
import { type GameAction, parseTableConfig, versionOf, viewOf } from './game.ts';
import { restoreGame } from './restore.ts';
import { snapshot } from './snapshot.ts';
import { type CoreState, freshTableState } from './state.ts';
import { step } from './step.ts';

const LIMITS = testLimits();

/** Three players (sockets s0..s2 in seats 0..2) and a spectator (s9), a Cutthroat game started. */
function started(hints: boolean): CoreState {
  const parsed = parseTableConfig({ variant: 'cutthroat' });
  if (!parsed.ok) throw new Error(parsed.message);
  let state = freshTableState(
    {
      id: 'room',
      code: 'AAAA-BBBB-CC',
      name: 'Test table',
      listed: false,
      hostId: 'm0',
      config: parsed.config,
      settings: tableSettingsSchema.parse({ hints, trickPauseMs: 0 }),
    },
    LIMITS,
  );
  for (const seat of [0, 1, 2] as const) {
    const join = {
      type: 'join',
      socketId: `s${seat}`,
      displayName: `P${seat}`,
      claim: null,
      newId: `m${seat}`,
    };
    state = accepted(step(state, join as Parameters<typeof step>[1], 0));
    state = accepted(step(state, { type: 'take-seat', socketId: `s${seat}`, seat }, 0));
  }
  state = accepted(
    step(state, { type: 'join', socketId: 's9', displayName: 'Kib', claim: null, newId: 'm9' }, 0),
  );
  return accepted(
    step(state, { type: 'start-game', socketId: 's0', kind: 'start', gameId: 'g1', seed: 'hints' }, 0),
  );
}

const toAct = (state: CoreState) => pinochleState(state.game).toAct[0]!;
const version = (state: CoreState) => versionOf(state.game!);
const ask = (state: CoreState, socketId: string, at = version(state)) =>
  step(state, { type: 'hint', socketId, version: at }, 5);
const stored = (effects: Effect[]) =>
  effects.flatMap((effect) => (effect.kind === 'store' ? [effect.store] : []));

/** The seat to act makes its first legal action. */
function move(state: CoreState): CoreState {
  const seat = toAct(state);
  const action = legalActions(pinochleState(state.game), seat)[0]!;
  return accepted(step(state, { type: 'act', socketId: `s${seat}`, version: version(state), action }, 1));
}

describe('hints at the table', () => {
  it('are refused while the host has them off, and nothing changes', () => {
    const state = started(false);
    const refused = ask(state, `s${toAct(state)}`);
    expect(refused.reply).toMatchObject({ ok: false, code: 'hints-off' });
    expect(refused.state).toBe(state);
    expect(refused.effects).toEqual([]);
    expect(snapshot(state, 0).game!.hints).toEqual([0, 0, 0]);
  });

  it('are refused to a spectator, off your turn and at another version', () => {
    const state = started(true);
    const seat = toAct(state);
    const other = [0, 1, 2].find((s) => s !== seat)!;
    expect(ask(state, 's9').reply).toMatchObject({ ok: false, code: 'not-seated' });
    expect(ask(state, `s${other}`).reply).toMatchObject({ ok: false, code: 'not-your-turn' });
    expect(ask(state, `s${seat}`, version(state) + 1).reply).toMatchObject({
      ok: false,
      code: 'stale-version',
    });
    expect(ask(state, 'nobody').reply).toMatchObject({ ok: false, code: 'not-at-table' });
  });

  it('granted: the seat gets its own view for the search, its count goes up for everyone and is stored; asked again at the same version it counts once', () => {
    let state = started(true);
    const seat = toAct(state);
    const granted = ask(state, `s${seat}`);
    expect(granted.reply).toMatchObject({ ok: true, version: version(state), seat, game: 'pinochle' });
    const game = state.game!;
    expect((granted.reply as unknown as { view: unknown }).view).toEqual(
      viewOf(game.module, game.state, seat),
    );
    const counts = [0, 0, 0].map((_, s) => (s === seat ? 1 : 0));
    expect(stored(granted.effects)).toEqual([{ op: 'set-hints', gameId: 'g1', hints: counts }]);
    // Everyone is sent the table with the count; the hint itself goes nowhere from the core.
    const sent = granted.effects.filter((effect) => effect.kind === 'send');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: ['s0', 's1', 's2', 's9'], message: { event: 'table' } });
    expect(JSON.stringify(sent[0])).not.toContain('"view"');
    state = granted.state;
    expect(snapshot(state, 0).game!.hints).toEqual(counts);
    const again = ask(state, `s${seat}`);
    expect(again.reply).toMatchObject({ ok: true });
    expect(stored(again.effects)).toEqual([]);
    expect(snapshot(again.state, 0).game!.hints).toEqual(counts);
    // The next turn is another hint.
    state = move(state);
    const next = toAct(state);
    state = accepted(ask(state, `s${next}`));
    const after = counts.map((count, s) => (s === next ? count + 1 : count));
    expect(snapshot(state, 0).game!.hints).toEqual(after);
  });

  it('counts come back with a game rebuilt from its log (a restart)', () => {
    let state = started(true);
    const log: { seat: number; action: GameAction }[] = [];
    for (let i = 0; i < 3; i++) {
      state = accepted(ask(state, `s${toAct(state)}`));
      const seat = toAct(state);
      const action = legalActions(pinochleState(state.game), seat)[0]!;
      log.push({ seat, action });
      state = move(state);
    }
    const game = state.game!;
    const restored = restoreGame(
      {
        id: game.id,
        number: game.number,
        seed: game.seed,
        config: game.config,
        actions: log,
        hints: game.hints,
      },
      game.holders,
      99,
    );
    expect(restored.ok).toBe(true);
    if (!restored.ok) return;
    expect(restored.game.hints).toEqual(game.hints);
    expect(restored.game.hints.reduce((a, b) => a + b, 0)).toBe(3);
    expect(snapshot({ ...state, game: restored.game }, 0).game!.hints).toEqual(game.hints);
    // A game stored before hints were counted has none.
    const older = restoreGame(
      { id: game.id, number: game.number, seed: game.seed, config: game.config, actions: log },
      game.holders,
      99,
    );
    expect(older.ok && older.game.hints).toEqual([0, 0, 0]);
  });
});
