/**
 * Bots must never be refused: over many seeds of every variant every action a bot
 * returns is accepted by the engine (playGame throws otherwise). House rules: house-rules.test.ts.
 */
import {
  apply,
  createGame,
  defaultConfig,
  type GameState,
  legalActions,
  VARIANTS,
  view,
} from '@kibitz/rules';
import { houseRulesArbitrary } from '@kibitz/rules/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heuristicBot } from './heuristic/index.ts';
import { lineUp } from './lineup.ts';
import { playGame } from './play-game.ts';
import { informedPlay } from './search/informed-play.ts';

const SEEDS = 8;
/**
 * Termination bounds, in actions. Measured maxima over 20 default games: heuristic about
 * 500 (three-handed) and 960 (double deck), random about 1800; the bounds leave room.
 */
const BOUND = { heuristic: 2000, random: 4000, mixed: 4000 } as const;

describe('bots make only accepted actions', () => {
  for (const variant of VARIANTS) {
    for (const pattern of ['heuristic', 'random', 'mixed'] as const) {
      it(`${variant}, ${pattern} bots, ${SEEDS} seeds: every game ends within ${BOUND[pattern]} actions`, () => {
        const config = defaultConfig(variant);
        for (let i = 0; i < SEEDS; i++) {
          const seed = `legal-${variant}-${pattern}-${i}`;
          // playGame throws on a refused action and past maxActions: both fail the test.
          const { state, log } = playGame(config, seed, lineUp(config, pattern), {
            maxActions: BOUND[pattern],
          });
          expect(state.phase).toBe('game-over');
          expect(state.result?.winners.length).toBeGreaterThan(0);
          expect(log.length).toBe(state.version);
        }
      });
    }
  }
});

describe("the strong level's informed play-out policy plays only legal cards", () => {
  it('random house rules and deals: at every turn of trick play its card is one the rules allow', () => {
    let checked = 0;
    fc.assert(
      fc.property(houseRulesArbitrary, fc.nat(), (config, n) => {
        let state: GameState = createGame(config, `informed-${n}`);
        // The auction and widow by the heuristic, then every card by the informed policy,
        // through the engine (which refuses an illegal card), to the hand's score.
        while (state.history.length === 0) {
          const seat = state.toAct[0]!;
          let action = heuristicBot.decide(view(state, seat), () => 0);
          if (state.phase === 'play' && action.type === 'play') {
            const card = informedPlay(state, seat);
            const allowed = legalActions(state, seat).flatMap((a) => (a.type === 'play' ? [a.card] : []));
            expect(allowed).toContain(card);
            action = { type: 'play', card };
            checked++;
          }
          const result = apply(state, seat, action);
          if (!result.ok) throw new Error(result.rejection.message);
          state = result.state;
        }
      }),
      { numRuns: 40, seed: 10_012 },
    );
    expect(checked).toBeGreaterThan(200);
  });
});
