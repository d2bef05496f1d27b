/** The game seam: the interface every game implements, the registry, and the one replay. */
export { auctionBridge, BRIDGE_PHASES, bridgeTable } from './bridge.ts';
export {
  bridgeEntry,
  CATALOGUE,
  entryById,
  formsAmong,
  type ParsedAmong,
  parseConfigAmong,
  pinochleEntry,
} from './catalogue.ts';
export {
  counterValue,
  PINOCHLE_PHASES,
  pinochle,
  pinochleTable,
  pointScale,
  trumpNeedsMarriage,
} from './pinochle.ts';
export {
  allForms,
  GAMES,
  type GameId,
  gameById,
  gameIdOf,
  type ParsedGameConfig,
  parseGameConfig,
} from './registry.ts';
export {
  type BadLog,
  BadLogError,
  type LoggedMove,
  type LogReplay,
  type Reducer,
  type ReplayStep,
  replayLog,
  replayOrThrow,
} from './replay.ts';
export { partnersOf, sideOfSeat } from './table.ts';
export type * from './types.ts';
