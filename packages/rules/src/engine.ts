/**
 * The game as a pure reducer: createGame(config, seed), apply(state, seat, action),
 * legalActions(state, seat). apply never mutates its argument and never throws on bad
 * input; it returns the next state or a typed rejection.
 */

import { auctionChoices, auctionState, canBid, recordBid } from './auction.ts';
import { type Card, isCard, SUITS, type Suit } from './cards.ts';
import { cardCombinations, containsAll } from './combinations.ts';
import { rulesOf } from './compiled.ts';
import type { GameConfig } from './config.ts';
import { type Rejection, reject } from './errors.ts';
import {
  afterAuction,
  afterTrump,
  beginDeal,
  continuePassing,
  endHand,
  firstDealer,
  trumpChoices,
} from './flow.ts';
import { passChoices, passMeetsRules, recordPass } from './passing.ts';
import type { Action, GameState, HandState, Seat } from './state.ts';
import { isLegalCard, legalCards, winningIndex } from './tricks.ts';
import { updateHand, updateState } from './update.ts';
import { variantOf } from './variants/index.ts';

export type ApplyResult = { ok: true; state: GameState } | { ok: false; rejection: Rejection };

/** A new game: the first dealer is drawn from the seed and the first hand is dealt. */
export function createGame(config: GameConfig, seed: string): GameState {
  const variant = variantOf(config);
  const state: Omit<GameState, 'hand' | 'phase' | 'toAct'> = {
    config,
    seed,
    seatCount: variant.seatCount,
    sideCount: variant.sideCount,
    version: 0,
    scores: new Array(variant.sideCount).fill(0),
    target: variant.initialTarget(config),
    allNegative: false,
    history: [],
    stakes: variant.initialStakes(config),
    result: null,
  };
  return beginDeal(state, 0, firstDealer(seed, variant.seatCount));
}

function isSuit(value: unknown): value is Suit {
  return typeof value === 'string' && (SUITS as readonly string[]).includes(value);
}

function isCardList(value: unknown): value is Card[] {
  return Array.isArray(value) && value.length <= 20 && value.every(isCard);
}

function withHand(state: GameState, hand: Partial<HandState>): GameState {
  return { ...state, hand: { ...state.hand, ...hand } };
}

function applyBidding(state: GameState, seat: Seat, amount: number | null): GameState {
  const rules = rulesOf(state.config).variant.auction(state.config);
  const bidding = recordBid(state.hand.bidding, seat, amount);
  const next = withHand(state, { bidding });
  const where = auctionState(rules, bidding, state.hand.dealer);
  if (where.kind === 'open') return { ...next, toAct: [where.next] };
  if (where.kind === 'won') return afterAuction(next, where.bidder, where.bid);
  // "Wenn alle drei in der ersten Bietrunde passen, werden die Karten zusammengeworfen und der
  // nächste gibt zum neuen Spiel" [000].
  return endHand(next, { outcome: 'passed-out' });
}

function playCard(state: GameState, seat: Seat, card: Card): GameState {
  const hand = state.hand;
  const cards = hand.hands[seat]!;
  const index = cards.indexOf(card);
  const rest: Card[] = [];
  for (let i = 0; i < cards.length; i++) if (i !== index) rest.push(cards[i]!);
  const hands = hand.hands.slice();
  hands[seat] = rest;
  const trick = hand.trick.concat({ seat, card });
  if (trick.length < state.seatCount) {
    return updateState(state, {
      hand: updateHand(hand, { hands, trick }),
      toAct: [(seat + 1) % state.seatCount],
    });
  }
  // "Den Stich macht der höchste Trumpf ... Sind die besten Karten in Farbe und Rang identisch,
  // sticht die zuerst gespielte die zweite" [000].
  const winner = trick[winningIndex(trick, hand.trump!)]!.seat;
  const won = hand.won.slice();
  const pile = won[winner]!.slice();
  for (const played of trick) pile.push(played.card);
  won[winner] = pile;
  const tricks = hand.tricks.concat({ leader: hand.leader!, cards: trick, winner });
  const next = updateState(state, {
    hand: updateHand(hand, { hands, trick: [], tricks, won, leader: winner }),
  });
  if (rest.length === 0 && hands.every((h) => h.length === 0)) return endHand(next, { outcome: 'played' });
  return updateState(next, { toAct: [winner] });
}

function step(state: GameState, seat: Seat, action: Action): ApplyResult {
  const { variant } = rulesOf(state.config);
  const hand = state.hand;
  const phaseIs = (phase: GameState['phase']): ApplyResult | null =>
    state.phase === phase
      ? null
      : reject(
          'wrong-phase',
          `"${action.type}" is not possible now: the hand is in the ${state.phase} phase`,
        );

  switch (action.type) {
    case 'bid': {
      const wrong = phaseIs('bidding');
      if (wrong) return wrong;
      const amount = action.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount)) {
        return reject('malformed-action', 'A bid needs a whole-number amount');
      }
      const rules = rulesOf(state.config).auction;
      if (!canBid(rules, hand.bidding, seat, amount)) {
        const choices = auctionChoices(rules, hand.bidding, seat, hand.dealer);
        const lowest = choices.bids[0];
        if (lowest === undefined) return reject('bid-not-allowed', 'No higher bid is possible');
        if (amount < lowest) return reject('bid-too-low', `A bid must be at least ${lowest}`);
        return reject(
          'bid-not-allowed',
          `${amount} is not an allowed bid; the next allowed bids are ${choices.bids.slice(0, 3).join(', ')}`,
        );
      }
      return { ok: true, state: applyBidding(state, seat, amount) };
    }
    case 'pass': {
      const wrong = phaseIs('bidding');
      if (wrong) return wrong;
      const choices = auctionChoices(rulesOf(state.config).auction, hand.bidding, seat, hand.dealer);
      if (!choices.canPass) return reject('cannot-pass', `You must bid: at least ${choices.bids[0]}`);
      return { ok: true, state: applyBidding(state, seat, null) };
    }
    case 'call-redeal': {
      const wrong = phaseIs('bidding');
      if (wrong) return wrong;
      if (hand.bidding.turns[seat] !== 0 || !variant.canCallRedeal(state.config, hand.hands[seat]!)) {
        return reject(
          'cannot-call-redeal',
          'A redeal may be called only on your first turn with a hopeless hand',
        );
      }
      return { ok: true, state: endHand(state, { outcome: 'redeal-called', calledBy: seat }) };
    }
    case 'discard': {
      const wrong = phaseIs('discard');
      if (wrong) return wrong;
      if (!isCardList(action.cards))
        return reject('malformed-action', 'Discard a list of cards such as ["9S","JD","QC"]');
      if (action.cards.length !== variant.widowDiscards) {
        return reject('wrong-card-count', `Discard exactly ${variant.widowDiscards} cards`);
      }
      if (!containsAll(hand.hands[seat]!, action.cards))
        return reject('card-not-in-hand', 'You can only discard cards you hold');
      const rest = [...hand.hands[seat]!];
      for (const card of action.cards) rest.splice(rest.indexOf(card), 1);
      const hands = hand.hands.map((cards, s) => (s === seat ? rest : cards));
      return {
        ok: true,
        state: { ...withHand(state, { hands, discards: [...action.cards] }), phase: 'trump', toAct: [seat] },
      };
    }
    case 'name-trump': {
      const wrong = phaseIs('trump');
      if (wrong) return wrong;
      if (!isSuit(action.suit)) return reject('malformed-action', 'Name a suit: S, H, D or C');
      if (!trumpChoices(state).includes(action.suit)) {
        return reject(
          'trump-needs-marriage',
          'Trump must be a suit in which you hold a marriage (king and queen)',
        );
      }
      return { ok: true, state: afterTrump(state, action.suit) };
    }
    case 'request-suit': {
      const wrong = phaseIs('passing');
      if (wrong) return wrong;
      const rules = rulesOf(state.config).passing;
      if (rules?.style !== 'toby-thomas' || seat !== hand.bidder || hand.passing!.requestedSuit !== null) {
        return reject(
          'wrong-phase',
          'Only the bidder names the suit to receive, once, before cards are passed',
        );
      }
      if (!isSuit(action.suit)) return reject('malformed-action', 'Name a suit: S, H, D or C');
      const passing = { ...hand.passing!, requestedSuit: action.suit };
      return { ok: true, state: continuePassing(withHand(state, { passing })) };
    }
    case 'pass-cards': {
      const wrong = phaseIs('passing');
      if (wrong) return wrong;
      const rules = rulesOf(state.config).passing!;
      if (rules.style === 'toby-thomas' && hand.passing!.requestedSuit === null) {
        return reject('wrong-phase', 'The bidder must first name the suit to receive');
      }
      if (!isCardList(action.cards))
        return reject('malformed-action', 'Pass a list of cards such as ["AS","TH"]');
      if (action.cards.length !== rules.count)
        return reject('wrong-card-count', `Pass exactly ${rules.count} cards`);
      if (!containsAll(hand.hands[seat]!, action.cards))
        return reject('card-not-in-hand', 'You can only pass cards you hold');
      if (!passMeetsRules(rules, hand, seat, action.cards)) {
        return reject('must-pass-requested-suit', 'You must pass cards of the requested suit first');
      }
      return { ok: true, state: continuePassing(recordPass(rules, state, seat, [...action.cards])) };
    }
    case 'concede': {
      const wrong = phaseIs('play');
      if (wrong) return wrong;
      if (!canConcedeNow(state, seat)) {
        return reject(
          'cannot-concede',
          'Only the bidder may concede, after naming trump and before the first card',
        );
      }
      return { ok: true, state: endHand(state, { outcome: 'conceded' }) };
    }
    case 'play': {
      const wrong = phaseIs('play');
      if (wrong) return wrong;
      if (!isCard(action.card)) return reject('malformed-action', 'Play one card such as "TS"');
      if (!hand.hands[seat]!.includes(action.card))
        return reject('card-not-in-hand', `You do not hold ${action.card}`);
      if (
        !isLegalCard(hand.hands[seat]!, hand.trick, hand.trump!, rulesOf(state.config).trickRule, action.card)
      ) {
        return reject('illegal-card', illegalCardReason(state, seat));
      }
      return { ok: true, state: playCard(state, seat, action.card) };
    }
    default:
      return reject('malformed-action', `Unknown action "${String((action as { type: unknown }).type)}"`);
  }
}

function canConcedeNow(state: GameState, seat: Seat): boolean {
  const hand = state.hand;
  return (
    rulesOf(state.config).canConcede &&
    seat === hand.bidder &&
    hand.tricks.length === 0 &&
    hand.trick.length === 0
  );
}

function illegalCardReason(state: GameState, seat: Seat): string {
  const hand = state.hand;
  const allowed = legalCards(hand.hands[seat]!, hand.trick, hand.trump!, rulesOf(state.config).trickRule);
  return `That card may not be played: follow suit, beat the trick if you can, trump when void. Allowed: ${allowed.join(' ')}`;
}

/** Applies one seat's action. Returns the next state (version + 1) or a typed rejection. */
export function apply(state: GameState, seat: Seat, action: Action): ApplyResult {
  if (state.phase === 'game-over') return reject('game-over', 'The game is over');
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seatCount) {
    return reject('not-a-seat', `Seat must be 0 to ${state.seatCount - 1}`);
  }
  if (
    typeof action !== 'object' ||
    action === null ||
    typeof (action as { type?: unknown }).type !== 'string'
  ) {
    return reject('malformed-action', 'An action is an object with a "type"');
  }
  if (!state.toAct.includes(seat)) {
    return reject('not-your-turn', `It is not your turn: waiting for seat ${state.toAct.join(' and ')}`);
  }
  const result = step(state, seat, action);
  if (!result.ok) return result;
  // Every successful step builds a new state object, so setting its version here touches
  // nothing the caller holds.
  result.state.version = state.version + 1;
  return result;
}

const PLAY_ACTIONS = new Map<Card, Action>();

/** Play actions are shared, frozen objects: legalActions is called for every move. */
function playAction(card: Card): Action {
  let action = PLAY_ACTIONS.get(card);
  if (action === undefined) {
    action = Object.freeze({ type: 'play', card }) as Action;
    PLAY_ACTIONS.set(card, action);
  }
  return action;
}

/** Every action `apply` would accept from `seat` now. */
export function legalActions(state: GameState, seat: Seat): Action[] {
  if (!state.toAct.includes(seat)) return [];
  const { variant } = rulesOf(state.config);
  const hand = state.hand;
  switch (state.phase) {
    case 'bidding': {
      const choices = auctionChoices(rulesOf(state.config).auction, hand.bidding, seat, hand.dealer);
      const actions: Action[] = choices.bids.map((amount) => ({ type: 'bid', amount }));
      if (choices.canPass) actions.push({ type: 'pass' });
      if (hand.bidding.turns[seat] === 0 && variant.canCallRedeal(state.config, hand.hands[seat]!)) {
        actions.push({ type: 'call-redeal' });
      }
      return actions;
    }
    case 'discard':
      return cardCombinations(hand.hands[seat]!, variant.widowDiscards).map((cards) => ({
        type: 'discard',
        cards,
      }));
    case 'trump':
      return trumpChoices(state).map((suit) => ({ type: 'name-trump', suit }));
    case 'passing': {
      const rules = rulesOf(state.config).passing!;
      if (rules.style === 'toby-thomas' && hand.passing!.requestedSuit === null) {
        return SUITS.map((suit) => ({ type: 'request-suit', suit }));
      }
      return passChoices(rules, hand, seat).map((cards) => ({ type: 'pass-cards', cards }));
    }
    case 'play': {
      const cards = legalCards(hand.hands[seat]!, hand.trick, hand.trump!, rulesOf(state.config).trickRule);
      const actions: Action[] = cards.map(playAction);
      if (canConcedeNow(state, seat)) actions.push({ type: 'concede' });
      return actions;
    }
    default:
      return [];
  }
}
