/**
 * Chooses the meld table and meld rules a config's house rules call for. The variants
 * use these (through compiled.ts, once per config), so nothing here imports the engine:
 * meldRulesFor lives in meld-by-trump.ts to keep the import graph free of cycles.
 */
import type { DoubleDeckConfig, ThreeHandedConfig } from './config.ts';
import {
  DOUBLE_DECK_BOOKS,
  DOUBLE_DECK_NPA,
  DOUBLE_DECK_SHEET,
  DOUBLE_DECK_TOBY_THOMAS,
  type MeldRules,
  type MeldTable,
  SINGLE_DECK_BONUS,
  SINGLE_DECK_SIMPLY_DOUBLE,
  timesTen,
  withDoubleRoyalMarriage240,
  withSinglePinochle14,
} from './meld/index.ts';

export function threeHandedMeldRules(config: ThreeHandedConfig): MeldRules {
  let table = config.doubledMelds === 'bonus' ? SINGLE_DECK_BONUS : SINGLE_DECK_SIMPLY_DOUBLE;
  if (config.doubleRoyalMarriage240) table = withDoubleRoyalMarriage240(table);
  return {
    table,
    // Ohlson's 390 (double royal marriage with a flush) counts the run's pair in the double marriage.
    runMarriages: config.doubleRoyalMarriage240 ? 'extra-pair-includes-run' : config.runMarriages,
    roundhouse:
      config.roundhouse === 'own-meld'
        ? { single: 240, double: null, sharesRunMarriage: true }
        : { single: null, double: null, sharesRunMarriage: false },
  };
}

const DOUBLE_DECK_TABLES: Record<DoubleDeckConfig['meldTable'], MeldTable> = {
  sheet: DOUBLE_DECK_SHEET,
  books: DOUBLE_DECK_BOOKS,
  'toby-thomas': DOUBLE_DECK_TOBY_THOMAS,
  npa: DOUBLE_DECK_NPA,
};

export function doubleDeckMeldRules(config: DoubleDeckConfig): MeldRules {
  let table = DOUBLE_DECK_TABLES[config.meldTable];
  if (config.singlePinochle14) table = withSinglePinochle14(table);
  const scale = config.timesTen ? 10 : 1;
  if (config.timesTen) table = timesTen(table);
  return {
    table,
    runMarriages: config.runMarriages,
    roundhouse: {
      single: config.roundhouse === 'bonus-34' ? 34 * scale : null,
      double: config.doubleRoundhouse240 ? 240 * scale : null,
      sharesRunMarriage: config.roundhouse === 'with-run-39',
    },
  };
}
