/**
 * Double deck card passing between the bidder and partner ([004] "Kartentausch"):
 * simultaneous and unseen, partner first, or Toby Thomas's requested suit.
 */
import type { Card, Suit } from './cards.ts';
import { suitOf } from './cards.ts';
import { cardCombinations } from './combinations.ts';
import { partnerOf } from './flow.ts';
import type { CardPassing, GameState, HandState, Seat } from './state.ts';
import { updateHand, updateState } from './update.ts';
import type { PassingRules } from './variants/index.ts';

/**
 * Toby Thomas: "sein Partner muss ihm drei Karten dieser Farbe geben, wenn er sie hat. Wenn der
 * Partner weniger als drei Karten von der geforderten Farbe hat, muss er alle Karten in der
 * geforderten Farbe, die er hat, tauschen, plus eine oder mehrere Karten seiner Wahl".
 */
export function requiredOfSuit(hand: readonly Card[], suit: Suit, count: number): number {
  return Math.min(count, hand.filter((card) => suitOf(card) === suit).length);
}

function isPartnerBoundBySuit(rules: PassingRules, passing: CardPassing, seat: Seat, bidder: Seat): boolean {
  return rules.style === 'toby-thomas' && seat === partnerOf(bidder) && passing.requestedSuit !== null;
}

/** Is this set of cards an acceptable pass for `seat` (count and requested suit; ownership checked by the caller)? */
export function passMeetsRules(
  rules: PassingRules,
  hand: HandState,
  seat: Seat,
  cards: readonly Card[],
): boolean {
  if (cards.length !== rules.count) return false;
  const passing = hand.passing!;
  if (!isPartnerBoundBySuit(rules, passing, seat, hand.bidder!)) return true;
  const suit = passing.requestedSuit!;
  const need = requiredOfSuit(hand.hands[seat]!, suit, rules.count);
  return cards.filter((card) => suitOf(card) === suit).length === need;
}

export function passChoices(rules: PassingRules, hand: HandState, seat: Seat): Card[][] {
  return cardCombinations(hand.hands[seat]!, rules.count).filter((cards) =>
    passMeetsRules(rules, hand, seat, cards),
  );
}

function withoutCards(hand: readonly Card[], cards: readonly Card[]): Card[] {
  const rest = [...hand];
  for (const card of cards) rest.splice(rest.indexOf(card), 1);
  return rest;
}

/** Applies a pass: cards leave the passer's hand at once and reach the other when the rules say. */
export function recordPass(rules: PassingRules, state: GameState, seat: Seat, cards: Card[]): GameState {
  const hand = state.hand;
  const bidder = hand.bidder!;
  const partner = partnerOf(bidder);
  const passing = hand.passing!;
  const hands = hand.hands.map((h, s) => (s === seat ? withoutCards(h, cards) : h));
  const next: CardPassing =
    seat === bidder ? { ...passing, fromBidder: cards } : { ...passing, fromPartner: cards };
  if (rules.style !== 'simultaneous' && seat === partner) {
    // The bidder sees the partner's cards before passing back.
    hands[bidder] = [...hands[bidder]!, ...cards];
  } else if (rules.style !== 'simultaneous') {
    hands[partner] = [...hands[partner]!, ...cards];
    next.done = true;
  } else if (next.fromBidder && next.fromPartner) {
    hands[partner] = [...hands[partner]!, ...next.fromBidder];
    hands[bidder] = [...hands[bidder]!, ...next.fromPartner];
    next.done = true;
  }
  return updateState(state, { hand: updateHand(hand, { hands, passing: next }) });
}
