/**
 * What the table core's tests share: the limits a test table runs under and the state an
 * accepted step leaves. The core is pure, so a test drives `step` by hand.
 */
import { expect } from 'vitest';
import type { CoreLimits, CoreState } from '../src/table-core/state.ts';
import type { step } from '../src/table-core/step.ts';

/** Small delays and limits; `overrides` for the figure a test is about. */
export function testLimits(overrides: Partial<CoreLimits> = {}): CoreLimits {
  return {
    secondMs: 1000,
    botDelayMs: 5,
    goneMemberMs: 60_000,
    maxMembers: 10,
    chatMessages: 5,
    chatWindowMs: 1000,
    recentChat: 10,
    ...overrides,
  };
}

/** The state after a step the test expects to be accepted (fails the test otherwise). */
export function accepted(result: ReturnType<typeof step>): CoreState {
  expect(result.reply).toMatchObject({ ok: true });
  return result.state;
}
