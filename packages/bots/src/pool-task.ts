/** What a pool thread does with one request: decide (and time the decision). */
import { type BotDecision, type BotRequest, decideBot } from './levels.ts';

export interface PoolDecision extends BotDecision {
  /** Time the decision took in its thread, in milliseconds. */
  ms: number;
}

export function runPoolTask(request: BotRequest): PoolDecision {
  const started = performance.now();
  const decision = decideBot(request);
  return { ...decision, ms: performance.now() - started };
}
