/** Distinct multisets of k cards from a hand that may hold identical copies. */
import type { Card } from './cards.ts';

export function cardCombinations(hand: readonly Card[], k: number): Card[][] {
  const counts = new Map<Card, number>();
  for (const card of hand) counts.set(card, (counts.get(card) ?? 0) + 1);
  const distinct = [...counts.entries()];
  const result: Card[][] = [];
  const chosen: Card[] = [];
  const walk = (index: number, left: number): void => {
    if (left === 0) {
      result.push([...chosen]);
      return;
    }
    if (index >= distinct.length) return;
    const [card, available] = distinct[index]!;
    for (let take = Math.min(available, left); take >= 0; take--) {
      for (let i = 0; i < take; i++) chosen.push(card);
      walk(index + 1, left - take);
      chosen.length -= take;
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
