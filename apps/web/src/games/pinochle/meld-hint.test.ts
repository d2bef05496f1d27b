import { defaultConfig } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { meldByTrump } from './meld-hint.ts';

describe('meldByTrump', () => {
  it('counts a marriage as royal only in its own suit as trump', () => {
    // The sheets: a marriage (K+Q of one suit) is 20, in trump 40; the pinochle (Q♠ J♦) 40.
    expect(meldByTrump(defaultConfig('auction-west'), ['KH', 'QH', 'QS', 'JD'])).toEqual({
      S: 60,
      H: 80,
      D: 60,
      C: 60,
    });
  });

  it('counts the dix (nine of trump, 10) only in its suit', () => {
    expect(meldByTrump(defaultConfig('cutthroat'), ['9C', 'TD', 'AS'])).toEqual({ S: 0, H: 0, D: 0, C: 10 });
  });
});
