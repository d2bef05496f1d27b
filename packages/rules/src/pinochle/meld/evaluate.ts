/**
 * The best legal meld of a hand.
 *
 * "Jede Karte kann einmal pro Gruppe gemeldet werden" [000]: (1) runs, marriages, dix;
 * (2) pinochles; (3) arounds. The classes share no constraint, so each is maximised on
 * its own; only a roundhouse scored as one meld ties classes 1 and 3 together, and its
 * few multiplicities are enumerated. Everything works on card counts (suit * 6 + rank),
 * never on card subsets, because bots and the bidding helpers call this constantly.
 */

import { CARD_AT, type Card, RANKS, SUITS, type Suit } from '../cards.ts';
import { type MeldTable, type MeldValues, meldValue } from './tables.ts';
import type { MeldItem, MeldKind, MeldResult, MeldRules, RunMarriageRule } from './types.ts';

// Rank and suit indexes follow RANKS (A T K Q J 9) and SUITS (S H D C).
const A = 0;
const T = 1;
const K = 2;
const Q = 3;
const J = 4;
const NINE = 5;
const SPADES = 0;
const DIAMONDS = 2;

const SUIT_AT: readonly Suit[] = [...SUITS];
const RANK_BY_CODE = codeTable(RANKS);
const SUIT_BY_CODE = codeTable(SUITS);

function codeTable(symbols: readonly string[]): Int8Array {
  const table = new Int8Array(128).fill(-1);
  symbols.forEach((symbol, index) => {
    table[symbol.charCodeAt(0)] = index;
  });
  return table;
}

/*
 * Scratch state, reused by every call: evaluateMeld runs no callbacks, so no call can
 * interleave with another, and not allocating keeps the hot path fast.
 */
const counts = new Int32Array(24);
/** Multiplicity chosen by the last bestUpTo call. */
let picked = 0;
// Choices of the last class1 / class3 call, read back when building the items.
let chosenRuns = 0;
let chosenRoyal = 0;
const chosenCommon = new Int32Array(4);
let chosenDix = 0;
const chosenAround = new Int32Array(4); // aces, kings, queens, jacks
/** Copies of each card used per class (class * 24 + card), for shownCards. */
const used = new Int32Array(72);
/** The cards (bit = card index) with a nonzero entry in `used`. */
let usedCards = 0;

function clearUsed(): void {
  for (let index = 0; index < 24; index++) {
    if ((usedCards & (1 << index)) === 0) continue;
    used[index] = 0;
    used[24 + index] = 0;
    used[48 + index] = 0;
  }
  usedCards = 0;
}

function count(index: number): number {
  return counts[index]!;
}

/** meldValue with the common case inline: most lookups hit a defined value. */
function pointsOf(values: MeldValues, multiplicity: number): number {
  if (multiplicity <= 0) return 0;
  const direct = values[multiplicity - 1];
  return typeof direct === 'number' ? direct : meldValue(values, multiplicity);
}

function countHand(hand: readonly Card[]): void {
  counts.fill(0);
  for (const card of hand) {
    const rank = RANK_BY_CODE[card.charCodeAt(0)] ?? -1;
    const suit = SUIT_BY_CODE[card.charCodeAt(1)] ?? -1;
    if (card.length !== 2 || rank < 0 || suit < 0) throw new RangeError(`"${card}" is not a card`);
    counts[suit * 6 + rank]!++;
  }
}

/**
 * Best points for declaring at most `max` sets of one meld. Declaring fewer is always
 * legal and tables are data, so no multiplicity is assumed best; ties go to the larger
 * multiplicity, and a meld worth nothing is not declared at all.
 */
function bestUpTo(values: MeldValues, max: number): number {
  let best = 0;
  picked = 0;
  for (let multiplicity = max; multiplicity >= 1; multiplicity--) {
    const value = pointsOf(values, multiplicity);
    if (value > best) {
      best = value;
      picked = multiplicity;
    }
  }
  return best;
}

/**
 * Trump marriages that may be declared beside the runs, given the trump kings and queens
 * in no run and in no roundhouse (`freeKings`, `freeQueens`) and the runs whose K and Q
 * are not the roundhouse's (`runs`).
 */
function royalPairs(rule: RunMarriageRule, freeKings: number, freeQueens: number, runs: number): number {
  const freePairs = Math.min(freeKings, freeQueens);
  switch (rule) {
    case 'separate':
      return freePairs;
    case 'extra-card-marries-run':
      // Extras marry each other first (190, not 230); only the surplus marries a run card.
      return freePairs + Math.min(Math.abs(freeKings - freeQueens), runs);
    case 'extra-pair-includes-run':
      return freePairs > 0 ? freePairs + runs : 0;
  }
}

/**
 * Class 1 with `roundhouse` K-Q pairs per suit already taken by a roundhouse meld.
 * Tries every number of runs: more runs use up marriage cards, and the tables decide.
 */
function class1(
  table: MeldTable,
  rule: RunMarriageRule,
  trump: number,
  roundhouse: number,
  shares: boolean,
): number {
  const base = trump * 6;
  const kings = count(base + K);
  const queens = count(base + Q);
  // A shared roundhouse lends its trump K and Q to a run; otherwise they are taken.
  const lent = shares ? 0 : roundhouse;
  const maxRuns = Math.min(count(base + A), count(base + T), count(base + J), kings - lent, queens - lent);
  let best = Number.NEGATIVE_INFINITY;
  for (let runs = maxRuns; runs >= 0; runs--) {
    const overlap = shares ? Math.min(roundhouse, runs) : 0;
    const freeKings = kings - roundhouse - runs + overlap;
    const freeQueens = queens - roundhouse - runs + overlap;
    const pairs = royalPairs(rule, freeKings, freeQueens, runs - overlap);
    const value = pointsOf(table.run, runs) + bestUpTo(table.royalMarriage, pairs);
    if (value > best) {
      best = value;
      chosenRuns = runs;
      chosenRoyal = picked;
    }
  }
  let total = best;
  for (let suit = 0; suit < 4; suit++) {
    if (suit === trump) {
      chosenCommon[suit] = 0;
      continue;
    }
    const pairs = Math.min(count(suit * 6 + K), count(suit * 6 + Q)) - roundhouse;
    total += bestUpTo(table.commonMarriage, pairs);
    chosenCommon[suit] = picked;
  }
  total += bestUpTo(table.dix, count(base + NINE));
  chosenDix = picked;
  return total;
}

const AROUND_RANKS = [A, K, Q, J] as const;
const AROUND_KINDS = ['aces-around', 'kings-around', 'queens-around', 'jacks-around'] as const;

/** The table's values for arounds of AROUND_RANKS[index] (plain property reads, not table[key]). */
function aroundValues(table: MeldTable, index: number): MeldValues {
  switch (index) {
    case 0:
      return table.acesAround;
    case 1:
      return table.kingsAround;
    case 2:
      return table.queensAround;
    default:
      return table.jacksAround;
  }
}

/**
 * Class 3; a roundhouse meld takes `roundhouse` kings and queens of each suit.
 * Tens and nines around are no meld at all.
 */
function class3(table: MeldTable, roundhouse: number): number {
  let total = 0;
  for (let index = 0; index < 4; index++) {
    const rank = AROUND_RANKS[index]!;
    let sets = Math.min(count(rank), count(6 + rank), count(12 + rank), count(18 + rank));
    if (rank === K || rank === Q) sets -= roundhouse;
    total += bestUpTo(aroundValues(table, index), sets);
    chosenAround[index] = picked;
  }
  return total;
}

/** Roundhouse as one meld: the rule's value, else the sum of the parts it replaces. */
function roundhouseValue(rules: MeldRules, sets: number): number {
  const { single, double } = rules.roundhouse;
  if (sets === 1 && single !== null) return single;
  if (sets === 2 && double !== null) return double;
  const { table } = rules;
  return (
    pointsOf(table.royalMarriage, sets) +
    3 * pointsOf(table.commonMarriage, sets) +
    pointsOf(table.kingsAround, sets) +
    pointsOf(table.queensAround, sets)
  );
}

/** Whether scoring `sets` roundhouses as one meld can differ from the plain parts. */
function roundhouseCounts(rules: MeldRules, sets: number): boolean {
  const { single, double, sharesRunMarriage } = rules.roundhouse;
  return sharesRunMarriage || (sets === 1 && single !== null) || (sets === 2 && double !== null);
}

/**
 * The best legal meld of `hand` with `trump`, and its breakdown.
 *
 * A roundhouse scored as one meld of multiplicity m takes m kings and m queens of every
 * suit from classes 1 and 3 (what is left still melds as usual); with sharesRunMarriage
 * its trump K and Q may also sit in runs. Ties keep the plain parts, then more runs, then
 * the larger multiplicity; melds worth 0 are left out. Items come in a fixed order: run,
 * royal marriage, common marriages (S H D C), dix, roundhouse, pinochle, aces, kings,
 * queens, jacks around; cards within an item by suit (S H D C), then rank, copies together.
 */
export function evaluateMeld(hand: readonly Card[], trump: Suit, rules: MeldRules): MeldResult {
  countHand(hand);
  const { table, runMarriages } = rules;
  const trumpIndex = trump.length === 1 ? (SUIT_BY_CODE[trump.charCodeAt(0)] ?? -1) : -1;
  if (trumpIndex < 0) throw new RangeError(`"${trump}" is not a suit`);
  const shares = rules.roundhouse.sharesRunMarriage;

  // Plain parts first: on a tie the breakdown without a roundhouse meld is kept.
  let roundhouse = 0;
  let best = class1(table, runMarriages, trumpIndex, 0, shares) + class3(table, 0);
  let maxRoundhouse = 4;
  for (let suit = 0; suit < 4; suit++) {
    maxRoundhouse = Math.min(maxRoundhouse, count(suit * 6 + K), count(suit * 6 + Q));
  }
  let last = 0;
  for (let sets = 1; sets <= maxRoundhouse; sets++) {
    if (!roundhouseCounts(rules, sets)) continue;
    const value =
      roundhouseValue(rules, sets) +
      class1(table, runMarriages, trumpIndex, sets, shares) +
      class3(table, sets);
    last = sets;
    if (value > best) {
      best = value;
      roundhouse = sets;
    }
  }
  // Re-run the winner so the scratch choices describe it (unless it ran last: most hands
  // hold no roundhouse, and then the plain parts are the only run).
  if (last !== roundhouse) {
    class1(table, runMarriages, trumpIndex, roundhouse, shares);
    class3(table, roundhouse);
  }
  const pinochles = bestUpTo(table.pinochle, Math.min(count(SPADES * 6 + Q), count(DIAMONDS * 6 + J)));
  const chosenPinochle = picked;

  clearUsed();
  const items: MeldItem[] = [];
  const t = trumpIndex;
  let total = addItem(items, 'run', t, chosenRuns, pointsOf(table.run, chosenRuns), CLASS_1, RUN_CARDS[t]!);
  const royalPoints = pointsOf(table.royalMarriage, chosenRoyal);
  total += addItem(items, 'royal-marriage', t, chosenRoyal, royalPoints, CLASS_1, MARRIAGE_CARDS[t]!);
  for (let suit = 0; suit < 4; suit++) {
    const pairs = chosenCommon[suit]!;
    const points = pointsOf(table.commonMarriage, pairs);
    total += addItem(items, 'common-marriage', suit, pairs, points, CLASS_1, MARRIAGE_CARDS[suit]!);
  }
  total += addItem(items, 'dix', t, chosenDix, pointsOf(table.dix, chosenDix), CLASS_1, DIX_CARDS[t]!);
  // The roundhouse holds marriages and arounds: it closes class 1 and counts in class 3 too.
  const roundhousePoints = roundhouse > 0 ? roundhouseValue(rules, roundhouse) : 0;
  total += addItem(
    items,
    'roundhouse',
    -1,
    roundhouse,
    roundhousePoints,
    CLASS_1 | CLASS_3,
    ROUNDHOUSE_CARDS,
  );
  total += addItem(items, 'pinochle', -1, chosenPinochle, pinochles, CLASS_2, PINOCHLE_CARDS);
  for (let index = 0; index < 4; index++) {
    const sets = chosenAround[index]!;
    const points = pointsOf(aroundValues(table, index), sets);
    total += addItem(items, AROUND_KINDS[index]!, -1, sets, points, CLASS_3, AROUND_CARDS[index]!);
  }
  return { total, items, shownCards: shownCards() };
}

// Items are built from these fixed card lists (indexes), so building allocates only the results.
const CLASS_1 = 1;
const CLASS_2 = 2;
const CLASS_3 = 4;
const RUN_CARDS = [0, 1, 2, 3].map((suit) => [A, T, K, Q, J].map((rank) => suit * 6 + rank));
const MARRIAGE_CARDS = [0, 1, 2, 3].map((suit) => [suit * 6 + K, suit * 6 + Q]);
const DIX_CARDS = [0, 1, 2, 3].map((suit) => [suit * 6 + NINE]);
const ROUNDHOUSE_CARDS = MARRIAGE_CARDS.flat();
const PINOCHLE_CARDS = [SPADES * 6 + Q, DIAMONDS * 6 + J];
const AROUND_CARDS = AROUND_RANKS.map((rank) => [0, 1, 2, 3].map((suit) => suit * 6 + rank));

/**
 * Appends one item unless it is empty or worth nothing, listing `sets` copies of each card,
 * and records its card use in each class of `classes` (a roundhouse counts in 1 and 3).
 */
function addItem(
  items: MeldItem[],
  kind: MeldKind,
  suit: number,
  sets: number,
  points: number,
  classes: number,
  cardIndexes: readonly number[],
): number {
  if (sets <= 0 || points === 0) return 0;
  const cards: Card[] = [];
  for (const index of cardIndexes) {
    for (let copy = 0; copy < sets; copy++) cards.push(CARD_AT[index]!);
    if (classes & CLASS_1) used[index]! += sets;
    if (classes & CLASS_2) used[24 + index]! += sets;
    if (classes & CLASS_3) used[48 + index]! += sets;
    usedCards |= 1 << index;
  }
  items.push({ kind, suit: suit < 0 ? null : SUIT_AT[suit]!, multiplicity: sets, points, cards });
  return points;
}

/** Per card, the most copies any one class uses, capped by the hand (a run may share its K or Q). */
function shownCards(): Card[] {
  const shown: Card[] = [];
  for (let index = 0; index < 24; index++) {
    if ((usedCards & (1 << index)) === 0) continue;
    const copies = Math.min(count(index), Math.max(used[index]!, used[24 + index]!, used[48 + index]!));
    for (let copy = 0; copy < copies; copy++) shown.push(CARD_AT[index]!);
  }
  return shown;
}
