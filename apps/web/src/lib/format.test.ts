import { describe, expect, it } from 'vitest';
import { positionOf, secondsUntil } from './format.ts';

describe('seats', () => {
  it('puts the viewer at the bottom and the next seat on the left', () => {
    expect([0, 1, 2].map((seat) => positionOf(seat, 0, 3))).toEqual(['bottom', 'left', 'right']);
    expect([0, 1, 2].map((seat) => positionOf(seat, 2, 3))).toEqual(['left', 'right', 'bottom']);
    expect([0, 1, 2, 3].map((seat) => positionOf(seat, 1, 4))).toEqual(['right', 'bottom', 'left', 'top']);
    expect(positionOf(0, null, 4)).toBe('bottom');
  });
});

describe('timer', () => {
  it('counts whole seconds down to zero', () => {
    expect(secondsUntil(31_000, 1000)).toBe(30);
    expect(secondsUntil(31_000, 1500)).toBe(30);
    expect(secondsUntil(31_000, 2001)).toBe(29);
    expect(secondsUntil(30_000, 60_000)).toBe(0);
  });
});
