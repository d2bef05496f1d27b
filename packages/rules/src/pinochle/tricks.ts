/**
 * Trick play: which cards a seat may play and who wins a trick. One function serves
 * every variant; the sheets differ only in when a seat must head the trick.
 */
import { CARD_AT, type Card, cardIndex, type Suit, strength, suitIndex } from './cards.ts';

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
  return beatsCode(card, winning, trump.charCodeAt(0));
}

/*
 * The functions below compare suits as character codes (card.charCodeAt(1)): indexing a
 * string (card[1]) makes a one-character string each time, and this is the engine's
 * hottest code.
 */

function beatsCode(card: Card, winning: Card, trump: number): boolean {
  const suit = card.charCodeAt(1);
  if (suit === winning.charCodeAt(1)) return strength(card) > strength(winning);
  // A card of another suit beats only as a trump over a non-trump; a discard never wins.
  return suit === trump;
}

function winningAt(trick: readonly PlayedCard[], trump: number): number {
  let best = 0;
  for (let i = 1; i < trick.length; i++) {
    if (beatsCode(trick[i]!.card, trick[best]!.card, trump)) best = i;
  }
  return best;
}

/** Index (into `trick`) of the card winning it so far. Of two identical cards the first wins. */
export function winningIndex(trick: readonly PlayedCard[], trump: Suit): number {
  return winningAt(trick, trump.charCodeAt(0));
}

/**
 * Which cards of the hand the rules allow, as a filter: 0 = any card, 1 = cards of the led
 * suit, 2 = led-suit cards that beat, 3 = trumps, 4 = trumps that beat. Working this out
 * once and filtering in one pass keeps the hottest path of the engine free of allocations.
 */
function requirement(
  hand: readonly Card[],
  trick: readonly PlayedCard[],
  trump: number,
  rule: TrickRule,
): number {
  if (trick.length === 0) return 0;
  const led = trick[0]!.card.charCodeAt(1);
  const winning = trick[winningAt(trick, trump)]!.card;
  // beatsCode(card, winning, trump) for a card of the led suit or of trump, worked out
  // from the winning card once: the same suit beats by strength, a trump beats a non-trump.
  const winningSuit = winning.charCodeAt(1);
  const winningStrength = strength(winning);
  let follows = false;
  let followsAndBeats = false;
  let trumps = false;
  let trumpsAndBeats = false;
  for (const card of hand) {
    const suit = card.charCodeAt(1);
    if (suit === led) {
      follows = true;
      if (suit === winningSuit ? strength(card) > winningStrength : suit === trump) followsAndBeats = true;
    } else if (suit === trump) {
      trumps = true;
      if (suit !== winningSuit || strength(card) > winningStrength) trumpsAndBeats = true;
    }
  }
  const mustBeat = rule === 'strict' || led === trump;
  if (follows) return mustBeat && followsAndBeats ? 2 : 1;
  if (trumps) return rule === 'strict' && trumpsAndBeats ? 4 : 3;
  return 0;
}

function allowed(card: Card, need: number, led: number, winning: Card, trump: number): boolean {
  switch (need) {
    case 0:
      return true;
    case 1:
      return card.charCodeAt(1) === led;
    case 2:
      return card.charCodeAt(1) === led && beatsCode(card, winning, trump);
    case 3:
      return card.charCodeAt(1) === trump;
    default:
      return card.charCodeAt(1) === trump && beatsCode(card, winning, trump);
  }
}

/** The distinct cards of `hand` that may be played to `trick` (empty trick = a lead: anything). */
export function legalCards(
  hand: readonly Card[],
  trick: readonly PlayedCard[],
  trump: Suit,
  rule: TrickRule,
): Card[] {
  const fast = legalFrom(hand, trick, trump, rule, CARD_AT);
  if (fast !== null) return fast;
  // Not all cards (only a hand-built state could hold such a thing): compare characters.
  const trumpCode = trump.charCodeAt(0);
  const need = requirement(hand, trick, trumpCode, rule);
  const led = trick.length > 0 ? trick[0]!.card.charCodeAt(1) : trumpCode;
  const winning = trick.length > 0 ? trick[winningAt(trick, trumpCode)]!.card : hand[0]!;
  const result: Card[] = [];
  for (const card of hand) {
    if (allowed(card, need, led, winning, trumpCode) && !result.includes(card)) result.push(card);
  }
  return result;
}

/** Card numbers (cardIndex) of the hand legalFrom is listing; it runs no callbacks. */
let numbers = new Int32Array(32);

/**
 * legalCards, each mapped through `byNumber` (indexed by cardIndex): the engine's play
 * actions without a list of cards in between. null when a card is not a card.
 *
 * Works on sets of card numbers as bits (card n is bit n, a suit six bits), so only one
 * pass reads the card strings: the hand's cards, those of the led suit and of trump, and
 * those that beat the winning card are each one integer, and the rules pick one of them.
 */
export function legalFrom<T>(
  hand: readonly Card[],
  trick: readonly PlayedCard[],
  trump: Suit,
  rule: TrickRule,
  byNumber: readonly T[],
): T[] | null {
  const length = hand.length;
  if (numbers.length < length) numbers = new Int32Array(length);
  let held = 0;
  for (let i = 0; i < length; i++) {
    const number = cardIndex(hand[i]);
    if (number < 0) return null;
    numbers[i] = number;
    held |= 1 << number;
  }
  let allowedSet = held;
  if (trick.length > 0) {
    const trumpSuit = suitIndex(trump);
    const ledNumber = cardIndex(trick[0]!.card);
    const winning = cardIndex(trick[winningAt(trick, trump.charCodeAt(0))]!.card);
    if (trumpSuit < 0 || ledNumber < 0 || winning < 0) return null;
    const led = (ledNumber / 6) | 0;
    const winningSuit = (winning / 6) | 0;
    // Beating the winning card: a stronger card of its suit (lower rank index), or any
    // trump when it is not a trump.
    const beaters =
      (((1 << (winning % 6)) - 1) << (winningSuit * 6)) |
      (winningSuit === trumpSuit ? 0 : 63 << (trumpSuit * 6));
    // The same cases as requirement(), on sets.
    const follows = held & (63 << (led * 6));
    const trumps = held & (63 << (trumpSuit * 6));
    if (follows !== 0) {
      const mustBeat = rule === 'strict' || led === trumpSuit;
      allowedSet = mustBeat && (follows & beaters) !== 0 ? follows & beaters : follows;
    } else if (trumps !== 0) {
      allowedSet = rule === 'strict' && (trumps & beaters) !== 0 ? trumps & beaters : trumps;
    }
  }
  const result = new Array<T>(bitCount(allowedSet)); // its final size: one per card allowed
  let at = 0;
  for (let i = 0; i < length; i++) {
    const bit = 1 << numbers[i]!;
    if ((allowedSet & bit) === 0) continue;
    allowedSet &= ~bit; // distinct: each card once, where it first appears
    result[at++] = byNumber[numbers[i]!]!;
  }
  return result;
}

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count++;
  return count;
}

export function isLegalCard(
  hand: readonly Card[],
  trick: readonly PlayedCard[],
  trump: Suit,
  rule: TrickRule,
  card: Card,
): boolean {
  return hand.includes(card) && mayPlay(hand, trick, trump, rule, card);
}

/**
 * isLegalCard for a card the caller knows is in `hand`: allowed(card, requirement(...))
 * worked out from the card's side, so that apply, which checks one card per move, mostly
 * needs no pass over the hand. A card of the led suit may be played unless it does not
 * beat and another led card would (where beating is required); any other card only when
 * the hand has no led card, and then a trump unless it does not beat and another trump
 * would (strict rule), a plain card only when the hand has no trump either.
 */
export function mayPlay(
  hand: readonly Card[],
  trick: readonly PlayedCard[],
  trump: Suit,
  rule: TrickRule,
  card: Card,
): boolean {
  if (trick.length === 0) return true;
  const trumpCode = trump.charCodeAt(0);
  const led = trick[0]!.card.charCodeAt(1);
  const winning = trick[winningAt(trick, trumpCode)]!.card;
  const suit = card.charCodeAt(1);
  if (suit === led) {
    if (beatsCode(card, winning, trumpCode) || (rule !== 'strict' && led !== trumpCode)) return true;
    return !holdsBeater(hand, led, winning, trumpCode);
  }
  for (const held of hand) if (held.charCodeAt(1) === led) return false;
  if (suit === trumpCode) {
    if (beatsCode(card, winning, trumpCode) || rule !== 'strict') return true;
    return !holdsBeater(hand, trumpCode, winning, trumpCode);
  }
  for (const held of hand) if (held.charCodeAt(1) === trumpCode) return false;
  return true;
}

/** Does the hand hold a card of `suit` that beats `winning`? */
function holdsBeater(hand: readonly Card[], suit: number, winning: Card, trump: number): boolean {
  for (const held of hand) if (held.charCodeAt(1) === suit && beatsCode(held, winning, trump)) return true;
  return false;
}
