/**
 * Refusals name cards as the table shows them ("A♦", "10♠"; CONTRACT Agreement 1), so the
 * player reads in the message the same card they see in front of them.
 */
import { describe, expect, it } from 'vitest';
import { cards } from './cards.ts';
import { apply } from './engine.ts';
import type { Action, GameState, Seat } from './state.ts';
import { config, gameWithHands, play } from './test-support.ts';

// Seat 1 holds Anna's cards from [003] (as in engine.test.ts).
const ANNA = 'AC TC KC QC JC QS JD AS AH AD 9S 9H 9D TS TH';
const SEAT2 = 'KS KS KH KD QH QD QD JH JS 9C 9C AC TD JC 9H';
const SEAT0 = 'AS AH AD TS TH TD TC KC KH KD QC QH QS JS JD';

function cutthroatAfterAuction(): GameState {
  const start = gameWithHands(config('cutthroat'), [SEAT0, ANNA, SEAT2], { widow: 'TD TC 9S', dealer: 0 });
  return play(start, [
    [1, { type: 'bid', amount: 350 }],
    [2, { type: 'pass' }],
    [0, { type: 'pass' }],
  ]);
}

function message(state: GameState, seat: Seat, action: Action): string {
  const result = apply(state, seat, action);
  if (result.ok) throw new Error('expected a refusal');
  return result.rejection.message;
}

describe('refusals name cards as the table shows them', () => {
  it('an illegal card: the allowed ones are listed, "Allowed: K♦, Q♦, 10♦"', () => {
    const state = play(cutthroatAfterAuction(), [
      [1, { type: 'discard', cards: cards('9S 9H 9D') }],
      [1, { type: 'name-trump', suit: 'C' }],
      [1, { type: 'play', card: 'JD' }],
    ]);
    // Seat 2 must follow diamonds and beat the jack ("überstechen" [003]).
    const text = message(state, 2, { type: 'play', card: '9C' });
    expect(text).toContain('Allowed: K♦, Q♦, 10♦');
    expect(text).not.toMatch(/\b(KD|QD|TD)\b/);
  });

  it('a card not held', () => {
    const state = play(cutthroatAfterAuction(), [
      [1, { type: 'discard', cards: cards('9S 9H 9D') }],
      [1, { type: 'name-trump', suit: 'C' }],
    ]);
    expect(message(state, 1, { type: 'play', card: 'KS' })).toBe('You do not hold K♠');
  });

  it('a discard of cards not held names each missing card', () => {
    const state = cutthroatAfterAuction();
    expect(message(state, 1, { type: 'discard', cards: cards('KS KH 9S') })).toBe(
      'You can only discard cards you hold: you do not hold K♠, K♥',
    );
    // Anna holds two 9♠ (one from the widow) but not three.
    expect(message(state, 1, { type: 'discard', cards: cards('9S 9S 9S') })).toContain('you do not hold 9♠');
  });

  it('cards passed that are not held, a second copy counted', () => {
    const bidder = 'AS AS AS AS TS TS TS TS JS JS AH KH QH TH JH JD JD AC TC JC';
    const other = 'KS KS QS QS KD KD QD QD KC KC QC QC AD AD TD TD JC JC JH JH';
    const state = play(
      gameWithHands(config('double-deck', { cardPassing: { count: 3 } }), [bidder, other, other, other], {
        dealer: 3,
      }),
      [
        [0, { type: 'bid', amount: 50 }],
        [1, { type: 'pass' }],
        [2, { type: 'pass' }],
        [3, { type: 'pass' }],
        [0, { type: 'name-trump', suit: 'H' }],
      ],
    );
    expect(state.phase).toBe('passing');
    expect(message(state, 0, { type: 'pass-cards', cards: cards('QS QS AS') })).toBe(
      'You can only pass cards you hold: you do not hold Q♠, Q♠',
    );
  });
});
