/**
 * Trick play: which cards a seat may play and who wins a trick. One function serves
 * every variant; the sheets differ only in when a seat must head the trick.
 */
import { type Card, type Suit, strength, suitOf } from './cards.ts';

/**
 * 'strict': whoever follows or trumps must beat the card winning so far if able
 *   ([000] "Wer bedient oder trumpft muss wenn möglich stechen", [003] "überstechen",
 *   [004] "höher kriechen"); once a trump lies on a plain-suit trick, any card of the
 *   led suit may follow (it cannot beat a trump).
 * 'east': must follow, must trump when void, but must beat only when trump was led
 *   ([000] Stichregel "Stichzwang nur bei Trumpfanspiel", [003] "Leichtere Stichregel").
 */
export type TrickRule = 'strict' | 'east';

export interface PlayedCard {
  seat: number;
  card: Card;
}

/** Does `card` beat `winning` (the card currently winning a trick led in `led`)? */
export function beats(card: Card, winning: Card, trump: Suit): boolean {
  const suit = suitOf(card);
  const winningSuit = suitOf(winning);
  if (suit === winningSuit) return strength(card) > strength(winning);
  // A card of another suit beats only as a trump over a non-trump; a discard never wins.
  return suit === trump;
}

/** Index (into `trick`) of the card winning it so far. Of two identical cards the first wins. */
export function winningIndex(trick: readonly PlayedCard[], trump: Suit): number {
  let best = 0;
  for (let i = 1; i < trick.length; i++) {
    if (beats(trick[i]!.card, trick[best]!.card, trump)) best = i;
  }
  return best;
}

function distinct(cards: readonly Card[]): Card[] {
  return [...new Set(cards)];
}

/** The distinct cards of `hand` that may be played to `trick` (empty trick = a lead: anything). */
export function legalCards(hand: readonly Card[], trick: readonly PlayedCard[], trump: Suit, rule: TrickRule): Card[] {
  if (trick.length === 0) return distinct(hand);
  const led = suitOf(trick[0]!.card);
  const winning = trick[winningIndex(trick, trump)]!.card;
  const mustBeat = rule === 'strict' || led === trump;

  const following = hand.filter((card) => suitOf(card) === led);
  if (following.length > 0) {
    if (!mustBeat) return distinct(following);
    const beating = following.filter((card) => beats(card, winning, trump));
    return distinct(beating.length > 0 ? beating : following);
  }
  const trumps = hand.filter((card) => suitOf(card) === trump);
  if (trumps.length > 0) {
    if (rule === 'east') return distinct(trumps);
    const beating = trumps.filter((card) => beats(card, winning, trump));
    return distinct(beating.length > 0 ? beating : trumps);
  }
  return distinct(hand);
}

export function isLegalCard(
  hand: readonly Card[],
  trick: readonly PlayedCard[],
  trump: Suit,
  rule: TrickRule,
  card: Card,
): boolean {
  return legalCards(hand, trick, trump, rule).includes(card);
}
