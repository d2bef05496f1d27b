/**
 * The common course of a hand: deal, auction result, trump, card passing, meld, and the
 * end of the hand with scoring and the next deal. Each step returns a new state.
 */

import { createRandom, dealSeed, randomInt } from '../common/random.ts';
import { emptyBidding } from './auction.ts';
import type { Card, Suit } from './cards.ts';
import { rulesOf } from './compiled.ts';
import { dealCards } from './deal.ts';
import { evaluateMeld, type MeldResult } from './meld/index.ts';
import type { GameState, HandState, Seat } from './state.ts';
import { updateHand, updateState } from './update.ts';
import type { HandEnd } from './variants/index.ts';

/** "Der erste Geber wird gelost" [000]: drawn from the game seed. */
export function firstDealer(seed: string, seatCount: number): Seat {
  return randomInt(createRandom(`kibitz-first-dealer:${seed}`), seatCount);
}

/** Does the hand hold a king and queen of `suit` ("mindestens eine Hochzeit" [004])? */
export function hasMarriage(hand: readonly Card[], suit: Suit): boolean {
  return hand.includes(`K${suit}`) && hand.includes(`Q${suit}`);
}

export function partnerOf(seat: Seat): Seat {
  return (seat + 2) % 4;
}

/** Deals hand number `deal` and opens the auction with forehand (left of the dealer). */
export function beginDeal(
  state: Omit<GameState, 'hand' | 'phase' | 'toAct'>,
  deal: number,
  dealer: Seat,
): GameState {
  const { variant } = rulesOf(state.config);
  const seed = dealSeed(state.seed, deal);
  const { hands, widow } = dealCards(variant.dealPlan(state.config), seed, dealer);
  const hand: HandState = {
    deal,
    dealer,
    seed,
    hands,
    widow,
    widowTurned: false,
    bidding: emptyBidding(state.seatCount),
    bidder: null,
    bid: null,
    discards: [],
    trump: null,
    passing: null,
    melds: new Array(state.seatCount).fill(null),
    trick: [],
    leader: null,
    tricks: [],
    won: hands.map(() => []),
  };
  // Spelled out in updateState's field order, so every state has one shape.
  return {
    config: state.config,
    seed: state.seed,
    seatCount: state.seatCount,
    sideCount: state.sideCount,
    version: state.version,
    phase: 'bidding',
    toAct: [(dealer + 1) % state.seatCount],
    scores: state.scores,
    target: state.target,
    allNegative: state.allNegative,
    hand,
    history: state.history,
    stakes: state.stakes,
    result: state.result,
  };
}

function passingTurn(state: GameState, hand: HandState): Seat[] {
  const passing = hand.passing!;
  const style = rulesOf(state.config).variant.cardPassing(state.config)!.style;
  const bidder = hand.bidder!;
  const partner = partnerOf(bidder);
  if (style === 'simultaneous') {
    return [bidder, partner].filter(
      (seat) => (seat === bidder ? passing.fromBidder : passing.fromPartner) === null,
    );
  }
  if (style === 'toby-thomas' && passing.requestedSuit === null) return [bidder];
  return passing.fromPartner === null ? [partner] : [bidder];
}

function startPassing(state: GameState, hand: HandState): GameState {
  const next = updateHand(hand, {
    passing: { requestedSuit: null, fromBidder: null, fromPartner: null, done: false },
  });
  return updateState(state, { hand: next, phase: 'passing', toAct: passingTurn(state, next) });
}

/** The auction is over: the bidder takes the widow, or (double deck) passes cards or names trump. */
export function afterAuction(state: GameState, bidder: Seat, bid: number): GameState {
  const { variant } = rulesOf(state.config);
  if (variant.widowDiscards > 0) {
    // "Der Alleinspieler nimmt den Tapp, dreht ihn um, zeigt ihn den Mitspielern, nimmt die
    // Karten dann in sein Blatt auf" [000].
    const hands = state.hand.hands.slice();
    hands[bidder] = [...hands[bidder]!, ...state.hand.widow];
    const hand = updateHand(state.hand, { bidder, bid, hands, widowTurned: true });
    return updateState(state, { hand, phase: 'discard', toAct: [bidder] });
  }
  const hand = updateHand(state.hand, { bidder, bid });
  const passing = rulesOf(state.config).passing;
  if (passing?.timing === 'before-trump') return startPassing(state, hand);
  return updateState(state, { hand, phase: 'trump', toAct: [bidder] });
}

/** Suits the bidder may name now (all four unless a marriage in trump is required and held). */
export function trumpChoices(state: GameState): Suit[] {
  const all: Suit[] = ['S', 'H', 'D', 'C'];
  if (rulesOf(state.config).marriageCheck !== 'at-naming') return all;
  const hand = state.hand.hands[state.hand.bidder!]!;
  const withMarriage = all.filter((suit) => hasMarriage(hand, suit));
  // "Wenn er keine Hochzeit hat, wird die Hand nicht gespielt": any suit then ends the hand.
  return withMarriage.length > 0 ? withMarriage : all;
}

export function afterTrump(state: GameState, suit: Suit): GameState {
  const hand = updateHand(state.hand, { trump: suit });
  const next = updateState(state, { hand });
  if (rulesOf(state.config).marriageCheck === 'at-naming' && !hasMarriage(hand.hands[hand.bidder!]!, suit)) {
    return endHand(next, { outcome: 'no-marriage' });
  }
  const passing = rulesOf(state.config).passing;
  if (passing?.timing === 'after-trump') return startPassing(next, hand);
  return layMelds(next);
}

/** After a pass-cards or request-suit action: whose turn, or passing is over. */
export function continuePassing(state: GameState): GameState {
  const hand = state.hand;
  if (!hand.passing!.done) return updateState(state, { toAct: passingTurn(state, hand) });
  if (hand.trump === null) return updateState(state, { phase: 'trump', toAct: [hand.bidder!] });
  if (
    rulesOf(state.config).marriageCheck === 'after-passing' &&
    !hasMarriage(hand.hands[hand.bidder!]!, hand.trump)
  ) {
    return endHand(state, { outcome: 'no-marriage' });
  }
  return layMelds(state);
}

/** Everyone lays down their best meld for all to see; then the bidder leads (or concedes). */
export function layMelds(state: GameState): GameState {
  const { variant } = rulesOf(state.config);
  const hand = state.hand;
  const rules = rulesOf(state.config).meld;
  const melds: MeldResult[] = [];
  for (const cards of hand.hands) melds.push(evaluateMeld(cards, hand.trump!, rules));
  const next = updateHand(hand, { melds, leader: hand.bidder });
  const verdict = variant.afterMeld(state.config, next);
  if (verdict) return endHand(updateState(state, { hand: next }), verdict);
  return updateState(state, { hand: next, phase: 'play', toAct: [hand.bidder!] });
}

/** Scores the hand, checks for the end of the game, and deals the next hand (paced: waits first). */
export function endHand(state: GameState, end: HandEnd): GameState {
  const { variant } = rulesOf(state.config);
  const hand = state.hand;
  const result = variant.scoreHand(state.config, hand, end);
  const scores = state.scores.map((score, side) => score + result.delta[side]!);
  const scored = updateState(state, { scores, history: [...state.history, result] });
  const check = variant.checkGameEnd(state.config, scored, result);
  const stakes = variant.settleStakes(state.config, scored, result, check.result);
  const settled = updateState(scored, { target: check.target, allNegative: check.allNegative, stakes });
  if (check.result) return updateState(settled, { phase: 'game-over', toAct: [], result: check.result });
  if (state.config.paced) {
    // Paced: the scored hand stays on the table (last trick, widow, melds) until every seat continues.
    const everyone = Array.from({ length: state.seatCount }, (_, seat) => seat);
    return updateState(settled, { phase: 'hand-end', toAct: everyone });
  }
  return nextDeal(settled);
}

/** Deals the hand after the current one. */
export function nextDeal(state: GameState): GameState {
  const hand = state.hand;
  // "Nach einem Spiel ist die bisherige Vorhand nächster Geber" [000]: the deal moves clockwise.
  return beginDeal(state, hand.deal + 1, (hand.dealer + 1) % state.seatCount);
}
