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

/**
 * Which cards of the hand the rules allow, as a filter: 0 = any card, 1 = cards of the led
 * suit, 2 = led-suit cards that beat, 3 = trumps, 4 = trumps that beat. Working this out
 * once and filtering in one pass keeps the hottest path of the engine free of allocations.
 */
function requirement(
  hand: readonly Card[],
  trick: readonly PlayedCard[],
  trump: Suit,
  rule: TrickRule,
): number {
  if (trick.length === 0) return 0;
  const led = suitOf(trick[0]!.card);
  const winning = trick[winningIndex(trick, trump)]!.card;
  let follows = false;
  let followsAndBeats = false;
  let trumps = false;
  let trumpsAndBeats = false;
  for (const card of hand) {
    const suit = suitOf(card);
    if (suit === led) {
      follows = true;
      if (beats(card, winning, trump)) followsAndBeats = true;
    } else if (suit === trump) {
      trumps = true;
      if (beats(card, winning, trump)) trumpsAndBeats = true;
    }
  }
  const mustBeat = rule === 'strict' || led === trump;
  if (follows) return mustBeat && followsAndBeats ? 2 : 1;
  if (trumps) return rule === 'strict' && trumpsAndBeats ? 4 : 3;
  return 0;
}

function allowed(card: Card, need: number, led: Suit, winning: Card, trump: Suit): boolean {
  switch (need) {
    case 0:
      return true;
    case 1:
      return suitOf(card) === led;
    case 2:
      return suitOf(card) === led && beats(card, winning, trump);
    case 3:
      return suitOf(card) === trump;
    default:
      return suitOf(card) === trump && beats(card, winning, trump);
  }
}

/** The distinct cards of `hand` that may be played to `trick` (empty trick = a lead: anything). */
export function legalCards(
  hand: readonly Card[],
  trick: readonly PlayedCard[],
  trump: Suit,
  rule: TrickRule,
): Card[] {
  const need = requirement(hand, trick, trump, rule);
  const led = trick.length > 0 ? suitOf(trick[0]!.card) : trump;
  const winning = trick.length > 0 ? trick[winningIndex(trick, trump)]!.card : hand[0]!;
  const result: Card[] = [];
  for (const card of hand) {
    if (allowed(card, need, led, winning, trump) && !result.includes(card)) result.push(card);
  }
  return result;
}

export function isLegalCard(
  hand: readonly Card[],
  trick: readonly PlayedCard[],
  trump: Suit,
  rule: TrickRule,
  card: Card,
): boolean {
  if (!hand.includes(card)) return false;
  if (trick.length === 0) return true;
  const need = requirement(hand, trick, trump, rule);
  return allowed(card, need, suitOf(trick[0]!.card), trick[winningIndex(trick, trump)]!.card, trump);
}
