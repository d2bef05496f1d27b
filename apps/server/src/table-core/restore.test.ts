/**
 * A game rebuilt from its log keeps the phase bookkeeping live play kept: the version its
 * phase began at (a card pass or a Continue answers its own prompt, not the table's version)
 * and the last closed result panel. Checked against live play through the core, step by step.
 */
import { tableSettingsSchema } from '@kibitz/protocol';
import { gameById } from '@kibitz/rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testLimits } from '../../testing/core.ts';
import type { Effect } from './commands.ts';
import { type GameAction, parseTableConfig, seatCountOf, type TableConfig } from './game.ts';
import { resumeAtOnce } from './play.ts';
import { restoreGame } from './restore.ts';
import { type CoreState, freshTableState } from './state.ts';
import { step } from './step.ts';

const LIMITS = testLimits();

function configOf(input: object): TableConfig {
  const parsed = parseTableConfig(input);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.config;
}

const FORMS = [
  { name: 'Cutthroat', config: () => configOf({ variant: 'cutthroat' }) },
  {
    name: 'Auction Bridge',
    config: () => gameById('auction-bridge')!.defaultConfig() as TableConfig,
  },
];

/** Seats filled and a game started, with a result panel that stays (handEndSeconds 10). */
function started(config: TableConfig, seed: string): CoreState {
  const seats = seatCountOf(config);
  let state = freshTableState(
    {
      id: 'room',
      code: 'AAAA-BBBB-CC',
      name: 'Test table',
      listed: false,
      hostId: 'm0',
      config,
      settings: tableSettingsSchema.parse({ trickPauseMs: 0, handEndSeconds: 10 }),
    },
    LIMITS,
  );
  const ok = (result: ReturnType<typeof step>) => {
    expect(result.reply.ok).toBe(true);
    return result;
  };
  for (let seat = 0; seat < seats; seat++) {
    const join = {
      type: 'join',
      socketId: `s${seat}`,
      displayName: `P${seat}`,
      claim: null,
      newId: `m${seat}`,
    };
    state = ok(step(state, join as Parameters<typeof step>[1], 0)).state;
    state = ok(step(state, { type: 'take-seat', socketId: `s${seat}`, seat }, 0)).state;
  }
  const start = { type: 'start-game', socketId: 's0', kind: 'start', gameId: 'g1', seed } as const;
  return ok(step(state, start, 0)).state;
}

interface Row {
  seq: number;
  seat: number;
  action: GameAction;
}

const rowsOf = (effects: readonly Effect[]): Row[] =>
  effects.flatMap((effect) =>
    effect.kind === 'store' && effect.store.op === 'append-action' ? [effect.store] : [],
  );

/** Plays `moves` legal actions (chosen by `pick`), each seat from its own socket; returns the state and the log. */
function play(
  state: CoreState,
  moves: number,
  pick: (count: number) => number,
  until?: (state: CoreState) => boolean,
) {
  const log: Row[] = [];
  for (let move = 0; move < moves; move++) {
    const game = state.game!;
    if (game.module.result(game.state) !== null || until?.(state)) break;
    const toAct = game.module.toAct(game.state);
    const seat = toAct[pick(toAct.length)]!;
    const legal = game.module.legalActions(game.state, seat) as GameAction[];
    const action = legal[pick(legal.length)]!;
    const version = game.module.version(game.state);
    const result = step(state, { type: 'act', socketId: `s${seat}`, version, action }, move + 1);
    expect(result.reply).toMatchObject({ ok: true });
    log.push(...rowsOf(result.effects));
    state = result.state;
  }
  return { state, log };
}

/** The table as a reload rebuilds it from `log` (the lobby's order: restore, then what the table does at once). */
function reloaded(live: CoreState, log: readonly Row[]): CoreState {
  const game = live.game!;
  const result = restoreGame(
    { id: game.id, number: game.number, seed: game.seed, config: game.config, actions: log },
    game.holders,
    99,
  );
  if (!result.ok) throw new Error(result.error.message);
  return resumeAtOnce({ ...live, game: result.game }, 99);
}

describe('a game restored from its log', () => {
  for (const form of FORMS) {
    it(`${form.name}: after any number of moves, it is the live game's state, phase start and last closed panel`, () => {
      fc.assert(
        fc.property(
          fc.string({ maxLength: 6 }),
          fc.nat(400),
          fc.infiniteStream(fc.nat()),
          (seed, moves, picks) => {
            const choices = picks[Symbol.iterator]();
            const pick = (count: number) => choices.next().value! % count;
            const { state, log } = play(started(form.config(), seed), moves, pick);
            const live = state.game!;
            const game = reloaded(state, log).game!;
            expect(game.module.version(game.state)).toBe(live.module.version(live.state));
            expect(game.state).toEqual(live.state);
            expect(game.phaseSince).toBe(live.phaseSince);
            expect(game.closedPanel).toEqual(live.closedPanel);
          },
        ),
        { numRuns: 25 },
      );
    });
  }

  it('takes a Continue sent before the restart that answers its own result panel', () => {
    const atPanel = (state: CoreState) => state.game!.module.phase(state.game!.state) === 'hand-end';
    const { state, log } = play(started(FORMS[0]!.config(), 'panel'), 2000, () => 0, atPanel);
    expect(atPanel(state)).toBe(true);
    const panelAt = state.game!.phaseSince;
    const [first, second] = state.game!.module.toAct(state.game!.state);
    // One seat presses Continue (a new version, the panel still open), and the server restarts.
    const pressed = step(
      state,
      { type: 'act', socketId: `s${first}`, version: panelAt, action: { type: 'continue' } },
      5,
    );
    expect(pressed.reply).toMatchObject({ ok: true });
    const afterRestart = reloaded(pressed.state, [...log, ...rowsOf(pressed.effects)]);
    // The other seat's Continue answers the panel's version, sent before the restart.
    const late = step(
      afterRestart,
      { type: 'act', socketId: `s${second}`, version: panelAt, action: { type: 'continue' } },
      6,
    );
    expect(late.reply).toMatchObject({ ok: true });
  });
});
