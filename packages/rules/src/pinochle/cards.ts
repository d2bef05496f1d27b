/**
 * Cards in the two-character notation used by people, logs and tests:
 * rank `A T K Q J 9` followed by suit `S H D C` ("TS" = ten of spades).
 * A deck holds identical copies, so a hand is a multiset of these strings.
 */

export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Suit = (typeof SUITS)[number];

/** Ranks from high to low: A-10-K-Q-J-9 ("A-10-K-D-B-9", [000]). */
export const RANKS = ['A', 'T', 'K', 'Q', 'J', '9'] as const;
export type Rank = (typeof RANKS)[number];

export type Card = `${Rank}${Suit}`;

export const SUIT_NAMES: Record<Suit, string> = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };
export const RANK_NAMES: Record<Rank, string> = {
  A: 'ace',
  T: 'ten',
  K: 'king',
  Q: 'queen',
  J: 'jack',
  '9': 'nine',
};

/** Higher number = stronger card within a suit, indexed by the rank's character code. */
const STRENGTH = new Int8Array(128);
STRENGTH['A'.charCodeAt(0)] = 5;
STRENGTH['T'.charCodeAt(0)] = 4;
STRENGTH['K'.charCodeAt(0)] = 3;
STRENGTH['Q'.charCodeAt(0)] = 2;
STRENGTH['J'.charCodeAt(0)] = 1;

export function rankOf(card: Card): Rank {
  return card[0] as Rank;
}

export function suitOf(card: Card): Suit {
  return card[1] as Suit;
}

export function strength(card: Card): number {
  return STRENGTH[card.charCodeAt(0)]!;
}

/** Aces, tens and kings are the counters ("Zählkarten"). */
export function isCounter(card: Card): boolean {
  const rank = card.charCodeAt(0); // not card[0], which makes a string
  return rank === 65 || rank === 84 || rank === 75; // A, T, K
}

/** Suit index (as in SUITS) by character code; -1 for any other character. */
const SUIT_INDEX = new Int8Array(128).fill(-1);
SUITS.forEach((suit, index) => {
  SUIT_INDEX[suit.charCodeAt(0)] = index;
});

/**
 * The card's number 0-23 (suit * 6 + rank, in SUITS and RANKS order), or -1 when `value`
 * is not a card. Lookup tables, not list searches: the engine checks every card it is sent.
 */
export function cardIndex(value: unknown): number {
  if (typeof value !== 'string' || value.length !== 2) return -1;
  const rank = value.charCodeAt(0);
  const suit = value.charCodeAt(1);
  return (rank | suit) < 128 ? CARD_NUMBER[(rank << 7) | suit]! : -1;
}

/** cardIndex by the two character codes (rank * 128 + suit): one lookup per card. */
const CARD_NUMBER = new Int8Array(128 * 128).fill(-1);
RANKS.forEach((rank, r) => {
  SUITS.forEach((suit, s) => {
    CARD_NUMBER[(rank.charCodeAt(0) << 7) | suit.charCodeAt(0)] = s * 6 + r;
  });
});

/**
 * Cards by number: CARD_AT[cardIndex(card)] === card. Written as literals so V8 interns
 * them, and decks are built from these same strings: comparing two interned strings is a
 * pointer comparison, and the engine compares cards on every move.
 */
// biome-ignore format: one suit per line
export const CARD_AT: readonly Card[] = [
  'AS', 'TS', 'KS', 'QS', 'JS', '9S',
  'AH', 'TH', 'KH', 'QH', 'JH', '9H',
  'AD', 'TD', 'KD', 'QD', 'JD', '9D',
  'AC', 'TC', 'KC', 'QC', 'JC', '9C',
];

/** The suit's index in SUITS, or -1. */
export function suitIndex(suit: string): number {
  return suit.length === 1 ? (SUIT_INDEX[suit.charCodeAt(0)] ?? -1) : -1;
}

export function isCard(value: unknown): value is Card {
  return cardIndex(value) >= 0;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** Parses one card; accepts lower case and "10" for the ten ("10s" -> "TS"). */
export function parseCard(text: string): ParseResult<Card> {
  const trimmed = text.trim().toUpperCase();
  const normalized = trimmed.startsWith('10') ? `T${trimmed.slice(2)}` : trimmed;
  if (isCard(normalized)) return { ok: true, value: normalized };
  return {
    ok: false,
    error: `"${text}" is not a card: write a rank (A T K Q J 9) then a suit (S H D C), e.g. "TS" for the ten of spades`,
  };
}

/** Parses a space- or comma-separated list of cards; fails on the first bad one. */
export function parseCards(text: string): ParseResult<Card[]> {
  const parts = text.split(/[\s,]+/).filter((part) => part.length > 0);
  const cards: Card[] = [];
  for (const part of parts) {
    const parsed = parseCard(part);
    if (!parsed.ok) return parsed;
    cards.push(parsed.value);
  }
  return { ok: true, value: cards };
}

/** Parses a card list known to be valid (tests, fixtures); throws on bad input. */
export function cards(text: string): Card[] {
  const parsed = parseCards(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

export function formatCards(list: readonly Card[]): string {
  return list.join(' ');
}

export function cardName(card: Card): string {
  return `${RANK_NAMES[rankOf(card)]} of ${SUIT_NAMES[suitOf(card)]}`;
}

const RANK_LABELS: Record<Rank, string> = { A: 'A', T: '10', K: 'K', Q: 'Q', J: 'J', '9': '9' };
const SUIT_SYMBOLS: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/**
 * A card as the table shows it: "A♦", "10♠". Refusals name cards this way, so a player
 * reads the same card in a message as on the table. A value that is not a card (only a
 * hand-built state could hold one) is shown as it is.
 */
export function cardLabel(card: Card): string {
  if (!isCard(card)) return String(card);
  return `${RANK_LABELS[rankOf(card)]}${SUIT_SYMBOLS[suitOf(card)]}`;
}

/** Cards listed for people: "A♦, 10♦". */
export function cardLabels(list: readonly Card[]): string {
  return list.map(cardLabel).join(', ');
}

/** The cards of `part` that `whole` does not hold (as a multiset: a second copy must be held twice). */
export function cardsMissing(whole: readonly Card[], part: readonly Card[]): Card[] {
  const counts = countCards(whole);
  const missing: Card[] = [];
  for (const card of part) {
    const held = counts.get(card) ?? 0;
    if (held === 0) missing.push(card);
    else counts.set(card, held - 1);
  }
  return missing;
}

export type DeckKind = 'single' | 'double';

/**
 * "48 Karten ... jeweils zweimal Ass, 10, König, Dame, Bube und 9 in jeder Farbe" [000];
 * "80 Karten. Es enthält A 10 K D B in allen vier Farben, und von jedem Wert sind vier
 * gleiche Karten im Spiel" [004].
 */
export function buildDeck(kind: DeckKind): Card[] {
  const ranks = kind === 'single' ? 6 : 5;
  const copies = kind === 'single' ? 2 : 4;
  const deck: Card[] = [];
  for (let copy = 0; copy < copies; copy++) {
    for (let suit = 0; suit < 4; suit++) {
      for (let rank = 0; rank < ranks; rank++) deck.push(CARD_AT[suit * 6 + rank]!);
    }
  }
  return deck;
}

/** Sorts by suit (S H D C, or trump first when given) then rank high to low. */
export function sortCards(list: readonly Card[], trump?: Suit | null): Card[] {
  const suitOrder = (suit: Suit): number => (suit === trump ? -1 : SUITS.indexOf(suit));
  return [...list].sort((a, b) => suitOrder(suitOf(a)) - suitOrder(suitOf(b)) || strength(b) - strength(a));
}

/** Removes one copy of each given card; returns null if any is missing. */
export function removeCards(hand: readonly Card[], toRemove: readonly Card[]): Card[] | null {
  const rest = [...hand];
  for (const card of toRemove) {
    const index = rest.indexOf(card);
    if (index < 0) return null;
    rest.splice(index, 1);
  }
  return rest;
}

/** Counts copies per card, e.g. for multiset comparison. */
export function countCards(list: readonly Card[]): Map<Card, number> {
  const counts = new Map<Card, number>();
  for (const card of list) counts.set(card, (counts.get(card) ?? 0) + 1);
  return counts;
}
