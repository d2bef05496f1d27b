/**
 * Card play by rules of thumb: concede a hopeless contract, lead winners, win a trick
 * with the cheapest card that takes it, and otherwise throw the cheapest card (or, in
 * double deck, a counter onto a trick the partner is sure to take). No look-ahead.
 */

import { partnersOf } from '@kibitz/rules';
import {
  type Action,
  beats,
  type Card,
  type GameView,
  pinochleTable,
  rankOf,
  type Suit,
  suitOf,
  winningIndex,
} from '@kibitz/rules/pinochle';
import { handOf, type PromptOf, seatOf } from '../bot.ts';
import { countSuit } from '../meld.ts';
import { cardCost, cheapestFirst, counterPoints, counterUnit, trickEstimate } from './estimate.ts';

/** Would the bidding side fall short even with a generous trick estimate? */
export function shouldConcede(view: GameView): boolean {
  const seat = seatOf(view);
  const bid = view.bid;
  const trump = view.trump;
  if (bid === null || trump === null) return false;
  const hand = handOf(view);
  const config = view.config;
  const team = [seat, ...partnersOf(pinochleTable(config), seat)];
  const meld = team.reduce((sum, s) => sum + (view.melds[s]?.total ?? 0), 0);
  const buried = counterPoints(view.discards ?? [], config);
  const generous = trickEstimate(hand, trump, config) * 1.4 + 3 * counterUnit(config);
  return meld + buried + generous < bid;
}

function lead(cards: readonly Card[], hand: readonly Card[], trump: Suit, bidderSide: boolean): Card {
  // The bidder's side draws trumps with the ace first so its side aces can stand later.
  if (bidderSide && countSuit(hand, trump) >= 4 && cards.includes(`A${trump}`)) return `A${trump}`;
  const sideAces = cards.filter((card) => rankOf(card) === 'A' && suitOf(card) !== trump);
  if (sideAces.length > 0) {
    // The ace of our shortest side suit: the others then hold more of it, so are less likely void.
    return [...sideAces].sort((a, b) => countSuit(hand, suitOf(a)) - countSuit(hand, suitOf(b)))[0]!;
  }
  const side = cards.filter((card) => suitOf(card) !== trump);
  if (side.length > 0) {
    // A low card of the longest side suit: it loses little and may find the partner's ace.
    const longest = (card: Card): number => countSuit(hand, suitOf(card));
    return [...side].sort((a, b) => longest(b) - longest(a) || cardCost(a, trump) - cardCost(b, trump))[0]!;
  }
  return cheapestFirst(cards, trump)[0]!;
}

/** Cards that would take the trick as it stands, cheapest first. */
function winners(cards: readonly Card[], current: Card, trump: Suit): Card[] {
  return cheapestFirst(
    cards.filter((card) => beats(card, current, trump)),
    trump,
  );
}

function follow(view: GameView, cards: readonly Card[], trump: Suit): Card {
  const seat = seatOf(view);
  const trick = view.trick;
  const best = trick[winningIndex(trick, trump)]!;
  const last = trick.length === view.seatCount - 1;
  const partnerWinning = partnersOf(pinochleTable(view.config), seat).includes(best.seat);
  const canWin = winners(cards, best.card, trump);

  if (partnerWinning) {
    // An ace can only be trumped; trusted that far, the partner's trick is worth feeding.
    const safe = last || rankOf(best.card) === 'A';
    const losing = cards.filter((card) => !canWin.includes(card));
    const pool = losing.length > 0 ? losing : cards;
    if (!safe) return cheapestFirst(pool, trump)[0]!;
    const feed = pool.filter((card) => suitOf(card) !== trump && rankOf(card) !== 'A');
    const counters = (feed.length > 0 ? feed : pool).filter((card) => cardCost(card, trump) >= 4);
    if (counters.length > 0) return [...counters].sort((a, b) => cardCost(b, trump) - cardCost(a, trump))[0]!;
    return cheapestFirst(pool, trump)[0]!;
  }

  if (canWin.length > 0) {
    if (last) return canWin[0]!;
    // Someone still plays after us: an ace of the led suit holds unless trumped, so prefer it.
    const ace = canWin.find((card) => rankOf(card) === 'A' && suitOf(card) === suitOf(trick[0]!.card));
    return ace ?? canWin[0]!;
  }
  return cheapestFirst(cards, trump)[0]!;
}

export function decidePlay(view: GameView, prompt: PromptOf<'play'>): Action {
  if (prompt.canConcede && shouldConcede(view)) return { type: 'concede' };
  const trump = view.trump!;
  const seat = seatOf(view);
  const bidder = view.bidder;
  const bidderSide =
    bidder === seat || (bidder !== null && partnersOf(pinochleTable(view.config), seat).includes(bidder));
  const card =
    view.trick.length === 0
      ? lead(prompt.cards, handOf(view), trump, bidderSide)
      : follow(view, prompt.cards, trump);
  return { type: 'play', card };
}
