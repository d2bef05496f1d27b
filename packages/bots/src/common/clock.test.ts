/**
 * The search's clock counts the thread's CPU time, not the wall's: time spent waiting
 * (for a core, or here asleep) does not use up a bot's budget.
 */
import { describe, expect, it } from 'vitest';
import { hasThreadClock, startClock } from './clock.ts';

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe('the search clock', () => {
  it.runIf(hasThreadClock)('does not count a sleeping thread, counts a busy one', () => {
    const clock = startClock();
    sleep(120);
    // Read past the clock's read interval, so the kernel's figure is taken.
    const asleep = clock.cpuMs();
    expect(clock.wallMs()).toBeGreaterThanOrEqual(119);
    expect(asleep).toBeLessThan(60);
    // Busy until the clock has counted 30 ms (on a loaded machine that takes longer on the wall).
    const wallBefore = clock.wallMs();
    let busy = 0;
    while (busy < 30 && clock.wallMs() - wallBefore < 20_000) busy = clock.cpuMs() - asleep;
    expect(busy).toBeGreaterThanOrEqual(30);
    // A thread cannot run longer than the wall clock moves.
    expect(busy).toBeLessThanOrEqual(clock.wallMs() - wallBefore + 1);
  });

  it.skipIf(hasThreadClock)(
    'without /proc/thread-self/schedstat it is the wall clock (skipped: there is one)',
    () => {
      const clock = startClock();
      sleep(20);
      expect(clock.cpuMs()).toBeGreaterThanOrEqual(19);
    },
  );
});
