/**
 * What a pool thread does with one request: decide (and time the decision). A request
 * names its game; one without a name is Pinochle's (the pool's first game).
 */
import { type BridgeBotDecision, type BridgeBotRequest, decideBridgeBot } from './bridge/index.ts';
import { type BotDecision, type BotRequest, decideBot } from './levels.ts';

export interface PoolDecision extends BotDecision {
  /** Time the decision took in its thread, in milliseconds. */
  ms: number;
}

export interface BridgePoolDecision extends BridgeBotDecision {
  ms: number;
}

export type PoolRequest =
  | (BotRequest & { game?: 'pinochle' })
  | (BridgeBotRequest & { game: 'auction-bridge' });

export function runPoolTask(request: PoolRequest): PoolDecision | BridgePoolDecision {
  const started = performance.now();
  const decision = request.game === 'auction-bridge' ? decideBridgeBot(request) : decideBot(request);
  return { ...decision, ms: performance.now() - started };
}
