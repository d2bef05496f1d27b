/** The reviews' registry and the export it reads: every game has a reviewer, and bad exports get typed errors. */
import { GAMES } from '@kibitz/rules';
import { defaultConfig } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { REVIEWERS, ReviewError, reviewExport, reviewerOf } from './review.ts';

const exportOf = (game: unknown, actions: unknown) => ({ format: 'kibitz-game/1', game, actions });

describe('the review registry', () => {
  it('has a reviewer for every game of the rules registry, by its id', () => {
    expect(REVIEWERS.map((reviewer) => reviewer.id).sort()).toEqual(GAMES.map((game) => game.id).sort());
    for (const game of GAMES) expect(reviewerOf(game.id)?.id).toBe(game.id);
    expect(reviewerOf('skat')).toBeNull();
  });
});

describe('bad exports', () => {
  const config = defaultConfig('cutthroat');
  const cases: [string, unknown, string][] = [
    ['not an object', [1, 2], 'bad-export'],
    ['no format', { game: { config, seed: 's' }, actions: [] }, 'bad-export'],
    ['no seed', exportOf({ config }, []), 'bad-export'],
    ['actions not a list', exportOf({ config, seed: 's' }, {}), 'bad-export'],
    [
      'an action without a seat',
      exportOf({ config, seed: 's' }, [{ action: { type: 'pass' } }]),
      'bad-export',
    ],
    ['an unknown game', exportOf({ config: { game: 'skat' }, seed: 's' }, []), 'bad-config'],
    ['a bad option', exportOf({ config: { ...config, minimumBid: 7 }, seed: 's' }, []), 'bad-config'],
    [
      'a log the rules refuse',
      exportOf({ config, seed: 's' }, [{ seat: 2, action: { type: 'play', card: 'AS' } }]),
      'bad-log',
    ],
  ];
  for (const [name, data, code] of cases) {
    it(`${name}: a ReviewError '${code}' with a one-line message`, () => {
      let caught: unknown = null;
      try {
        reviewExport(data);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ReviewError);
      expect((caught as ReviewError).code).toBe(code);
      expect((caught as ReviewError).message).not.toContain('\n');
    });
  }

  it('an export without a finished hand reviews to no hands', () => {
    expect(reviewExport(exportOf({ config, seed: 's' }, []))).toEqual({ hands: [] });
  });
});
