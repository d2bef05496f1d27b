/**
 * Meld values as data: one table per way of scoring that the sheets describe, so a
 * variant or a house rule picks a table instead of branching in the evaluator.
 */

/** Points by multiplicity: index 0 = single, 1 = double, 2 = triple, 3 = quadruple. null = the sheet gives no value ("---"). */
export type MeldValues = readonly (number | null)[];

export interface MeldTable {
  readonly run: MeldValues;
  readonly royalMarriage: MeldValues;
  readonly commonMarriage: MeldValues;
  readonly pinochle: MeldValues;
  readonly acesAround: MeldValues;
  readonly kingsAround: MeldValues;
  readonly queensAround: MeldValues;
  readonly jacksAround: MeldValues;
  readonly dix: MeldValues;
}

const TABLE_KEYS = [
  'run',
  'royalMarriage',
  'commonMarriage',
  'pinochle',
  'acesAround',
  'kingsAround',
  'queensAround',
  'jacksAround',
  'dix',
] as const satisfies readonly (keyof MeldTable)[];

/**
 * Points for a meld held `multiplicity` times.
 *
 * Where the table has no value for that multiplicity (null, or past the end of the
 * table) the sets count as the largest defined multiplicity j below it plus the rest
 * scored the same way: Toby Thomas [004] gives no quadruple run ("---"), so four runs
 * score a triple (500) plus a single (15) = 515. The sheets never say this; it is the
 * reading that never scores more sets lower than fewer.
 */
export function meldValue(values: MeldValues, multiplicity: number): number {
  if (multiplicity <= 0) return 0;
  const direct = values[multiplicity - 1];
  if (direct !== undefined && direct !== null) return direct;
  for (let j = multiplicity - 1; j >= 1; j--) {
    const defined = values[j - 1];
    if (defined !== undefined && defined !== null) return defined + meldValue(values, multiplicity - j);
  }
  return 0;
}

function freeze(table: MeldTable): MeldTable {
  const copy = {} as Record<keyof MeldTable, MeldValues>;
  for (const key of TABLE_KEYS) copy[key] = Object.freeze([...table[key]]);
  return Object.freeze(copy);
}

/** Applies `change` to every list of values (used by the derived tables below). */
function mapTable(table: MeldTable, change: (values: MeldValues) => MeldValues): MeldTable {
  const copy = {} as Record<keyof MeldTable, MeldValues>;
  for (const key of TABLE_KEYS) copy[key] = change(table[key]);
  return freeze(copy);
}

/** The [000] table ("einfach | doppelt"), also Cutthroat's (house-rules reading 1). */
export const SINGLE_DECK_BONUS: MeldTable = freeze({
  run: [150, 1500],
  royalMarriage: [40, 80],
  commonMarriage: [20, 40],
  pinochle: [40, 300],
  acesAround: [100, 1000],
  kingsAround: [80, 800],
  queensAround: [60, 600],
  jacksAround: [40, 400],
  dix: [10, 20],
});

/** [000] "Manchmal haben doppelte Meldungen keinen besonderen Wert, sondern zählen bloss doppelt soviel wie eine." */
export const SINGLE_DECK_SIMPLY_DOUBLE: MeldTable = mapTable(SINGLE_DECK_BONUS, (values) => {
  const single = values[0] ?? null;
  return [single, single === null ? null : 2 * single];
});

/**
 * [000] Ohlson: "das doppelte Trumpfpaar 240 Punkte zählt und zusammen mit einem Flush 390".
 * Only the 240 is table data; the 390 needs runMarriages 'extra-pair-includes-run'.
 */
export function withDoubleRoyalMarriage240(table: MeldTable): MeldTable {
  return freeze({ ...table, royalMarriage: replaceAt(table.royalMarriage, 1, 240) });
}

/** The [004] sheet table: single, double, triple, quadruple. No nines in this deck, so no dix. */
export const DOUBLE_DECK_SHEET: MeldTable = freeze({
  run: [15, 150, 225, 300],
  royalMarriage: [4, 8, 12, 16],
  commonMarriage: [2, 4, 6, 8],
  pinochle: [4, 30, 60, 90],
  acesAround: [10, 100, 150, 200],
  kingsAround: [8, 80, 120, 160],
  queensAround: [6, 60, 90, 120],
  jacksAround: [4, 40, 60, 80],
  dix: [0, 0, 0, 0],
});

/**
 * [004] "Viele Bücher geben den niedrigeren Wert von Dreifachpinochle von 45, aber einen
 * höheren Wert von 300 bei Vierfachpinochle" and "keinen Bonus für eine mehrfache Folge
 * ..., so dass eine doppelte Folge 30, eine dreifache Folge 45 und eine vierfache Folge 60 zählt".
 */
export const DOUBLE_DECK_BOOKS: MeldTable = freeze({
  ...DOUBLE_DECK_SHEET,
  run: [15, 30, 45, 60],
  pinochle: [4, 30, 45, 300],
});

/** [004] "Eine Variante von Toby Thomas": "---" (no value) becomes null. */
export const DOUBLE_DECK_TOBY_THOMAS: MeldTable = freeze({
  ...DOUBLE_DECK_SHEET,
  run: [15, 150, 500, null],
  royalMarriage: [4, 30, 60, 240],
  commonMarriage: [2, 4, 6, 8],
  pinochle: [4, 30, 90, 360],
  acesAround: [10, 100, 500, null],
  kingsAround: [8, 80, 400, null],
  queensAround: [6, 60, 300, null],
  jacksAround: [4, 40, 200, null],
});

/** [004] NPA: "25 statt 15 für eine Folge und 15 statt 4 für einen einfachen Pinochle". */
export const DOUBLE_DECK_NPA: MeldTable = freeze({
  ...DOUBLE_DECK_SHEET,
  run: replaceAt(DOUBLE_DECK_SHEET.run, 0, 25),
  pinochle: replaceAt(DOUBLE_DECK_SHEET.pinochle, 0, 15),
});

/** [004] "Einige Spieler bewerten einen einfachen Pinochle mit 14 statt mit 4 Punkten." */
export function withSinglePinochle14(table: MeldTable): MeldTable {
  return freeze({ ...table, pinochle: replaceAt(table.pinochle, 0, 14) });
}

/** [004] "100 für das Quartett von 4 Assen": "Einige Spieler multiplizieren alle Werte ... mit 10". */
export function timesTen(table: MeldTable): MeldTable {
  return mapTable(table, (values) => values.map((value) => (value === null ? null : value * 10)));
}

function replaceAt(values: MeldValues, index: number, value: number): MeldValues {
  const copy = [...values];
  // A table shorter than the index gets "no value" in the gap, never a silent 0.
  while (copy.length < index) copy.push(null);
  copy[index] = value;
  return copy;
}
