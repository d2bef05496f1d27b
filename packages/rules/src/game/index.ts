/** The game seam: the interface every game implements, the registry, and the one replay. */
export { auctionBridge, BRIDGE_PHASES, bridgeTable } from '../bridge/module.ts';
export {
  type BadLog,
  BadLogError,
  type LoggedMove,
  type LogReplay,
  type Reducer,
  type ReplayStep,
  replayLog,
  replayOrThrow,
} from '../common/replay.ts';
export { partnersOf, sideOfSeat } from '../common/table.ts';
export type * from '../common/types.ts';
export {
  counterValue,
  PINOCHLE_PHASES,
  pinochle,
  pinochleTable,
  pointScale,
  trumpNeedsMarriage,
} from '../pinochle/module.ts';
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
  allForms,
  GAMES,
  type GameId,
  gameById,
  gameIdOf,
  type ParsedGameConfig,
  parseGameConfig,
} from './registry.ts';
