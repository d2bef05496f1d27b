/**
 * @kibitz/rules/pinochle: the Pinochle family (Auction West, Cutthroat, Double Deck) as a
 * pure reducer, its game module and what clients read of it.
 */

export * from './cards.ts';
export {
  type AuctionWestConfig,
  auctionWestConfigSchema,
  type ConfigError,
  type ConfigResult,
  type CutthroatConfig,
  cutthroatConfigSchema,
  type DoubleDeckConfig,
  defaultConfig,
  doubleDeckConfigSchema,
  type GameConfig,
  type GameConfigInput,
  gameConfigSchema,
  HOUSE_RULE_SCHEMAS,
  isThreeHanded,
  parseConfig,
  seatCount,
  TABLE_OPTIONS,
  type ThreeHandedConfig,
  VARIANTS,
  type Variant,
} from './config.ts';
export { type ApplyResult, apply, createGame, legalActions } from './engine.ts';
export { pinochleEntry } from './entry.ts';
export type { Rejection, RejectionCode } from './errors.ts';
export { hasMarriage, partnerOf } from './flow.ts';
export { evaluateMeld, type MeldItem, type MeldKind, type MeldResult, type MeldRules } from './meld/index.ts';
export { meldByTrump, meldRulesFor } from './meld-by-trump.ts';
export {
  counterValue,
  PINOCHLE_PHASES,
  pinochle,
  pinochleTable,
  pointScale,
  trumpNeedsMarriage,
} from './module.ts';
export { type LoggedAction, type ReplayResult, replay } from './replay.ts';
export { formatScoreSheet, type SheetOptions } from './score-sheet-text.ts';
export type * from './state.ts';
export { beats, legalCards, type PlayedCard, type TrickRule, winningIndex } from './tricks.ts';
export { lastTrickBonus } from './variants/double-deck.ts';
export { type GameView, type PassingView, type Prompt, type Viewer, view } from './view.ts';
