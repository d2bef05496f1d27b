/** The bench's statistics: means with normal-approximation 95% intervals, and percentiles. */

export interface Estimate {
  mean: number;
  ci95: [number, number];
}

/** Mean and 95% interval (1.96 standard errors) of independent samples. */
export function estimate(samples: readonly number[]): Estimate {
  const n = samples.length;
  if (n === 0) return { mean: Number.NaN, ci95: [Number.NaN, Number.NaN] };
  const mean = samples.reduce((a, b) => a + b, 0) / n;
  const variance = n > 1 ? samples.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1) : 0;
  const half = 1.96 * Math.sqrt(variance / n);
  return { mean, ci95: [mean - half, mean + half] };
}

/** The p-th percentile (0-100) by nearest rank; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/**
 * One deal of a three-handed duplicate match: `a` played each seat's cards once (deltas
 * of the rotations where it sat there), `b` played each twice. 1 when `a`'s total beats
 * `b`'s average over the same cards, 0 when it trails, 0.5 when equal.
 */
export function threeHandedDealScore(rotations: readonly (readonly number[])[]): number {
  const seats = rotations.length;
  let a = 0;
  let b = 0;
  rotations.forEach((delta, aSeat) => {
    for (let seat = 0; seat < seats; seat++) {
      if (seat === aSeat) a += delta[seat]!;
      else b += delta[seat]! / (seats - 1);
    }
  });
  return a > b ? 1 : a < b ? 0 : 0.5;
}

/**
 * One deal of a partnership duplicate match: rotation 0 seats `a` on team 0, rotation 1
 * on team 1. The margin of `a`'s team over `b`'s, averaged over the two hands.
 */
export function partnershipDealScore(rotations: readonly [readonly number[], readonly number[]]): number {
  const [first, second] = rotations;
  return (first[0]! - first[1]! + (second[1]! - second[0]!)) / 2;
}
