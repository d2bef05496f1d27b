/**
 * Legality under house rules: random configs (every option of every variant, through
 * parseConfig), and each card-passing style and timing of the double deck game.
 */
import { defaultConfig, type GameConfig } from '@kibitz/rules/pinochle';
import { houseRulesArbitrary } from '@kibitz/rules/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LineUp, lineUp } from './lineup.ts';
import { GameTooLongError, playGame } from './play-game.ts';

const PATTERNS: readonly LineUp[] = ['heuristic', 'random', 'mixed'];

describe('bots under house rules', () => {
  it('random house rules: no bot action is ever refused', () => {
    let finished = 0;
    let runs = 0;
    fc.assert(
      fc.property(houseRulesArbitrary, fc.constantFrom(...PATTERNS), fc.nat(), (config, pattern, n) => {
        runs++;
        try {
          // Capped: some combinations (a forced 350 opening, set twice, no floor) can sink
          // every player for a very long time; legality up to the cap is what counts here.
          playGame(config, `rules-${n}`, lineUp(config, pattern), { maxActions: 1500 });
          finished++;
        } catch (error) {
          if (!(error instanceof GameTooLongError)) throw error;
        }
      }),
      { numRuns: 40, seed: 20_240_601 },
    );
    // The cap must not be the rule: most games still end well within it.
    expect(finished).toBeGreaterThan(runs / 2);
  });

  const styles = [
    { style: 'simultaneous', timing: 'after-trump' },
    { style: 'simultaneous', timing: 'before-trump' },
    { style: 'partner-first', timing: 'after-trump' },
    { style: 'partner-first', timing: 'before-trump' },
    { style: 'toby-thomas', timing: 'before-trump' },
  ] as const;
  for (const passing of styles) {
    it(`double deck card passing, ${passing.style} ${passing.timing}: games end, cards are passed`, () => {
      for (const [count, pattern] of [
        [1, 'random'],
        [3, 'heuristic'],
        [4, 'mixed'],
      ] as const) {
        const config: GameConfig = {
          ...defaultConfig('double-deck'),
          cardPassing: { count, ...passing },
        } as GameConfig;
        const { state, log } = playGame(config, `pass-${passing.style}-${count}`, lineUp(config, pattern));
        expect(state.phase).toBe('game-over');
        expect(log.filter((entry) => entry.action.type === 'pass-cards').length).toBeGreaterThan(0);
      }
    });
  }
});
