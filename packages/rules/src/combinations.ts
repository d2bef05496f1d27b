/** Distinct multisets of k cards from a hand that may hold identical copies. */
import type { Card } from './cards.ts';

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
  const chosen: Card[] = [];
  const walk = (index: number, left: number): void => {
    if (left === 0) {
      result.push(chosen.slice());
      return;
    }
    if (index >= distinct.length) return;
    const card = distinct[index]!;
    const most = Math.min(available[index]!, left);
    // Take `take` copies of this card, from the most down to none.
    for (let i = 0; i < most; i++) chosen.push(card);
    for (let take = most; take >= 0; take--) {
      walk(index + 1, left - take);
      if (take > 0) chosen.pop();
    }
  };
  walk(0, k);
  return result;
}

/** Is `part` a sub-multiset of `whole`? */
export function containsAll(whole: readonly Card[], part: readonly Card[]): boolean {
  const counts = new Map<Card, number>();
  for (const card of whole) counts.set(card, (counts.get(card) ?? 0) + 1);
  for (const card of part) {
    const left = counts.get(card) ?? 0;
    if (left === 0) return false;
    counts.set(card, left - 1);
  }
  return true;
}
