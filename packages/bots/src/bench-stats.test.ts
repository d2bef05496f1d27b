/** The bench's duplicate scoring and intervals (bench/stats.ts), on hand-made numbers. */
import { describe, expect, it } from 'vitest';
import { estimate, partnershipDealScore, percentile, threeHandedDealScore } from '../bench/stats.ts';

describe('bench statistics', () => {
  it('three-handed: the level wins a deal when its seats total more than the other level on the same seats', () => {
    // Rotation r seats the level at seat r. Level: 100 + 0 + 50 = 150. Other level:
    // seat 0 (rotations 1, 2) 90 and 80 -> 85; seat 1: -20, 0 -> -10; seat 2: 40, 60 -> 50; total 125.
    const rotations = [
      [100, -20, 40],
      [90, 0, 60],
      [80, 0, 50],
    ];
    expect(threeHandedDealScore(rotations)).toBe(1);
    // The same bots everywhere play the same: a tie, half a win.
    expect(
      threeHandedDealScore([
        [10, 20, 30],
        [10, 20, 30],
        [10, 20, 30],
      ]),
    ).toBe(0.5);
    expect(
      threeHandedDealScore([
        [0, 50, 50],
        [50, 0, 50],
        [50, 50, 0],
      ]),
    ).toBe(0);
  });

  it('partnership: the level team margin, averaged over its two seatings', () => {
    // Deltas are per team [team 0, team 1]. Level as team 0: 30 - 10 = +20; level as
    // team 1 with [25, 5]: 5 - 25 = -20; the average is 0. With [5, 25] it is +20 both times.
    expect(
      partnershipDealScore([
        [30, 10],
        [25, 5],
      ]),
    ).toBe(0);
    expect(
      partnershipDealScore([
        [30, 10],
        [5, 25],
      ]),
    ).toBe(20);
  });

  it('95% interval: 1.96 standard errors either side of the mean', () => {
    const { mean, ci95 } = estimate([0, 1, 0, 1]);
    expect(mean).toBe(0.5);
    // sample sd = 0.57735; se = 0.288675; half-width 0.565803
    expect(ci95[0]).toBeCloseTo(0.5 - 0.565803, 5);
    expect(ci95[1]).toBeCloseTo(0.5 + 0.565803, 5);
    expect(Number.isNaN(estimate([]).mean)).toBe(true);
  });

  it('percentiles by nearest rank', () => {
    const times = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(times, 50)).toBe(50);
    expect(percentile(times, 95)).toBe(95);
    expect(percentile([7], 95)).toBe(7);
  });
});
