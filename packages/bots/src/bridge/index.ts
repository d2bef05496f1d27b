/** Bridge bots (Auction Bridge [002]): the entry point the server uses, as decideBot for Pinochle. */
import type { BridgeAction, BridgeView } from '@kibitz/rules/bridge';
import type { BotLevel } from '../levels.ts';
import { seededRandom } from '../random.ts';
import { ruleBridgeBot } from './bot.ts';

export interface BridgeBotRequest {
  /** The view of the bot's seat (`bridgeView(state, seat)`), with something to answer. */
  view: BridgeView;
  /** Every level plays the rule-based bot for now; there is no Bridge search yet. */
  level: BotLevel;
  /** Kept for the same request shape as decideBot; the rule-based bot draws nothing. */
  seed: string;
}

export interface BridgeBotDecision {
  action: BridgeAction;
}

/** The bot's answer to its view. Pure and fast (well under a millisecond): no worker pool needed. */
export function decideBridgeBot(request: BridgeBotRequest): BridgeBotDecision {
  return { action: ruleBridgeBot.decide(request.view, seededRandom(`bridge:${request.seed}`)) };
}

export { type BridgeBot, bridgeSeatOf, gathersBridgeTrick, ruleBridgeBot } from './bot.ts';
export {
  IllegalBridgeActionError,
  type LoggedBridgeBotAction,
  MAX_RUBBER_ACTIONS,
  type PlayedRubber,
  playBridgeRubber,
} from './play-rubber.ts';
export { randomBridgeBot } from './random-bot.ts';
