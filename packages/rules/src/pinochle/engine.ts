/**
 * The game as a pure reducer: createGame(config, seed), apply(state, seat, action),
 * legalActions(state, seat). apply never mutates its argument and never throws on bad
 * input; it returns the next state or a typed rejection.
 */

import { canConcedeNow } from './actions.ts';
import { auctionChoices, auctionState, canBid, canPass, recordBid } from './auction.ts';
import {
  type Card,
  cardIndex,
  cardLabel,
  cardLabels,
  cardsMissing,
  isCard,
  SUITS,
  type Suit,
} from './cards.ts';
import { containsAll } from './combinations.ts';
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
  nextDeal,
  trumpChoices,
} from './flow.ts';
import { passMeetsRules, recordPass } from './passing.ts';
import type { Action, GameState, HandState, Seat } from './state.ts';
import { legalCards, mayPlay, type PlayedCard, winningIndex } from './tricks.ts';
import { handWithPlay, handWithTrick, updateHand, updateState, withHandAndTurn } from './update.ts';
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
  return updateState(state, { hand: updateHand(state.hand, hand) });
}

function applyBidding(state: GameState, seat: Seat, amount: number | null): GameState {
  const rules = rulesOf(state.config).auction;
  const bidding = recordBid(state.hand.bidding, seat, amount);
  const where = auctionState(rules, bidding, state.hand.dealer);
  if (where.kind === 'open') {
    return updateState(state, { hand: updateHand(state.hand, { bidding }), toAct: [where.next] });
  }
  const next = withHand(state, { bidding });
  if (where.kind === 'won') return afterAuction(next, where.bidder, where.bid);
  // "Wenn alle drei in der ersten Bietrunde passen, werden die Karten zusammengeworfen und der
  // nächste gibt zum neuen Spiel" [000].
  return endHand(next, { outcome: 'passed-out' });
}

function playCard(state: GameState, seat: Seat, card: Card, index: number): GameState {
  const hand = state.hand;
  const cards = hand.hands[seat]!;
  const rest = new Array<Card>(cards.length - 1); // its final size, not grown by push
  for (let i = 0, at = 0; i < cards.length; i++) if (i !== index) rest[at++] = cards[i]!;
  const hands = replaced(hand.hands, seat, rest);
  const trick = appended(hand.trick, { seat, card });
  if (trick.length < state.seatCount) {
    return withHandAndTurn(state, 'play', handWithPlay(hand, hands, trick), [(seat + 1) % state.seatCount]);
  }
  // "Den Stich macht der höchste Trumpf ... Sind die besten Karten in Farbe und Rang identisch,
  // sticht die zuerst gespielte die zweite" [000].
  const winner = trick[winningIndex(trick, hand.trump!)]!.seat;
  // Paced: the finished trick stays on the table, every card showing, until its winner gathers it.
  if (state.config.paced)
    return withHandAndTurn(state, 'trick-end', handWithPlay(hand, hands, trick), [winner]);
  return gathered(state, hands, trick, winner, rest.length === 0);
}

/**
 * The finished `trick` goes onto its winner's pile; the winner leads next, or the hand is
 * over. `mayBeLast` is false when the caller knows cards are left (a shortcut for the
 * card-by-card path).
 */
function gathered(
  state: GameState,
  hands: Card[][],
  trick: PlayedCard[],
  winner: Seat,
  mayBeLast: boolean,
): GameState {
  const hand = state.hand;
  const old = hand.won[winner]!;
  const pile = new Array<Card>(old.length + trick.length); // its final size, not grown by push
  for (let i = 0; i < old.length; i++) pile[i] = old[i]!;
  for (let i = 0; i < trick.length; i++) pile[old.length + i] = trick[i]!.card;
  const won = replaced(hand.won, winner, pile);
  const tricks = appended(hand.tricks, { leader: hand.leader!, cards: trick, winner });
  const nextHand = handWithTrick(hand, hands, tricks, won, winner);
  if (mayBeLast && allEmpty(hands)) {
    return endHand(withHandAndTurn(state, 'play', nextHand, state.toAct), { outcome: 'played' });
  }
  return withHandAndTurn(state, 'play', nextHand, [winner]);
}

/*
 * Copies for the play phase's short lists (hands per seat, cards in a trick): array literals
 * of the exact length are several times faster in V8 than slice or spread, and concat is
 * slower still (it looks up Symbol.isConcatSpreadable).
 */

/** `list` with `item` added at the end. */
function appended<T>(list: readonly T[], item: T): T[] {
  switch (list.length) {
    case 0:
      return [item];
    case 1:
      return [list[0]!, item];
    case 2:
      return [list[0]!, list[1]!, item];
    case 3:
      return [list[0]!, list[1]!, list[2]!, item];
    default:
      return [...list, item];
  }
}

/** `list` with the item at `index` replaced by `item`. */
function replaced<T>(list: readonly T[], index: number, item: T): T[] {
  const copy =
    list.length === 3
      ? [list[0]!, list[1]!, list[2]!]
      : list.length === 4
        ? [list[0]!, list[1]!, list[2]!, list[3]!]
        : list.slice();
  copy[index] = item;
  return copy;
}

function allEmpty(hands: readonly Card[][]): boolean {
  for (const cards of hands) if (cards.length > 0) return false;
  return true;
}

function wrongPhase(state: GameState, action: Action): ApplyResult {
  return reject(
    'wrong-phase',
    `"${action.type}" is not possible now: the hand is in the ${state.phase} phase`,
  );
}

/** A card played: the move made some 45 times a hand, so it skips step's general dispatch. */
function applyPlay(state: GameState, seat: Seat, action: Action & { type: 'play' }): ApplyResult {
  if (state.phase !== 'play') return wrongPhase(state, action);
  const card = action.card;
  if (cardIndex(card) < 0) return reject('malformed-action', 'Play one card such as "TS"');
  const hand = state.hand;
  const cards = hand.hands[seat]!;
  const index = cards.indexOf(card);
  if (index < 0) return reject('card-not-in-hand', `You do not hold ${cardLabel(card)}`);
  if (!mayPlay(cards, hand.trick, hand.trump!, rulesOf(state.config).trickRule, card)) {
    return reject('illegal-card', illegalCardReason(state, seat));
  }
  return { ok: true, state: playCard(state, seat, card, index) };
}

function step(state: GameState, seat: Seat, action: Action): ApplyResult {
  const { variant } = rulesOf(state.config);
  const hand = state.hand;

  switch (action.type) {
    case 'bid': {
      if (state.phase !== 'bidding') return wrongPhase(state, action);
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
      if (state.phase !== 'bidding') return wrongPhase(state, action);
      const rules = rulesOf(state.config).auction;
      if (!canPass(rules, hand.bidding, seat, hand.dealer)) {
        const choices = auctionChoices(rules, hand.bidding, seat, hand.dealer);
        return reject('cannot-pass', `You must bid: at least ${choices.bids[0]}`);
      }
      return { ok: true, state: applyBidding(state, seat, null) };
    }
    case 'call-redeal': {
      if (state.phase !== 'bidding') return wrongPhase(state, action);
      if (hand.bidding.turns[seat] !== 0 || !variant.canCallRedeal(state.config, hand.hands[seat]!)) {
        return reject(
          'cannot-call-redeal',
          'A redeal may be called only on your first turn with a hopeless hand',
        );
      }
      return { ok: true, state: endHand(state, { outcome: 'redeal-called', calledBy: seat }) };
    }
    case 'discard': {
      if (state.phase !== 'discard') return wrongPhase(state, action);
      if (!isCardList(action.cards))
        return reject('malformed-action', 'Discard a list of cards such as ["9S","JD","QC"]');
      if (action.cards.length !== variant.widowDiscards) {
        return reject('wrong-card-count', `Discard exactly ${variant.widowDiscards} cards`);
      }
      if (!containsAll(hand.hands[seat]!, action.cards)) {
        return reject(
          'card-not-in-hand',
          `You can only discard cards you hold: ${notHeld(hand, seat, action.cards)}`,
        );
      }
      const rest = hand.hands[seat]!.slice();
      for (const card of action.cards) rest.splice(rest.indexOf(card), 1);
      const hands = hand.hands.slice();
      hands[seat] = rest;
      return {
        ok: true,
        state: updateState(state, {
          // Spread, not slice: the listed discard actions hold frozen arrays, which V8 slices slowly.
          hand: updateHand(hand, { hands, discards: [...action.cards] }),
          phase: 'trump',
          toAct: [seat],
        }),
      };
    }
    case 'name-trump': {
      if (state.phase !== 'trump') return wrongPhase(state, action);
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
      if (state.phase !== 'passing') return wrongPhase(state, action);
      const rules = rulesOf(state.config).passing;
      if (rules?.style !== 'toby-thomas' || seat !== hand.bidder || hand.passing!.requestedSuit !== null) {
        return reject(
          'wrong-phase',
          'Only the bidder names the suit to receive, once, before cards are passed',
        );
      }
      if (!isSuit(action.suit)) return reject('malformed-action', 'Name a suit: S, H, D or C');
      const { fromBidder, fromPartner, done } = hand.passing!;
      const passing = { requestedSuit: action.suit, fromBidder, fromPartner, done };
      return { ok: true, state: continuePassing(withHand(state, { passing })) };
    }
    case 'pass-cards': {
      if (state.phase !== 'passing') return wrongPhase(state, action);
      const rules = rulesOf(state.config).passing!;
      if (rules.style === 'toby-thomas' && hand.passing!.requestedSuit === null) {
        return reject('wrong-phase', 'The bidder must first name the suit to receive');
      }
      if (!isCardList(action.cards))
        return reject('malformed-action', 'Pass a list of cards such as ["AS","TH"]');
      if (action.cards.length !== rules.count)
        return reject('wrong-card-count', `Pass exactly ${rules.count} cards`);
      if (!containsAll(hand.hands[seat]!, action.cards)) {
        return reject(
          'card-not-in-hand',
          `You can only pass cards you hold: ${notHeld(hand, seat, action.cards)}`,
        );
      }
      if (!passMeetsRules(rules, hand, seat, action.cards)) {
        return reject('must-pass-requested-suit', 'You must pass cards of the requested suit first');
      }
      return { ok: true, state: continuePassing(recordPass(rules, state, seat, [...action.cards])) };
    }
    case 'concede': {
      if (state.phase !== 'play') return wrongPhase(state, action);
      if (!canConcedeNow(state, seat)) {
        return reject(
          'cannot-concede',
          'Only the bidder may concede, after naming trump and before the first card',
        );
      }
      return { ok: true, state: endHand(state, { outcome: 'conceded' }) };
    }
    case 'gather': {
      // Only the winner is to act in 'trick-end' (apply checked toAct).
      if (state.phase !== 'trick-end') return wrongPhase(state, action);
      return { ok: true, state: gathered(state, hand.hands, hand.trick, seat, true) };
    }
    case 'continue': {
      if (state.phase !== 'hand-end') return wrongPhase(state, action);
      // apply checked that this seat has not continued yet: toAct holds those still to.
      const waiting = state.toAct.filter((other) => other !== seat);
      if (waiting.length > 0) return { ok: true, state: updateState(state, { toAct: waiting }) };
      return { ok: true, state: nextDeal(state) };
    }
    default:
      return reject('malformed-action', `Unknown action "${String((action as { type: unknown }).type)}"`);
  }
}

function illegalCardReason(state: GameState, seat: Seat): string {
  const hand = state.hand;
  const allowed = legalCards(hand.hands[seat]!, hand.trick, hand.trump!, rulesOf(state.config).trickRule);
  return `That card may not be played: follow suit, beat the trick if you can, trump when void. Allowed: ${cardLabels(allowed)}`;
}

/** "you do not hold 9♠, 9♠" (a card named twice when a second copy is missing). */
function notHeld(hand: HandState, seat: Seat, cards: readonly Card[]): string {
  return `you do not hold ${cardLabels(cardsMissing(hand.hands[seat]!, cards))}`;
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
  const result = action.type === 'play' ? applyPlay(state, seat, action) : step(state, seat, action);
  if (!result.ok) return result;
  // Every successful step builds a new state object, so setting its version here touches
  // nothing the caller holds.
  result.state.version = state.version + 1;
  return result;
}

export { legalActions } from './actions.ts';
