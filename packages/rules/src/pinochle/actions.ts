/**
 * legalActions: every action `apply` would accept from a seat now. It runs before every
 * move, so the actions it lists are shared, frozen objects wherever one object per value
 * will do: plays, bids, trump suits, discards and the bare actions.
 */
import { type AuctionRules, auctionChoicesFrom, bidLadder } from './auction.ts';
import { CARD_AT, type Card, SUITS, type Suit } from './cards.ts';
import { cardCombinations, triplesFrom } from './combinations.ts';
import { rulesOf } from './compiled.ts';
import { trumpChoices } from './flow.ts';
import { passChoices } from './passing.ts';
import type { Action, GameState, Seat } from './state.ts';
import { legalCards, legalFrom } from './tricks.ts';

const PASS: Action = Object.freeze({ type: 'pass' });
const CONCEDE: Action = Object.freeze({ type: 'concede' });
const CALL_REDEAL: Action = Object.freeze({ type: 'call-redeal' });
const GATHER: Action = Object.freeze({ type: 'gather' });
const CONTINUE: Action = Object.freeze({ type: 'continue' });
const NAME_TRUMP = new Map<Suit, Action>(
  SUITS.map((suit) => [suit, Object.freeze<Action>({ type: 'name-trump', suit })]),
);
/** By card number (cardIndex). */
const PLAY_ACTIONS: readonly Action[] = CARD_AT.map((card) => Object.freeze<Action>({ type: 'play', card }));
/** One bid action per rung of a rules object's bidLadder. */
const BID_ACTIONS = new WeakMap<AuctionRules, readonly Action[]>();
/**
 * Three-card discards by triplesFrom key, made when first listed, cards frozen too
 * since every listing shares them. Allocated at full size: a sparse array would fall
 * into V8's slow dictionary mode.
 */
const DISCARD_ACTIONS = new Array<Action | undefined>(24 ** 3).fill(undefined);

/** May `seat` concede now? "after naming trump and before the first card". */
export function canConcedeNow(state: GameState, seat: Seat): boolean {
  const hand = state.hand;
  return (
    seat === hand.bidder &&
    hand.tricks.length === 0 &&
    hand.trick.length === 0 &&
    rulesOf(state.config).canConcede
  );
}

function ladderActions(rules: AuctionRules): readonly Action[] {
  let actions = BID_ACTIONS.get(rules);
  if (actions === undefined) {
    actions = bidLadder(rules).map((amount) => Object.freeze<Action>({ type: 'bid', amount }));
    BID_ACTIONS.set(rules, actions);
  }
  return actions;
}

function makeBid(amount: number): Action {
  return { type: 'bid', amount };
}

function makeDiscard(key: number): Action {
  const cards: Card[] = [
    CARD_AT[Math.floor(key / 576)]!,
    CARD_AT[Math.floor(key / 24) % 24]!,
    CARD_AT[key % 24]!,
  ];
  return Object.freeze<Action>({ type: 'discard', cards: Object.freeze(cards) as Card[] });
}

function discardActions(hand: readonly Card[], count: number): Action[] {
  const shared = count === 3 ? triplesFrom(hand, DISCARD_ACTIONS, makeDiscard) : null;
  if (shared !== null) return shared;
  const actions: Action[] = [];
  for (const cards of cardCombinations(hand, count)) actions.push({ type: 'discard', cards });
  return actions;
}

/** Every action `apply` would accept from `seat` now. */
export function legalActions(state: GameState, seat: Seat): Action[] {
  if (!state.toAct.includes(seat)) return [];
  const compiled = rulesOf(state.config);
  const hand = state.hand;
  switch (state.phase) {
    case 'bidding': {
      const rules = compiled.auction;
      const choices = auctionChoicesFrom(
        rules,
        hand.bidding,
        seat,
        hand.dealer,
        ladderActions(rules),
        makeBid,
      );
      const actions = choices.bids;
      if (choices.canPass) actions.push(PASS);
      if (hand.bidding.turns[seat] === 0 && compiled.variant.canCallRedeal(state.config, hand.hands[seat]!)) {
        actions.push(CALL_REDEAL);
      }
      return actions;
    }
    case 'discard':
      return discardActions(hand.hands[seat]!, compiled.variant.widowDiscards);
    case 'trump': {
      const actions: Action[] = [];
      for (const suit of trumpChoices(state)) actions.push(NAME_TRUMP.get(suit)!);
      return actions;
    }
    case 'passing': {
      const rules = compiled.passing!;
      if (rules.style === 'toby-thomas' && hand.passing!.requestedSuit === null) {
        return SUITS.map((suit) => ({ type: 'request-suit', suit }));
      }
      return passChoices(rules, hand, seat).map((cards) => ({ type: 'pass-cards', cards }));
    }
    case 'play': {
      const cards = hand.hands[seat]!;
      const actions =
        legalFrom(cards, hand.trick, hand.trump!, compiled.trickRule, PLAY_ACTIONS) ??
        legalCards(cards, hand.trick, hand.trump!, compiled.trickRule).map((card) => ({
          type: 'play',
          card,
        }));
      if (canConcedeNow(state, seat)) actions.push(CONCEDE);
      return actions;
    }
    // Paced hands: toAct holds the trick's winner, or the seats yet to continue.
    case 'trick-end':
      return [GATHER];
    case 'hand-end':
      return [CONTINUE];
    default:
      return [];
  }
}
