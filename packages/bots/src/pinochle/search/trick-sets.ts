/**
 * The trick rules on bit sets of card numbers (cardIndex: suit * 6 + rank, A = 0), shared
 * by the exact solvers (solve.ts, trick-solver.ts): which card wins a trick, and which
 * cards a seat may play (the engine's legalFrom: follow, head the trick, trump when void,
 * under 'strict' or 'east').
 */
import {
  type Card,
  cardIndex,
  type PlayedCard,
  type Suit,
  suitIndex,
  type TrickRule,
} from '@kibitz/rules/pinochle';

/** Trick points a counter (A, T, K) is worth, per rank: A T K Q J 9. */
const RANK_COUNTERS = [1, 1, 1, 0, 0, 0];

/** What the trick rules read of a solver's state. */
export interface TrickSets {
  /** Bit set of the card numbers each seat holds. */
  held: Int32Array;
  trickCard: Int8Array;
  trickLength: number;
  trumpSuit: number;
  strict: boolean;
}

function suitMask(suit: number): number {
  return 63 << (suit * 6);
}

/** Does card number `a` beat `winning`? Equal cards: the first stays winning. */
export function beatsNumber(a: number, winning: number, trumpSuit: number): boolean {
  const suit = (a / 6) | 0;
  const winningSuit = (winning / 6) | 0;
  if (suit === winningSuit) return a % 6 < winning % 6;
  return suit === trumpSuit;
}

/** Where in the trick the winning card lies. */
export function winningAt(s: TrickSets): number {
  let best = 0;
  for (let i = 1; i < s.trickLength; i++) {
    if (beatsNumber(s.trickCard[i]!, s.trickCard[best]!, s.trumpSuit)) best = i;
  }
  return best;
}

/** The card numbers `seat` may play now, as a bit set (the engine's legalFrom on sets). */
export function legalSet(s: TrickSets, seat: number): number {
  const held = s.held[seat]!;
  if (s.trickLength === 0) return held;
  const led = (s.trickCard[0]! / 6) | 0;
  const winning = s.trickCard[winningAt(s)]!;
  const winningSuit = (winning / 6) | 0;
  const beaters =
    (((1 << (winning % 6)) - 1) << (winningSuit * 6)) |
    (winningSuit === s.trumpSuit ? 0 : suitMask(s.trumpSuit));
  const follows = held & suitMask(led);
  if (follows !== 0) {
    const mustBeat = s.strict || led === s.trumpSuit;
    return mustBeat && (follows & beaters) !== 0 ? follows & beaters : follows;
  }
  const trumps = held & suitMask(s.trumpSuit);
  if (trumps !== 0) return s.strict && (trumps & beaters) !== 0 ? trumps & beaters : trumps;
  return held;
}

/** Trick points per card number, a counter worth `counter`. */
function cardPoints(counter: number): Int16Array {
  const points = new Int16Array(24);
  for (let n = 0; n < 24; n++) points[n] = RANK_COUNTERS[n % 6]! * counter;
  return points;
}

/**
 * The hands as counts (seat * 24 + card number) and bit sets per seat, room for `seats`
 * seats, and how many cards they hold.
 */
function holdingsOf(
  hands: readonly (readonly Card[])[],
  seats: number,
): {
  counts: Int8Array;
  held: Int32Array;
  cardsLeft: number;
} {
  const counts = new Int8Array(seats * 24);
  const held = new Int32Array(seats);
  let cardsLeft = 0;
  hands.forEach((cards, seat) => {
    for (const card of cards) {
      const n = cardIndex(card);
      if (n < 0) throw new Error(`not a card: ${card}`);
      counts[seat * 24 + n]!++;
      held[seat]! |= 1 << n;
      cardsLeft++;
    }
  });
  return { counts, held, cardsLeft };
}

/** The trick in play as seats and card numbers, room for a full trick of `seats` cards. */
function trickOf(
  trick: readonly PlayedCard[],
  seats: number,
): { trickSeat: Int8Array; trickCard: Int8Array } {
  const trickSeat = new Int8Array(seats);
  const trickCard = new Int8Array(seats);
  trick.forEach((played, i) => {
    trickSeat[i] = played.seat;
    trickCard[i] = cardIndex(played.card);
  });
  return { trickSeat, trickCard };
}

/** The cards still in play and the trick rules in force, as a solver starts from them. */
export interface TrickStart extends TrickSets {
  counts: Int8Array; // seat * 24 + card
  trickSeat: Int8Array;
  points: Int16Array; // per card number
  lastTrick: number;
  cardsLeft: number; // in all hands
}

/** A solver's start from a position, room for `seats` seats. */
export function trickStart(
  position: {
    hands: readonly (readonly Card[])[];
    trick: readonly PlayedCard[];
    trump: Suit;
    rule: TrickRule;
    counter: number;
    lastTrick: number;
  },
  seats: number,
): TrickStart {
  const { counts, held, cardsLeft } = holdingsOf(position.hands, seats);
  const { trickSeat, trickCard } = trickOf(position.trick, seats);
  return {
    counts,
    held,
    trickSeat,
    trickCard,
    trickLength: position.trick.length,
    trumpSuit: suitIndex(position.trump),
    strict: position.rule === 'strict',
    points: cardPoints(position.counter),
    lastTrick: position.lastTrick,
    cardsLeft,
  };
}
