/**
 * view(state, viewer) is the only way state leaves the engine. A seat sees its own hand
 * and the public table; a spectator sees only the public table. Hidden things (other
 * hands, the widow before it is turned, the bidder's discards, passed cards in flight,
 * the deal's seed) are never copied into a view.
 */

import { auctionChoices } from './auction.ts';
import type { Card, Suit } from './cards.ts';
import { rulesOf } from './compiled.ts';
import type { GameConfig } from './config.ts';
import { partnerOf, trumpChoices } from './flow.ts';
import type { MeldResult } from './meld/index.ts';
import { requiredOfSuit } from './passing.ts';
import type {
  BidEntry,
  CompletedTrick,
  GameResult,
  GameState,
  HandResult,
  Phase,
  Seat,
  Stakes,
} from './state.ts';
import { legalCards, type PlayedCard } from './tricks.ts';

export type Viewer = Seat | 'spectator';

/** What the viewer is asked to do now, in a compact form a client can render. */
export type Prompt =
  | { kind: 'bid'; bids: number[]; canPass: boolean; canCallRedeal: boolean }
  | { kind: 'discard'; count: number }
  | { kind: 'name-trump'; suits: Suit[] }
  | { kind: 'request-suit' }
  | { kind: 'pass-cards'; count: number; requestedSuit: Suit | null; requiredOfSuit: number }
  | { kind: 'play'; cards: Card[]; canConcede: boolean }
  /** Paced hands: the hand is scored; answer with { type: 'continue' } when ready for the next deal. */
  | { kind: 'continue' };

export interface PassingView {
  requestedSuit: Suit | null;
  bidderHasPassed: boolean;
  partnerHasPassed: boolean;
  done: boolean;
  /** Only for the bidder or partner: the cards they gave, and (once they arrived) received. */
  gave: Card[] | null;
  received: Card[] | null;
}

export interface GameView {
  viewer: Viewer;
  config: GameConfig;
  seatCount: number;
  sideCount: number;
  version: number;
  phase: Phase;
  toAct: Seat[];
  scores: number[];
  target: number | null;
  history: HandResult[];
  stakes: Stakes | null;
  result: GameResult | null;
  deal: number;
  dealer: Seat;
  /** The viewer's own hand (null for a spectator). */
  hand: Card[] | null;
  handCounts: number[];
  /** Face up for all once the bidder turns it; null before. */
  widow: Card[] | null;
  widowCount: number;
  bids: BidEntry[];
  highBid: number | null;
  highBidder: Seat | null;
  passed: boolean[];
  bidder: Seat | null;
  bid: number | null;
  trump: Suit | null;
  /** Only the bidder sees what was buried. */
  discards: Card[] | null;
  discardCount: number;
  passing: PassingView | null;
  melds: (MeldResult | null)[];
  trick: PlayedCard[];
  leader: Seat | null;
  lastTrick: CompletedTrick | null;
  tricksWon: number[];
  /** Who takes the finished trick lying in `trick`: set only in 'trick-end' (paced hands). */
  trickWinner: Seat | null;
  /** The hand just scored (the last entry of `history`): set only in 'hand-end' and 'game-over'. */
  handResult: HandResult | null;
  prompt: Prompt | null;
}

const CONTINUE_PROMPT: Prompt = Object.freeze({ kind: 'continue' });

function promptFor(state: GameState, seat: Seat): Prompt | null {
  if (!state.toAct.includes(seat)) return null;
  const { variant } = rulesOf(state.config);
  const hand = state.hand;
  switch (state.phase) {
    case 'bidding': {
      const choices = auctionChoices(rulesOf(state.config).auction, hand.bidding, seat, hand.dealer);
      const canCallRedeal =
        hand.bidding.turns[seat] === 0 && variant.canCallRedeal(state.config, hand.hands[seat]!);
      return { kind: 'bid', bids: choices.bids, canPass: choices.canPass, canCallRedeal };
    }
    case 'discard':
      return { kind: 'discard', count: variant.widowDiscards };
    case 'trump':
      return { kind: 'name-trump', suits: trumpChoices(state) };
    case 'passing': {
      const rules = rulesOf(state.config).passing!;
      const requested = hand.passing!.requestedSuit;
      if (rules.style === 'toby-thomas' && requested === null) return { kind: 'request-suit' };
      const bound = rules.style === 'toby-thomas' && seat !== hand.bidder && requested !== null;
      return {
        kind: 'pass-cards',
        count: rules.count,
        requestedSuit: bound ? requested : null,
        requiredOfSuit: bound ? requiredOfSuit(hand.hands[seat]!, requested!, rules.count) : 0,
      };
    }
    case 'play': {
      const cards = legalCards(hand.hands[seat]!, hand.trick, hand.trump!, rulesOf(state.config).trickRule);
      const canConcede =
        rulesOf(state.config).canConcede &&
        seat === hand.bidder &&
        hand.tricks.length === 0 &&
        hand.trick.length === 0;
      return { kind: 'play', cards, canConcede };
    }
    case 'hand-end':
      return CONTINUE_PROMPT;
    // No prompt in 'trick-end': the server gathers the trick for its winner after a pause.
    default:
      return null;
  }
}

function passingView(state: GameState, viewer: Viewer): PassingView | null {
  const hand = state.hand;
  const passing = hand.passing;
  if (passing === null || hand.bidder === null) return null;
  const bidder = hand.bidder;
  const partner = partnerOf(bidder);
  const style = rulesOf(state.config).variant.cardPassing(state.config)!.style;
  let gave: Card[] | null = null;
  let received: Card[] | null = null;
  if (viewer === bidder) {
    gave = passing.fromBidder;
    // Partner-first styles hand the partner's cards over at once; simultaneous ones at the end.
    received = style !== 'simultaneous' || passing.done ? passing.fromPartner : null;
  } else if (viewer === partner) {
    gave = passing.fromPartner;
    received = passing.done ? passing.fromBidder : null;
  }
  return {
    requestedSuit: passing.requestedSuit,
    bidderHasPassed: passing.fromBidder !== null,
    partnerHasPassed: passing.fromPartner !== null,
    done: passing.done,
    gave: gave && [...gave],
    received: received && [...received],
  };
}

/**
 * The viewer's view of the table. It shares the state's arrays and objects rather than
 * copying them (states are never mutated, and copying the whole score history for every
 * viewer on every action was the server's biggest cost): treat a view as read-only.
 */
export function view(state: GameState, viewer: Viewer): GameView {
  const hand = state.hand;
  const seat = viewer === 'spectator' ? null : viewer;
  const lastTrick = hand.tricks.at(-1) ?? null;
  const tricksWon = new Array<number>(state.seatCount).fill(0);
  for (const trick of hand.tricks) tricksWon[trick.winner]!++;
  return {
    viewer,
    config: state.config,
    seatCount: state.seatCount,
    sideCount: state.sideCount,
    version: state.version,
    phase: state.phase,
    toAct: state.toAct,
    scores: state.scores,
    target: state.target,
    history: state.history,
    stakes: state.stakes,
    result: state.result,
    deal: hand.deal,
    dealer: hand.dealer,
    hand: seat === null ? null : hand.hands[seat]!,
    handCounts: hand.hands.map((cards) => cards.length),
    widow: hand.widowTurned ? hand.widow : null,
    widowCount: hand.widow.length,
    bids: hand.bidding.entries,
    highBid: hand.bidding.highBid,
    highBidder: hand.bidding.highBidder,
    passed: hand.bidding.passed,
    bidder: hand.bidder,
    bid: hand.bid,
    trump: hand.trump,
    discards: seat !== null && seat === hand.bidder && hand.discards.length > 0 ? hand.discards : null,
    discardCount: hand.discards.length,
    passing: passingView(state, viewer),
    melds: hand.melds,
    trick: hand.trick,
    leader: hand.leader,
    lastTrick,
    tricksWon,
    trickWinner: state.phase === 'trick-end' ? state.toAct[0]! : null,
    handResult:
      state.phase === 'hand-end' || state.phase === 'game-over' ? (state.history.at(-1) ?? null) : null,
    prompt: seat === null ? null : promptFor(state, seat),
  };
}
