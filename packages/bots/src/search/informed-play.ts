/**
 * The strong level's play-out policy for trick play: every seat plays as if it saw the
 * sampled deal's cards, which inside one determinized deal it does ("perfect information
 * Monte Carlo": each sample is solved as an open game, roughly). It is greedy, one trick
 * deep, but knows who can still beat a card: it wins a trick only when the win is safe,
 * with the cheapest card that makes it so; feeds counters to a partner's safe trick;
 * leads cards no opponent can beat (drawing trump first when its side holds the contract);
 * and otherwise throws its cheapest card. It reads the engine state directly (no views),
 * which also makes a play-out several times cheaper than asking the heuristic for a view.
 */
import {
  beats,
  type Card,
  type GameState,
  isCounter,
  legalCards,
  type PlayedCard,
  rankOf,
  type Suit,
  suitOf,
  winningIndex,
} from '@kibitz/rules';
import { cardCost } from '../heuristic/estimate.ts';

function sideOf(seatCount: number, seat: number): number {
  return seatCount === 4 ? seat % 2 : seat;
}

/** How much a card is worth keeping for later tricks: aces and trumps hold their value. */
function keepValue(card: Card, trump: Suit): number {
  const rank = rankOf(card);
  return (rank === 'A' ? 9 : rank === 'T' ? 2 : rank === 'K' ? 1 : 0) + (suitOf(card) === trump ? 8 : 0);
}

/** Worth giving to a trick the own side is sure to take: counters that are not winners. */
function feedValue(card: Card, trump: Suit): number {
  return (isCounter(card) ? 10 : 0) - keepValue(card, trump);
}

function distinct(cards: readonly Card[]): Card[] {
  return [...new Set(cards)];
}

function cheapest(cards: readonly Card[], trump: Suit): Card {
  let best = cards[0]!;
  for (const card of cards) if (cardCost(card, trump) < cardCost(best, trump)) best = card;
  return best;
}

/**
 * Does the trick's current winner hold against everyone still to play? An opponent to
 * come beats it if one of its legal cards does (the rules often make it, and a seat
 * that can take a trick from the other side will).
 */
function holds(state: GameState, trick: readonly PlayedCard[], trump: Suit): boolean {
  const seats = state.seatCount;
  const winner = trick[winningIndex(trick, trump)]!;
  const side = sideOf(seats, winner.seat);
  const rule = state.config.trickRule;
  const last = trick[trick.length - 1]!.seat;
  for (let k = 1; k <= seats - trick.length; k++) {
    const seat = (last + k) % seats;
    if (sideOf(seats, seat) === side) continue;
    for (const card of legalCards(state.hand.hands[seat]!, trick, trump, rule)) {
      if (beats(card, winner.card, trump)) return false;
    }
  }
  return true;
}

function lead(state: GameState, seat: number, hand: readonly Card[], trump: Suit): Card {
  const seats = state.seatCount;
  const mySide = sideOf(seats, seat);
  const bidder = state.hand.bidder;
  const declaring = bidder !== null && sideOf(seats, bidder) === mySide;
  const safe: Card[] = [];
  for (const card of distinct(hand)) if (holds(state, [{ seat, card }], trump)) safe.push(card);
  if (safe.length > 0) {
    const safeTrump = safe.filter((card) => suitOf(card) === trump);
    const safeSide = safe.filter((card) => suitOf(card) !== trump);
    let opponentsTrump = false;
    for (let s = 0; s < seats; s++) {
      if (sideOf(seats, s) !== mySide && state.hand.hands[s]!.some((card) => suitOf(card) === trump)) {
        opponentsTrump = true;
      }
    }
    // The contract's side draws the others' trumps first, so its side winners stand later.
    const pool =
      declaring && opponentsTrump && safeTrump.length > 0 ? safeTrump : safeSide.length > 0 ? safeSide : safe;
    // Cash the dearest safe card first (an ace before a ten: both win now).
    return pool.reduce((a, b) => (cardCost(b, trump) > cardCost(a, trump) ? b : a));
  }
  // Nothing safe: a low card of the longest side suit, counters kept back.
  const count = (suit: Suit): number => hand.filter((card) => suitOf(card) === suit).length;
  const side = hand.filter((card) => suitOf(card) !== trump);
  const pool = side.length > 0 ? side : hand;
  const plain = pool.filter((card) => !isCounter(card));
  const from = plain.length > 0 ? plain : pool;
  return from.reduce((a, b) => {
    const longer = count(suitOf(b)) - count(suitOf(a));
    return longer > 0 || (longer === 0 && cardCost(b, trump) < cardCost(a, trump)) ? b : a;
  });
}

function follow(state: GameState, seat: number, legal: readonly Card[], trump: Suit): Card {
  const seats = state.seatCount;
  const mySide = sideOf(seats, seat);
  const trick = state.hand.trick;
  let bestFeed: Card | null = null;
  let cheapestWin: Card | null = null;
  for (const card of legal) {
    const after = [...trick, { seat, card }];
    const winner = after[winningIndex(after, trump)]!.seat;
    if (sideOf(seats, winner) !== mySide || !holds(state, after, trump)) continue;
    if (winner !== seat) {
      // The partner's trick stands whatever comes: give it the most it can use.
      if (bestFeed === null || feedValue(card, trump) > feedValue(bestFeed, trump)) bestFeed = card;
    } else if (cheapestWin === null || cardCost(card, trump) < cardCost(cheapestWin, trump)) {
      cheapestWin = card;
    }
  }
  if (bestFeed !== null) return bestFeed;
  if (cheapestWin !== null) return cheapestWin;
  return cheapest(legal, trump);
}

/** The informed policy's card for `seat`, to play to the trick in `state` (phase 'play'). */
export function informedPlay(state: GameState, seat: number): Card {
  const trump = state.hand.trump!;
  const hand = state.hand.hands[seat]!;
  if (state.hand.trick.length === 0) return lead(state, seat, hand, trump);
  const legal = legalCards(hand, state.hand.trick, trump, state.config.trickRule);
  return legal.length === 1 ? legal[0]! : follow(state, seat, legal, trump);
}
