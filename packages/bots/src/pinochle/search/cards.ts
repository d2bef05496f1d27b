/** Multisets of cards (a double deck holds four copies of each card) and the variant's deck. */
import { type Card, createGame, type GameConfig } from '@kibitz/rules/pinochle';

const decks = new Map<string, readonly Card[]>();

/** Every card of the variant's deck: the engine's own deal of any seed, put back together. */
export function deckOf(config: GameConfig): readonly Card[] {
  let deck = decks.get(config.variant);
  if (deck === undefined) {
    const hand = createGame(config, 'deck').hand;
    deck = [...hand.hands.flat(), ...hand.widow];
    decks.set(config.variant, deck);
  }
  return deck;
}

/** Removes one copy of `card` from `cards` (in place); false when there is none. */
export function takeOne(cards: Card[], card: Card): boolean {
  const index = cards.indexOf(card);
  if (index < 0) return false;
  cards.splice(index, 1);
  return true;
}

/** `cards` less one copy of each of `removed` (copies not present are ignored). */
export function minus(cards: readonly Card[], removed: readonly Card[]): Card[] {
  const rest = [...cards];
  for (const card of removed) takeOne(rest, card);
  return rest;
}

/** The multiset union (each card as often as in the larger of the two). */
export function union(a: readonly Card[], b: readonly Card[]): Card[] {
  return [...a, ...minus(b, a)];
}

/** Fisher-Yates on a copy. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
