import { describe, expect, it } from 'vitest';
import { nextHandStart, previousHandStart } from './replay-nav.ts';

describe('replay navigation by hands', () => {
  const starts = [0, 40, 95];
  it('jumps to the next hand, or to the end after the last', () => {
    expect(nextHandStart(starts, 0, 150)).toBe(40);
    expect(nextHandStart(starts, 39, 150)).toBe(40);
    expect(nextHandStart(starts, 40, 150)).toBe(95);
    expect(nextHandStart(starts, 100, 150)).toBe(150);
  });
  it('jumps back to the start of this hand, or from a start to the hand before', () => {
    expect(previousHandStart(starts, 50)).toBe(40);
    expect(previousHandStart(starts, 40)).toBe(0);
    expect(previousHandStart(starts, 96)).toBe(95);
    expect(previousHandStart(starts, 0)).toBe(0);
  });
});
