import { describe, expect, it } from 'vitest';
import { RateLimit } from './rate-limit.ts';

describe('RateLimit', () => {
  it('allows a burst, then refills at the given rate', () => {
    let now = 0;
    const limit = new RateLimit(10, 3, () => now);
    expect([limit.take(), limit.take(), limit.take(), limit.take()]).toEqual([true, true, true, false]);
    now += 100; // one token back
    expect([limit.take(), limit.take()]).toEqual([true, false]);
    now += 10_000; // never more than the burst
    expect([limit.take(), limit.take(), limit.take(), limit.take()]).toEqual([true, true, true, false]);
  });
});
