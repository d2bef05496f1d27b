/**
 * @kibitz/rules: what every game shares (seats, the deal's randomness, replay, the game
 * seam's types), the catalogue and the registry. A game's own rules are its entry,
 * `@kibitz/rules/<game>` (package.json `exports`).
 */
export { createRandom, dealSeed, sha256Hex } from './common/random.ts';
export {
  type BadLog,
  BadLogError,
  type LoggedMove,
  type LogReplay,
  type Reducer,
  type ReplayStep,
  replayLog,
  replayOrThrow,
} from './common/replay.ts';
export { partnersOf, sideOfSeat } from './common/table.ts';
export type * from './common/types.ts';
export { CATALOGUE, entryById, formsAmong, type ParsedAmong, parseConfigAmong } from './game/catalogue.ts';
export {
  allForms,
  GAMES,
  type GameId,
  gameById,
  gameIdOf,
  type ParsedGameConfig,
  parseGameConfig,
} from './game/registry.ts';
