/**
 * Bots must never be refused: over many seeds of every variant every action a bot
 * returns is accepted by the engine (playGame throws otherwise). House rules: house-rules.test.ts.
 */
import { defaultConfig, VARIANTS } from '@kibitz/rules/pinochle';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, levelBot } from './levels.ts';
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

/**
 * The search levels over whole games (levels.test.ts plays single hands with every
 * house rule): a bot keeps its memory from hand to hand and game to game, and a memory
 * of an earlier hand must never lead it astray. Small budgets without a clock, so the
 * games are quick and the same on every machine; the code paths are the levels' own.
 */
const SMALL = { deals: 2, playDeals: 2, maxMs: Number.POSITIVE_INFINITY, attempts: 3 };

describe('search bots make only accepted actions over whole games', () => {
  for (const variant of VARIANTS) {
    it(`${variant}: every level at every seat, random seeds, to game over`, () => {
      const config = defaultConfig(variant);
      fc.assert(
        fc.property(fc.nat(), fc.nat({ max: BOT_LEVELS.length - 1 }), (n, first) => {
          // Levels in turn from a random first one: each seat sees each level across runs.
          const bots = Array.from({ length: variant === 'double-deck' ? 4 : 3 }, (_, seat) =>
            levelBot(BOT_LEVELS[(first + seat) % BOT_LEVELS.length]!, { budget: SMALL }),
          );
          const { state, log } = playGame(config, `legal-search-${n}`, bots, { maxActions: BOUND.heuristic });
          expect(state.phase).toBe('game-over');
          expect(log.length).toBe(state.version);
        }),
        // A double deck game is about three times as long: one run of it.
        { numRuns: variant === 'double-deck' ? 1 : 2, seed: 10_013 },
      );
    });
  }
});
