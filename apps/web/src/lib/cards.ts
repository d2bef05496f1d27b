/**
 * Cards as the client shows them: sorted for the hand, with short faces and spoken
 * names in each language. Nothing here decides what is legal: the server does.
 */

import type { BridgeCard, BridgeRank } from '@kibitz/rules/bridge';
import type { Card, Rank, Suit } from '@kibitz/rules/pinochle';
import { type Locale, translate } from './i18n.ts';

/** A card of any of our games: Pinochle's 24 faces, or Bridge's 52 (the same suits). */
export type AnyCard = Card | BridgeCard;

/** Display order: colours alternate (black, red, black, red) so suits are easy to tell apart. */
export const DISPLAY_SUITS: readonly Suit[] = ['S', 'H', 'C', 'D'];
const RANK_ORDER: readonly Rank[] = ['A', 'T', 'K', 'Q', 'J', '9'];

export const SUIT_SYMBOLS: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

const RANK_FACES: Record<Locale, Record<Rank, string>> = {
  en: { A: 'A', T: '10', K: 'K', Q: 'Q', J: 'J', '9': '9' },
  de: { A: 'A', T: '10', K: 'K', Q: 'D', J: 'B', '9': '9' },
};
const RANK_WORDS: Record<Locale, Record<Rank, string>> = {
  en: { A: 'ace', T: 'ten', K: 'king', Q: 'queen', J: 'jack', '9': 'nine' },
  de: { A: 'Ass', T: 'Zehn', K: 'König', Q: 'Dame', J: 'Bube', '9': 'Neun' },
};
const SUIT_WORDS: Record<Locale, Record<Suit, string>> = {
  en: { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' },
  de: { S: 'Pik', H: 'Herz', D: 'Karo', C: 'Kreuz' },
};

export function rankOf(card: Card): Rank;
export function rankOf(card: BridgeCard): BridgeRank;
export function rankOf(card: AnyCard): Rank | BridgeRank {
  return card[0] as Rank | BridgeRank;
}

/** Both games use the same four suit letters. */
export function suitOf(card: AnyCard): Suit {
  return card[1] as Suit;
}

/**
 * A hand sorted by suit, then rank from ace down to nine. Trump, once named, comes first;
 * the other suits keep alternating colours where they can.
 */
export function sortHand(cards: readonly Card[], trump: Suit | null = null): Card[] {
  const suits = trump === null ? DISPLAY_SUITS : trumpFirst(trump);
  const suitIndex = (card: Card) => suits.indexOf(suitOf(card));
  const rankIndex = (card: Card) => RANK_ORDER.indexOf(rankOf(card));
  return [...cards].sort((a, b) => suitIndex(a) - suitIndex(b) || rankIndex(a) - rankIndex(b));
}

/** The display order of the suits with `trump` first, colours alternating after it. */
export function trumpFirst(trump: Suit): Suit[] {
  const rest = DISPLAY_SUITS.filter((suit) => suit !== trump);
  // After a red trump: black, red, black; after a black one: red, black, red.
  const red = (suit: Suit) => suit === 'H' || suit === 'D';
  const others = rest.filter((suit) => red(suit) !== red(trump));
  const same = rest.filter((suit) => red(suit) === red(trump));
  const ordered: Suit[] = [trump];
  while (others.length > 0 || same.length > 0) {
    const next = others.shift();
    if (next !== undefined) ordered.push(next);
    const after = same.shift();
    if (after !== undefined) ordered.push(after);
  }
  return ordered;
}

/** The face printed on a card: "10♥", in German "D♠" for the queen (Dame). */
export function cardFace(card: AnyCard, locale: Locale): string {
  return `${rankFace(card, locale)}${SUIT_SYMBOLS[suitOf(card)]}`;
}

/** Bridge's spot cards 8 to 2 (not in the tables) print, and are read, as their number. */
export function rankFace(card: AnyCard, locale: Locale): string {
  return RANK_FACES[locale][card[0] as Rank] ?? card[0]!;
}

/** The accessible name: "ace of spades", "Pik Ass". */
export function cardName(card: AnyCard, locale: Locale): string {
  const rank = RANK_WORDS[locale][card[0] as Rank] ?? card[0]!;
  const suit = SUIT_WORDS[locale][suitOf(card)];
  return locale === 'de' ? `${suit} ${rank}` : `${rank} of ${suit}`;
}

export function suitName(suit: Suit, locale: Locale): string {
  return SUIT_WORDS[locale][suit];
}

/** Cards of `list` one by one, each with a key that stays unique when a deck holds copies. */
export function keyed<C extends AnyCard = Card>(list: readonly C[]): { card: C; key: string }[] {
  const seen = new Map<C, number>();
  return list.map((card) => {
    const copy = seen.get(card) ?? 0;
    seen.set(card, copy + 1);
    return { card, key: `${card}#${copy}` };
  });
}

/** Removes one copy of each of `taken` from `list` (a multiset difference). */
export function without(list: readonly Card[], taken: readonly Card[]): Card[] {
  const rest = [...list];
  for (const card of taken) {
    const index = rest.indexOf(card);
    if (index >= 0) rest.splice(index, 1);
  }
  return rest;
}

/**
 * A card button's accessible name: the printed face first ("A♠"), so speech input can
 * say what it sees, then its name and what it is now (playable, chosen).
 */
export function cardButtonLabel(
  locale: Locale,
  card: AnyCard,
  marks: { playable?: boolean; selected?: boolean } = {},
): string {
  const parts = [
    translate(locale, 'tbl.cardLabel', { face: cardFace(card, locale), name: cardName(card, locale) }),
  ];
  if (marks.playable) parts.push(translate(locale, 'prompt.playable'));
  if (marks.selected) parts.push(translate(locale, 'prompt.selected'));
  return parts.join(', ');
}
