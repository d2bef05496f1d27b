/**
 * A bot's memory rebuilt from the game's log after a restart: the same memory the seat
 * built live from its own views, every completed trick of the hand in play known.
 */
import { type Action, apply, createGame, defaultConfig, VARIANTS, view } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { heuristicBot } from '../heuristic/index.ts';
import { emptyMemory, remember, rememberAll } from './memory.ts';
import { rememberFromLog } from './recall.ts';

describe('memory from the log', () => {
  for (const variant of VARIANTS) {
    it(`${variant}: equals the memory built live from the seat's turns, at every turn of the first hands`, () => {
      const config = defaultConfig(variant);
      const seed = `recall-${variant}`;
      let state = createGame(config, seed);
      const actions: { seat: number; action: Action }[] = [];
      const seat = 1;
      let live = emptyMemory();
      let checked = 0;
      // Hands until a few turns in the play were checked (a hand may be thrown in before the play).
      while (
        (state.history.length < 2 || checked <= 5) &&
        state.history.length < 6 &&
        state.phase !== 'game-over'
      ) {
        const next = state.toAct[0]!;
        if (next === seat) {
          live = remember(live, view(state, seat));
          const recalled = rememberFromLog({ config, seed, actions }, seat);
          expect(recalled).toEqual(live);
          if (state.phase === 'play') {
            // Mid-hand, every completed trick is known, not only the last one a view shows.
            expect(recalled.tricks.length).toBe(state.hand.tricks.length);
            expect(recalled.tricks.every((trick) => trick !== null)).toBe(true);
            checked++;
          }
        }
        const action = heuristicBot.decide(view(state, next), () => 0);
        const result = apply(state, next, action);
        if (!result.ok) throw new Error(result.rejection.message);
        actions.push({ seat: next, action });
        state = result.state;
      }
      expect(checked).toBeGreaterThan(5);
    });
  }

  it("is built from the seat's views only: the same as remembering those views", () => {
    const config = defaultConfig('cutthroat');
    let state = createGame(config, 'recall-views');
    const actions: { seat: number; action: Action }[] = [];
    const views = [];
    while (state.phase !== 'play' || state.hand.tricks.length < 4) {
      const next = state.toAct[0]!;
      const action = heuristicBot.decide(view(state, next), () => 0);
      const result = apply(state, next, action);
      if (!result.ok) throw new Error(result.rejection.message);
      actions.push({ seat: next, action });
      state = result.state;
      views.push(view(state, 0));
    }
    expect(rememberFromLog({ config, seed: 'recall-views', actions }, 0)).toEqual(rememberAll(views));
  });

  it('a log the rules refuse part-way: the memory up to the refused action', () => {
    const config = defaultConfig('cutthroat');
    const memory = rememberFromLog(
      {
        config,
        seed: 'recall-bad',
        actions: [
          { seat: 2, action: { type: 'pass' } },
          { seat: 0, action: { type: 'continue' } },
        ],
      },
      0,
    );
    expect(memory.seat).toBe(0);
    expect(memory.tricks).toEqual([]);
  });
});
