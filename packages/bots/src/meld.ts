/**
 * The meld rules a config calls for, for the bots' estimates. The rules package keeps
 * its own mapping (config -> meld table) private, so the bots carry a copy of the
 * sheets' tables here; a drift only makes a bot's bidding estimate slightly off, never
 * an action illegal (the engine scores the real meld).
 */
import { type Card, evaluateMeld, type GameConfig, type Suit, suitOf } from '@kibitz/rules';

type MeldRules = Parameters<typeof evaluateMeld>[2];
type MeldTable = MeldRules['table'];

const SINGLE_BONUS: MeldTable = {
  run: [150, 1500],
  royalMarriage: [40, 80],
  commonMarriage: [20, 40],
  pinochle: [40, 300],
  acesAround: [100, 1000],
  kingsAround: [80, 800],
  queensAround: [60, 600],
  jacksAround: [40, 400],
  dix: [10, 20],
};

const DOUBLE_SHEET: MeldTable = {
  run: [15, 150, 225, 300],
  royalMarriage: [4, 8, 12, 16],
  commonMarriage: [2, 4, 6, 8],
  pinochle: [4, 30, 60, 90],
  acesAround: [10, 100, 150, 200],
  kingsAround: [8, 80, 120, 160],
  queensAround: [6, 60, 90, 120],
  jacksAround: [4, 40, 60, 80],
  dix: [0, 0, 0, 0],
};

const DOUBLE_TABLES: Record<'sheet' | 'books' | 'toby-thomas' | 'npa', MeldTable> = {
  sheet: DOUBLE_SHEET,
  books: { ...DOUBLE_SHEET, run: [15, 30, 45, 60], pinochle: [4, 30, 45, 300] },
  'toby-thomas': {
    ...DOUBLE_SHEET,
    run: [15, 150, 500, null],
    royalMarriage: [4, 30, 60, 240],
    pinochle: [4, 30, 90, 360],
    acesAround: [10, 100, 500, null],
    kingsAround: [8, 80, 400, null],
    queensAround: [6, 60, 300, null],
    jacksAround: [4, 40, 200, null],
  },
  npa: { ...DOUBLE_SHEET, run: [25, 150, 225, 300], pinochle: [15, 30, 60, 90] },
};

function mapTable(table: MeldTable, change: (values: MeldTable['run']) => MeldTable['run']): MeldTable {
  const entries = Object.entries(table).map(([key, values]) => [key, change(values)]);
  return Object.fromEntries(entries) as MeldTable;
}

// Bots ask for the rules on every decision; a config object never changes, so cache by identity.
const cache = new WeakMap<GameConfig, MeldRules>();

export function meldRulesFor(config: GameConfig): MeldRules {
  let rules = cache.get(config);
  if (rules === undefined) {
    rules = buildRules(config);
    cache.set(config, rules);
  }
  return rules;
}

function buildRules(config: GameConfig): MeldRules {
  if (config.variant !== 'double-deck') {
    let table = SINGLE_BONUS;
    if (config.doubledMelds === 'simply-double')
      table = mapTable(table, (v) => [v[0] ?? null, 2 * (v[0] ?? 0)]);
    if (config.doubleRoyalMarriage240) table = { ...table, royalMarriage: [40, 240] };
    return {
      table,
      runMarriages: config.doubleRoyalMarriage240 ? 'extra-pair-includes-run' : config.runMarriages,
      roundhouse:
        config.roundhouse === 'own-meld'
          ? { single: 240, double: null, sharesRunMarriage: true }
          : { single: null, double: null, sharesRunMarriage: false },
    };
  }
  let table = DOUBLE_TABLES[config.meldTable];
  if (config.singlePinochle14) table = { ...table, pinochle: [14, ...table.pinochle.slice(1)] };
  const scale = config.timesTen ? 10 : 1;
  if (scale !== 1) table = mapTable(table, (values) => values.map((v) => (v === null ? null : v * scale)));
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

/** Meld of `hand` with `trump`, under the config's rules. */
export function meldOf(
  hand: readonly Card[],
  trump: Suit,
  config: GameConfig,
): ReturnType<typeof evaluateMeld> {
  return evaluateMeld(hand, trump, meldRulesFor(config));
}

export function countSuit(hand: readonly Card[], suit: Suit): number {
  let n = 0;
  for (const card of hand) if (suitOf(card) === suit) n++;
  return n;
}

export function hasMarriage(hand: readonly Card[], suit: Suit): boolean {
  return hand.includes(`K${suit}`) && hand.includes(`Q${suit}`);
}
