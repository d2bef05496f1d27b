/**
 * Determinization: one complete deal consistent with everything a seat knows, built as
 * an engine state so the rules themselves can play it out. Hidden cards are dealt at
 * random into the places the seat cannot see (other hands, the widow before it is
 * turned, the cards the bidder buried, passed cards on their way), honouring what must
 * be where (meld laid down, cards passed, the widow the bidder took up) and the suits a
 * seat has shown it is out of. Plays that would have been illegal from the sampled hand
 * (a seat that did not beat a trick it could have beaten) make a sample be drawn again.
 */
import {
  type Bidding,
  type Card,
  type CardPassing,
  type CompletedTrick,
  type GameState,
  type GameView,
  type HandState,
  legalCards,
  type PlayedCard,
  partnerOf,
  type Suit,
  suitOf,
} from '@kibitz/rules/pinochle';
import { handOf } from '../bot.ts';
import { auctionMisfits } from './bidding.ts';
import { shuffled, takeOne } from './cards.ts';
import { type Knowledge, passingStyle } from './knowledge.ts';

/** The hidden cards cannot be placed as the view says (a memory that missed tricks, or a bug). */
export class InconsistentViewError extends Error {
  override name = 'InconsistentViewError';
}

interface Slot {
  /** The seat whose hand it is, or null for cards outside any hand. */
  seat: number | null;
  room: number;
  voids: ReadonlySet<Suit>;
  cards: Card[];
}

interface Places {
  hands: Slot[];
  widow: Slot | null;
  buried: Slot | null;
  /** Cards passed by this seat, on their way (simultaneous passing). */
  inFlight: Map<number, Slot>;
}

const NO_VOIDS: ReadonlySet<Suit> = new Set();

function placesFor(view: GameView, knowledge: Knowledge): Places {
  const me = knowledge.me;
  const hands = Array.from(
    { length: view.seatCount },
    (_, seat): Slot => ({
      seat,
      room: seat === me ? 0 : view.handCounts[seat]!,
      voids: knowledge.voids[seat]!,
      cards: [],
    }),
  );
  const widow =
    view.widow === null && view.widowCount > 0
      ? { seat: null, room: view.widowCount, voids: NO_VOIDS, cards: [] }
      : null;
  const buried =
    view.bidder !== null && view.bidder !== me && view.discardCount > 0
      ? { seat: null, room: view.discardCount, voids: NO_VOIDS, cards: [] }
      : null;
  const inFlight = new Map<number, Slot>();
  const passing = view.passing;
  if (passing && !passing.done && view.bidder !== null && passingStyle(view) === 'simultaneous') {
    const count = view.config.variant === 'double-deck' ? view.config.cardPassing.count : 0;
    const bidder = view.bidder;
    if (passing.bidderHasPassed && bidder !== me) {
      inFlight.set(bidder, { seat: null, room: count, voids: NO_VOIDS, cards: [] });
    }
    if (passing.partnerHasPassed && partnerOf(bidder) !== me) {
      inFlight.set(partnerOf(bidder), { seat: null, room: count, voids: NO_VOIDS, cards: [] });
    }
  }
  return { hands, widow, buried, inFlight };
}

function put(slot: Slot, card: Card): void {
  slot.cards.push(card);
  slot.room--;
}

function weightedSlot(slots: readonly Slot[], random: () => number): Slot | null {
  let total = 0;
  for (const slot of slots) total += slot.room;
  if (total === 0) return null;
  let at = random() * total;
  for (const slot of slots) {
    at -= slot.room;
    if (at < 0) return slot;
  }
  return slots.at(-1) ?? null;
}

/** One attempt at placing every unseen card; null when it ran into a dead end. */
function deal(
  view: GameView,
  knowledge: Knowledge,
  random: () => number,
  honourVoids: boolean,
): Places | null {
  const places = placesFor(view, knowledge);
  const pool = [...knowledge.unseen];
  for (let seat = 0; seat < view.seatCount; seat++) {
    for (const card of knowledge.mustHold[seat]!) {
      const slot = places.hands[seat]!;
      if (slot.room > 0 && takeOne(pool, card)) put(slot, card);
    }
  }
  if (knowledge.bidderHoldsOrBuried.length > 0 && view.bidder !== null) {
    const bidderHand = places.hands[view.bidder]!;
    for (const card of knowledge.bidderHoldsOrBuried) {
      const options = [bidderHand, places.buried].filter(
        (slot): slot is Slot =>
          slot !== null && slot.room > 0 && (!honourVoids || !slot.voids.has(suitOf(card))),
      );
      const slot = weightedSlot(options, random);
      if (slot !== null && takeOne(pool, card)) put(slot, card);
    }
  }
  const slots = [
    ...places.hands,
    ...(places.widow ? [places.widow] : []),
    ...(places.buried ? [places.buried] : []),
    ...places.inFlight.values(),
  ].filter((slot) => slot.room > 0);
  const room = slots.reduce((sum, slot) => sum + slot.room, 0);
  if (pool.length < room) throw new InconsistentViewError('fewer unseen cards than hidden places');
  // More unseen cards than places only when tricks were missed: those cards were played.
  const cards = shuffled(pool, random).slice(0, room);
  // The most constrained cards first, so voids rarely lead into a dead end.
  const openTo = (card: Card): number =>
    slots.filter((slot) => !honourVoids || !slot.voids.has(suitOf(card))).length;
  const order = cards.map((card) => ({ card, open: openTo(card) })).sort((a, b) => a.open - b.open);
  for (const { card } of order) {
    const suit = suitOf(card);
    const options = slots.filter((slot) => slot.room > 0 && (!honourVoids || !slot.voids.has(suit)));
    const slot = weightedSlot(options, random);
    if (slot === null) return null;
    put(slot, card);
  }
  return places;
}

/** Did every seat's past play follow the rules, had it held the sampled hand? */
function playsFit(view: GameView, knowledge: Knowledge, hands: readonly Card[][]): boolean {
  const trump = view.trump;
  if (trump === null) return true;
  const rule = view.config.trickRule;
  // Walk the hand backwards: a seat's hand before a play is its hand after, plus that card.
  const held = hands.map((cards) => [...cards]);
  const tricks: readonly PlayedCard[][] = [...knowledge.tricks.map((t) => t.cards), view.trick];
  for (let t = tricks.length - 1; t >= 0; t--) {
    const trick = tricks[t]!;
    for (let i = trick.length - 1; i >= 0; i--) {
      const played = trick[i]!;
      const hand = held[played.seat]!;
      hand.push(played.card);
      if (played.seat === knowledge.me || i === 0) continue;
      if (!legalCards(hand, trick.slice(0, i), trump, rule).includes(played.card)) return false;
    }
  }
  return true;
}

/** Misfit count of a sample in which some seat's past play would have been refused. */
const BAD_PLAY = 1000;
/** Samples whose bids are judged, at most, per determinization. */
const BID_CHECKS = 3;

export interface DeterminizeOptions {
  /** Samples drawn before settling for the best-fitting one. */
  attempts: number;
  /** Prefer samples whose hands agree with the other seats' bids and passes. */
  readBids?: boolean;
}

/** A full engine state the seat could be in, given its view and what it remembers. */
export function determinize(
  view: GameView,
  knowledge: Knowledge,
  random: () => number,
  options: DeterminizeOptions,
): GameState {
  let places: Places | null = null;
  let fewest = Number.POSITIVE_INFINITY;
  let bidChecks = 0;
  const readBids = options.readBids === true && view.bids.length > 0;
  for (let attempt = 0; attempt < Math.max(1, options.attempts) && fewest > 0; attempt++) {
    const sample = deal(view, knowledge, random, true);
    if (sample === null) continue;
    const hands = sample.hands.map((slot, seat) => (seat === knowledge.me ? [...handOf(view)] : slot.cards));
    // A play the rules would have refused rules a sample out more surely than a bid.
    if (!playsFit(view, knowledge, hands)) {
      if (places === null) [places, fewest] = [sample, BAD_PLAY];
      continue;
    }
    let misfits = 0;
    if (readBids) {
      // Judging a sampled hand's bids costs a meld evaluation per suit: a few per deal only.
      if (bidChecks === BID_CHECKS) {
        if (fewest < BAD_PLAY) break;
      } else {
        bidChecks++;
        misfits = auctionMisfits(stateFrom(view, knowledge, sample), knowledge.me);
      }
    }
    if (misfits < fewest) [places, fewest] = [sample, misfits];
  }
  // Voids so tight that random placing keeps failing: place without them rather than not at all.
  places ??= deal(view, knowledge, random, false);
  if (places === null) throw new InconsistentViewError('the hidden cards could not be placed');
  return stateFrom(view, knowledge, places);
}

function biddingFrom(view: GameView): Bidding {
  const turns = new Array<number>(view.seatCount).fill(0);
  for (const entry of view.bids) turns[entry.seat]!++;
  return {
    entries: view.bids,
    highBid: view.highBid,
    highBidder: view.highBidder,
    passed: view.passed,
    turns,
  };
}

function passingFrom(view: GameView, places: Places): CardPassing | null {
  const passing = view.passing;
  if (passing === null || view.bidder === null) return null;
  const me = view.viewer;
  const bidder = view.bidder;
  const partner = partnerOf(bidder);
  // What a seat passed: its own record, the cards received from it, or the sampled ones in flight.
  const from = (seat: number, hasPassed: boolean): Card[] | null => {
    if (!hasPassed) return null;
    if (seat === me) return passing.gave ?? [];
    if ((me === bidder || me === partner) && passing.received) return passing.received;
    return places.inFlight.get(seat)?.cards ?? [];
  };
  return {
    requestedSuit: passing.requestedSuit,
    fromBidder: from(bidder, passing.bidderHasPassed),
    fromPartner: from(partner, passing.partnerHasPassed),
    done: passing.done,
  };
}

function wonFrom(seats: number, tricks: readonly CompletedTrick[]): Card[][] {
  const won: Card[][] = Array.from({ length: seats }, () => []);
  for (const trick of tricks) for (const played of trick.cards) won[trick.winner]!.push(played.card);
  return won;
}

function stateFrom(view: GameView, knowledge: Knowledge, places: Places): GameState {
  const me = knowledge.me;
  const hands = places.hands.map((slot, seat) => (seat === me ? [...handOf(view)] : slot.cards));
  const hand: HandState = {
    deal: view.deal,
    dealer: view.dealer,
    seed: `sampled:${view.deal}`,
    hands,
    widow: view.widow ?? places.widow?.cards ?? [],
    widowTurned: view.widow !== null,
    bidding: biddingFrom(view),
    bidder: view.bidder,
    bid: view.bid,
    discards: me === view.bidder ? (view.discards ?? []) : (places.buried?.cards ?? []),
    trump: view.trump,
    passing: passingFrom(view, places),
    melds: view.melds,
    trick: view.trick,
    leader: view.leader,
    tricks: knowledge.tricks,
    won: wonFrom(view.seatCount, knowledge.tricks),
  };
  return {
    config: view.config,
    seed: `sampled:${view.deal}`,
    seatCount: view.seatCount,
    sideCount: view.sideCount,
    version: view.version,
    phase: view.phase,
    toAct: view.toAct,
    scores: view.scores,
    target: view.target,
    allNegative: false,
    hand,
    history: view.history,
    stakes: view.stakes,
    result: view.result,
  };
}
