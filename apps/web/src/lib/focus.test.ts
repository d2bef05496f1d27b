import { describe, expect, it } from 'vitest';
import { cardButtonLabel } from './cards.ts';
import { rovingTarget } from './focus.ts';

describe('one Tab stop for a row of cards (the hand, the dummy)', () => {
  it('moves with the arrow keys, Home and End, and stays inside', () => {
    expect(rovingTarget('ArrowRight', 0, 13)).toBe(1);
    expect(rovingTarget('ArrowDown', 12, 13)).toBe(12);
    expect(rovingTarget('ArrowLeft', 0, 13)).toBe(0);
    expect(rovingTarget('ArrowUp', 5, 13)).toBe(4);
    expect(rovingTarget('Home', 7, 13)).toBe(0);
    expect(rovingTarget('End', 0, 13)).toBe(12);
    expect(rovingTarget('Enter', 3, 13)).toBeNull();
  });

  it('names a card button by its printed face first, then what it is now', () => {
    expect(cardButtonLabel('en', 'AS')).toMatch(/^A♠/);
    expect(cardButtonLabel('en', '2H', { playable: true })).toMatch(/^2♥.*, playable$/);
    expect(cardButtonLabel('de', 'QD', { selected: true })).toMatch(/^D♦.*, gewählt$/);
  });
});
