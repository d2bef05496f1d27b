/** Bridge bots (Auction Bridge [002]): the game's entry point, `@kibitz/bots/bridge`. */

export { type BridgeBot, bridgeSeatOf, gathersBridgeTrick, ruleBridgeBot } from './bot.ts';
export {
  BRIDGE_LEVEL_BUDGETS,
  type BridgeBotDecision,
  type BridgeBotRequest,
  type BridgePoolDecision,
  decideBridgeBot,
} from './decide.ts';
export { bridgeBots } from './module.ts';
export {
  IllegalBridgeActionError,
  type LoggedBridgeBotAction,
  MAX_RUBBER_ACTIONS,
  type PlayedRubber,
  playBridgeRubber,
} from './play-rubber.ts';
export { randomBridgeBot } from './random-bot.ts';
