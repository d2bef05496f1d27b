/** Distinct multisets of k cards from a hand that may hold identical copies. */
import { type Card, cardIndex } from './cards.ts';

/**
 * Every distinct multiset of k cards of `hand`, in a fixed order: distinct cards in order of
 * first appearance, taking the most copies of a card first. The walk is a plain recursive
 * function writing into a scratch array (it runs no callbacks, so no call can interleave),
 * and each result is an array literal; discards use triplesFrom below instead.
 */
export function cardCombinations(hand: readonly Card[], k: number): Card[][] {
  const distinct: Card[] = [];
  const available: number[] = [];
  for (const card of hand) {
    const index = distinct.indexOf(card);
    if (index < 0) {
      distinct.push(card);
      available.push(1);
    } else {
      available[index]!++;
    }
  }
  const result: Card[][] = [];
  walk(distinct, available, 0, k, 0, k, result);
  return result;
}

/** The cards chosen so far on the walk's current path. */
const picked: Card[] = [];

function walk(
  distinct: readonly Card[],
  available: readonly number[],
  index: number,
  left: number,
  depth: number,
  k: number,
  result: Card[][],
): void {
  if (left === 0) {
    result.push(pickedCards(k));
    return;
  }
  if (index >= distinct.length) return;
  const card = distinct[index]!;
  const most = Math.min(available[index]!, left);
  // Take `take` copies of this card, from the most down to none; deeper calls write only
  // past depth + take, so the copies below stay in place.
  for (let i = 0; i < most; i++) picked[depth + i] = card;
  for (let take = most; take >= 0; take--) {
    walk(distinct, available, index + 1, left - take, depth + take, k, result);
  }
}

function pickedCards(k: number): Card[] {
  const p = picked;
  switch (k) {
    case 1:
      return [p[0]!];
    case 2:
      return [p[0]!, p[1]!];
    case 3:
      return [p[0]!, p[1]!, p[2]!];
    case 4:
      return [p[0]!, p[1]!, p[2]!, p[3]!];
    default:
      return p.slice(0, k);
  }
}

/**
 * cardCombinations(hand, 3) in the same order, each multiset looked up in `byKey` by its
 * key: its cards' numbers (cardIndex) as base-24 digits, first card most significant;
 * `make(key)` fills a missing entry. Lets the engine hand out shared discard actions
 * instead of building 816 arrays per hand. null when the hand holds a non-card.
 *
 * The recursive walk takes more copies of earlier distinct cards first, which lists the
 * multisets as ascending triples of distinct-card positions a <= b <= c: three plain loops.
 */
export function triplesFrom<T>(
  hand: readonly Card[],
  byKey: (T | undefined)[],
  make: (key: number) => T,
): T[] | null {
  const distinct: number[] = [];
  const available: number[] = [];
  for (const card of hand) {
    const number = cardIndex(card);
    if (number < 0) return null;
    const index = distinct.indexOf(number);
    if (index < 0) {
      distinct.push(number);
      available.push(1);
    } else {
      available[index]!++;
    }
  }
  // Allocated at its final size (816 for 18 different cards): three distinct cards, a pair
  // and another card, or three of a kind.
  const n = distinct.length;
  let pairs = 0;
  let threes = 0;
  for (const copies of available) {
    if (copies >= 2) pairs++;
    if (copies >= 3) threes++;
  }
  const result = new Array<T>((n * (n - 1) * (n - 2)) / 6 + pairs * (n - 1) + threes);
  let at = 0;
  for (let a = 0; a < n; a++) {
    const first = distinct[a]! * 576;
    for (let b = available[a]! >= 2 ? a : a + 1; b < n; b++) {
      const second = first + distinct[b]! * 24;
      const copies = b === a ? 3 : 2;
      for (let c = available[b]! >= copies ? b : b + 1; c < n; c++) {
        const key = second + distinct[c]!;
        let item = byKey[key];
        if (item === undefined) {
          item = make(key);
          byKey[key] = item;
        }
        result[at++] = item;
      }
    }
  }
  return result;
}

const counts = new Int32Array(24);

/** Is `part` a sub-multiset of `whole`? */
export function containsAll(whole: readonly Card[], part: readonly Card[]): boolean {
  // Count copies by card number in a reused array; anything that is not a card takes the
  // general path below.
  counts.fill(0);
  let cardsOnly = true;
  for (const card of whole) {
    const index = cardIndex(card);
    if (index < 0) cardsOnly = false;
    else counts[index]!++;
  }
  if (cardsOnly) {
    for (const card of part) {
      const index = cardIndex(card);
      if (index < 0 || counts[index] === 0) return false;
      counts[index]!--;
    }
    return true;
  }
  const map = new Map<Card, number>();
  for (const card of whole) map.set(card, (map.get(card) ?? 0) + 1);
  for (const card of part) {
    const left = map.get(card) ?? 0;
    if (left === 0) return false;
    map.set(card, left - 1);
  }
  return true;
}
