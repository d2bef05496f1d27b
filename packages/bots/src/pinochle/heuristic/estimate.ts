/**
 * Quick hand estimates for the heuristic bot: meld by trump suit, likely trick points,
 * and the cost of giving a card away. Linear rules of thumb, no search: bots must stay
 * fast enough for load tests.
 */
import {
  type Card,
  counterValue,
  type GameConfig,
  isCounter,
  pinochleTable,
  rankOf,
  SUITS,
  type Suit,
  strength,
  suitOf,
  trumpNeedsMarriage,
} from '@kibitz/rules/pinochle';
import { countSuit, hasMarriage, meldOf } from '../meld.ts';

/** Points a counter is worth in tricks: 10 three-handed, 1 double deck (10 with "times ten"). */
export function counterUnit(config: GameConfig): number {
  return counterValue(config);
}

/** How much a card is worth keeping (or giving away): counters high, trump a little higher. */
export function cardCost(card: Card, trump: Suit | null): number {
  const base: Record<string, number> = { A: 11, T: 10, K: 4, Q: 3, J: 2, '9': 0 };
  return (base[rankOf(card)] ?? 0) + (suitOf(card) === trump ? 12 : 0);
}

function count(hand: readonly Card[], card: Card): number {
  let n = 0;
  for (const c of hand) if (c === card) n++;
  return n;
}

/**
 * Trick points the bidder's side may expect with `trump`, in the variant's units.
 * Aces win tricks; trumps beyond an average share win late tricks; a ten behind its ace
 * (or in long trump) usually survives. The weights are a least-squares fit of the
 * bidder's trick points (buried counters excluded) over a few hundred hands of
 * heuristic bots at the default rules: correlation about 0.7 (Cutthroat), 0.55 (double deck).
 */
export function trickEstimate(hand: readonly Card[], trump: Suit, config: GameConfig): number {
  const length = countSuit(hand, trump);
  let aces = 0;
  let tens = 0;
  for (const suit of SUITS) {
    const suitAces = count(hand, `A${suit}`);
    aces += suitAces;
    // A ten is good behind an ace of its suit, or as trump with length.
    if (suitAces > 0 || (suit === trump && length >= 5)) tens += count(hand, `T${suit}`);
  }
  const unit = counterUnit(config);
  if (pinochleTable(config).partnerships) {
    // A team holds half the 48 counters on average; the side with trump takes more.
    const counters = 14 + 1.4 * aces + 2.2 * Math.max(0, length - 5) + 0.35 * tens;
    return Math.round(Math.min(50, counters + 2) * unit);
  }
  const counters = 1.5 + 1.3 * aces + 2.2 * Math.max(0, length - 4) + 0.6 * tens;
  return Math.round(Math.min(25, counters) * unit);
}

export interface SuitValue {
  suit: Suit;
  meld: number;
  tricks: number;
  total: number;
}

/**
 * Meld plus trick estimate for each allowed trump, best first. When the config makes
 * the hand unplayable without a marriage in trump, suits without one are worth nothing.
 */
export function suitValues(
  hand: readonly Card[],
  config: GameConfig,
  suits: readonly Suit[] = SUITS,
): SuitValue[] {
  const needsMarriage = trumpNeedsMarriage(config);
  const values = suits.map((suit): SuitValue => {
    const meld = meldOf(hand, suit, config).total;
    const tricks = trickEstimate(hand, suit, config);
    const playable = !needsMarriage || hasMarriage(hand, suit);
    return { suit, meld, tricks, total: playable ? meld + tricks : Number.NEGATIVE_INFINITY };
  });
  return values.sort((a, b) => b.total - a.total || countSuit(hand, b.suit) - countSuit(hand, a.suit));
}

/** Counter points among `cards` (buried cards count for the bidder). */
export function counterPoints(cards: readonly Card[], config: GameConfig): number {
  return cards.filter(isCounter).length * counterUnit(config);
}

/** Weakest first: the order in which to throw cards away. */
export function cheapestFirst(cards: readonly Card[], trump: Suit | null): Card[] {
  return [...cards].sort((a, b) => cardCost(a, trump) - cardCost(b, trump) || strength(a) - strength(b));
}
