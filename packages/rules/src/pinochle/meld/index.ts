export { evaluateMeld } from './evaluate.ts';
export {
  DOUBLE_DECK_BOOKS,
  DOUBLE_DECK_NPA,
  DOUBLE_DECK_SHEET,
  DOUBLE_DECK_TOBY_THOMAS,
  type MeldTable,
  type MeldValues,
  meldValue,
  SINGLE_DECK_BONUS,
  SINGLE_DECK_SIMPLY_DOUBLE,
  timesTen,
  withDoubleRoyalMarriage240,
  withSinglePinochle14,
} from './tables.ts';
export type { MeldItem, MeldKind, MeldResult, MeldRules, RoundhouseRule, RunMarriageRule } from './types.ts';
