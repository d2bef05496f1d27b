/** Auction Bridge [002]: a self-contained pure rules module beside the Pinochle engine. */
export {
  bidLabel as bridgeBidLabel,
  STRAIN_NAMES as BRIDGE_STRAIN_NAMES,
  strainOrder as bridgeStrainOrder,
} from './auction.ts';
export {
  BRIDGE_DECK,
  BRIDGE_RANKS,
  BRIDGE_SUIT_SYMBOLS,
  BRIDGE_SUITS,
  type BridgeCard,
  type BridgeRank,
  type BridgeSuit,
  bridgeCardLabel,
  bridgeCards,
  bridgeRankOf,
  bridgeSuitOf,
  isBridgeCard,
  sortBridgeCards,
} from './cards.ts';
export {
  type BridgeConfig,
  type BridgeConfigError,
  type BridgeConfigInput,
  type BridgeConfigResult,
  bridgeConfigSchema,
  defaultBridgeConfig,
  parseBridgeConfig,
} from './config.ts';
export { applyBridge, type BridgeApplyResult, createBridgeGame, legalBridgeActions } from './engine.ts';
export { bridgeEntry } from './entry.ts';
export type { BridgeRejection, BridgeRejectionCode } from './errors.ts';
export { auctionBridge, BRIDGE_PHASES, bridgeTable } from './module.ts';
export { type BridgeReplayResult, type LoggedBridgeAction, replayBridge } from './replay.ts';
export {
  BOOK as BRIDGE_BOOK,
  GAME_POINTS,
  RUBBER_BONUS,
  totals as bridgeTotals,
  trickValue as bridgeTrickValue,
} from './score.ts';
export * from './state.ts';
export {
  type BridgePrompt,
  type BridgeView,
  type BridgeViewer,
  bridgeHandController,
  bridgeView,
  dummyIsDown,
} from './view.ts';
