/**
 * Bridge cards: the standard 52-card pack in the two-character notation the Pinochle
 * cards use, rank then suit ("TS" = ten of spades, "2C" = two of clubs).
 * "Rangfolge innerhalb jeder Farbe (hoch nach tief): As, König, Dame, Bube, 10, 9, 8, 7,
 * 6, 5, 4, 3, 2" [002].
 */

export const BRIDGE_SUITS = ['S', 'H', 'D', 'C'] as const;
export type BridgeSuit = (typeof BRIDGE_SUITS)[number];

/** High to low. */
export const BRIDGE_RANKS = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'] as const;
export type BridgeRank = (typeof BRIDGE_RANKS)[number];

export type BridgeCard = `${BridgeRank}${BridgeSuit}`;

/** Every card once, suit by suit from the ace down. Frozen: deals shuffle copies of it. */
export const BRIDGE_DECK: readonly BridgeCard[] = Object.freeze(
  BRIDGE_SUITS.flatMap((suit) => BRIDGE_RANKS.map((rank): BridgeCard => `${rank}${suit}`)),
);

const DECK_SET: ReadonlySet<string> = new Set(BRIDGE_DECK);

export function isBridgeCard(value: unknown): value is BridgeCard {
  return typeof value === 'string' && DECK_SET.has(value);
}

export function bridgeSuitOf(card: BridgeCard): BridgeSuit {
  return card[1] as BridgeSuit;
}

export function bridgeRankOf(card: BridgeCard): BridgeRank {
  return card[0] as BridgeRank;
}

/** Higher = stronger within its suit: the ace 12, the two 0. */
export function bridgeStrength(card: BridgeCard): number {
  return BRIDGE_RANKS.length - 1 - BRIDGE_RANKS.indexOf(bridgeRankOf(card));
}

export const BRIDGE_SUIT_SYMBOLS: Record<BridgeSuit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** The card as the table shows it: `A♦`, `10♠` (the contract's cardLabel convention). */
export function bridgeCardLabel(card: BridgeCard): string {
  const rank = bridgeRankOf(card);
  return `${rank === 'T' ? '10' : rank}${BRIDGE_SUIT_SYMBOLS[bridgeSuitOf(card)]}`;
}

/** Parses "AS KH 2C" (tests and logs); throws on anything else, so only for fixtures. */
export function bridgeCards(text: string): BridgeCard[] {
  const list = text.split(/\s+/).filter((word) => word.length > 0);
  for (const word of list) if (!isBridgeCard(word)) throw new Error(`not a bridge card: ${word}`);
  return list as BridgeCard[];
}

/** Sorted by suit (spades first) and rank (high first), as a hand is laid out. */
export function sortBridgeCards(list: readonly BridgeCard[]): BridgeCard[] {
  const order = (card: BridgeCard) =>
    BRIDGE_SUITS.indexOf(bridgeSuitOf(card)) * 13 + BRIDGE_RANKS.indexOf(bridgeRankOf(card));
  return [...list].sort((a, b) => order(a) - order(b));
}
