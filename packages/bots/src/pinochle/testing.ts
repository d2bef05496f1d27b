/**
 * Test support: a bot wrapper that freezes and records every view it is handed (to prove
 * bots read, and only read, their view).
 */
import type { GameView } from '@kibitz/rules/pinochle';
import type { Bot } from './bot.ts';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export interface Recorded {
  view: GameView;
}

/** Wraps a bot: every view is deep-frozen (a write throws) and recorded in order. */
export function recording(bot: Bot, record: Recorded[]): Bot {
  return {
    name: `recorded ${bot.name}`,
    decide(view, random) {
      record.push({ view: structuredClone(view) });
      return bot.decide(deepFreeze(view), random);
    },
  };
}
