import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDeck } from './cards.ts';
import { cardCombinations, containsAll } from './combinations.ts';

describe('card combinations', () => {
  it('lists every distinct multiset of k cards exactly once', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(buildDeck('double'), { minLength: 0, maxLength: 12 }),
        fc.integer({ min: 0, max: 4 }),
        (hand, k) => {
          const combos = cardCombinations(hand, k);
          const keys = combos.map((combo) => [...combo].sort().join(' '));
          expect(new Set(keys).size).toBe(keys.length);
          for (const combo of combos) {
            expect(combo).toHaveLength(k);
            expect(containsAll(hand, combo)).toBe(true);
          }
          // Brute force over index subsets gives the same set of multisets.
          const expected = new Set<string>();
          const pick = (start: number, chosen: number[]) => {
            if (chosen.length === k) {
              expected.add(
                chosen
                  .map((i) => hand[i]!)
                  .sort()
                  .join(' '),
              );
              return;
            }
            for (let i = start; i < hand.length; i++) pick(i + 1, [...chosen, i]);
          };
          pick(0, []);
          expect(new Set(keys)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
