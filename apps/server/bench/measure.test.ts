import { describe, expect, it } from 'vitest';
import { DeliveryClock } from './measure.ts';

describe('DeliveryClock', () => {
  it('times an action once every client has a view past it, also when the version after it is never sent', () => {
    const clock = new DeliveryClock(2);
    clock.sent('t', 4);
    // A step that took two versions (a card and its trick gathered): v6 comes, v5 never does.
    clock.delivered('t', 'a', 6);
    expect(clock.latencies).toHaveLength(0);
    clock.delivered('t', 'b', 6);
    expect(clock.latencies).toHaveLength(1);
    // Later views of the same step count nothing again.
    clock.delivered('t', 'a', 6);
    expect(clock.latencies).toHaveLength(1);
  });

  it('waits for the slowest client, and keeps tables (and games) apart', () => {
    const clock = new DeliveryClock(2);
    clock.sent('t:g1', 0);
    clock.sent('t:g2', 0);
    clock.delivered('t:g1', 'a', 1);
    clock.delivered('t:g2', 'a', 1);
    clock.delivered('t:g2', 'b', 1);
    expect(clock.latencies).toHaveLength(1);
    clock.delivered('t:g1', 'b', 0);
    expect(clock.latencies).toHaveLength(1);
    clock.delivered('t:g1', 'b', 1);
    expect(clock.latencies).toHaveLength(2);
  });
});
