/**
 * Bots must never be refused: over many seeds of every variant every action a bot
 * returns is accepted by the engine (playGame throws otherwise). House rules: house-rules.test.ts.
 */
import { defaultConfig, VARIANTS } from '@kibitz/rules';
import { describe, expect, it } from 'vitest';
import { lineUp } from './lineup.ts';
import { playGame } from './play-game.ts';

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
