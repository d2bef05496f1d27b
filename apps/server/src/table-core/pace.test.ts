/**
 * A table's pace (issue 25, point 8) sets the timers the core asks for: the bots' delay
 * (the server's base scaled by the pace) and the pause after each trick (the pace's, unless
 * the table overrides it). The host may change the pace while a game runs, but nothing else.
 */
import { type Pace, tableSettingsSchema } from '@kibitz/protocol';
import { legalActions } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { accepted, testLimits } from '../../testing/core.ts';
import { pinochleState } from '../../testing/games.ts';
import { parseTableConfig, phaseOf } from './game.ts';
import { type CoreState, freshTableState } from './state.ts';
import { step } from './step.ts';
import { playTimers } from './timers.ts';

const LIMITS = testLimits({ botDelayMs: 700 });

/** A host watching three bots play a Cutthroat game that has just started at time 0. */
function botTable(settings: object): CoreState {
  const parsed = parseTableConfig({ variant: 'cutthroat' });
  if (!parsed.ok) throw new Error('bad test config');
  let state = freshTableState(
    {
      id: 'room',
      code: 'AAAA-BBBB-CC',
      name: 'Test table',
      listed: false,
      hostId: 'host',
      config: parsed.config,
      settings: tableSettingsSchema.parse(settings),
    },
    LIMITS,
  );
  state = accepted(
    step(state, { type: 'join', socketId: 's0', displayName: 'Host', claim: null, newId: 'host' }, 0),
  );
  for (const seat of [0, 1, 2] as const) {
    const bot = {
      type: 'add-bot',
      socketId: 's0',
      seat,
      level: 'easy',
      newId: `b${seat}`,
      gameId: 'g',
      seed: 's',
    };
    state = accepted(step(state, bot as Parameters<typeof step>[1], 0));
  }
  return accepted(
    step(state, { type: 'start-game', socketId: 's0', kind: 'start', gameId: 'g1', seed: 'seed' }, 0),
  );
}

/** The bots play on (their moves fed in as the shell would) until a finished trick lies on the table. */
function toTrickEnd(state: CoreState): CoreState {
  for (let guard = 0; guard < 300; guard++) {
    if (phaseOf(state.game!) === 'trick-end') return state;
    const game = pinochleState(state.game);
    const seat = game.toAct[0]!;
    const action = legalActions(game, seat)[0]!;
    state = accepted(step(state, { type: 'bot-move', seat, version: game.version, action }, 0));
  }
  throw new Error('no trick ended');
}

const botTimer = (state: CoreState) => playTimers(state).find((timer) => timer.command.kind === 'bot-turn');
const gatherTimer = (state: CoreState) => playTimers(state).find((timer) => timer.command.kind === 'gather');

describe('the pace', () => {
  for (const [pace, botDelay, pause] of [
    ['relaxed', 1200, 2000],
    ['normal', 700, 1200],
    ['fast', 250, 500],
  ] as [Pace, number, number][]) {
    it(`${pace}: a bot acts after ${botDelay} ms, a finished trick lies ${pause} ms`, () => {
      const state = botTable({ pace });
      expect(botTimer(state)?.at).toBe(state.game!.since + botDelay);
      const resting = toTrickEnd(state);
      expect(gatherTimer(resting)?.at).toBe(resting.game!.since + pause);
    });
  }

  it("a trickPauseMs of the table's overrides the pace's pause; the bot delay stays the pace's", () => {
    const state = botTable({ pace: 'relaxed', trickPauseMs: 300 });
    expect(botTimer(state)?.at).toBe(state.game!.since + 1200);
    const resting = toTrickEnd(state);
    expect(gatherTimer(resting)?.at).toBe(resting.game!.since + 300);
  });

  it('the host changes the pace while the game runs (it clears an override); other settings wait for its end', () => {
    let state = botTable({ pace: 'normal', trickPauseMs: 300 });
    state = accepted(
      step(state, { type: 'set-rules', socketId: 's0', patch: { settings: { pace: 'fast' } } }, 0),
    );
    expect(state.settings).toMatchObject({ pace: 'fast', trickPauseMs: null });
    // The running bot timer keeps its key; the next turn's timer is the new pace's.
    const resting = toTrickEnd(state);
    expect(gatherTimer(resting)?.at).toBe(resting.game!.since + 500);
    const locked = step(
      resting,
      { type: 'set-rules', socketId: 's0', patch: { settings: { playAids: false } } },
      0,
    );
    expect(locked.reply).toMatchObject({ ok: false, code: 'game-running' });
    expect(locked.state).toBe(resting);
    // The same values as now are no change: the host panel's whole form may be sent.
    const same = step(
      resting,
      {
        type: 'set-rules',
        socketId: 's0',
        patch: { settings: { playAids: true, pace: 'relaxed' } },
      },
      0,
    );
    expect(same.reply).toMatchObject({ ok: true });
    expect(same.state.settings.pace).toBe('relaxed');
  });

  it('only the host sets the pace', () => {
    let state = botTable({});
    state = accepted(
      step(state, { type: 'join', socketId: 's9', displayName: 'Kib', claim: null, newId: 'k' }, 0),
    );
    const refused = step(
      state,
      { type: 'set-rules', socketId: 's9', patch: { settings: { pace: 'fast' } } },
      0,
    );
    expect(refused.reply).toMatchObject({ ok: false, code: 'not-host' });
  });
});
