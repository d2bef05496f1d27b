/**
 * What a seat knows about the hidden cards, worked out from its view and its memory:
 * the cards still unseen, the cards each other seat must still hold (meld laid down,
 * cards passed to it, the widow the bidder took up), and the suits each seat has shown
 * it is out of (it did not follow, or neither followed nor trumped).
 */
import {
  type Card,
  type CompletedTrick,
  type GameView,
  type PlayedCard,
  partnerOf,
  type Suit,
  suitOf,
} from '@kibitz/rules/pinochle';
import { handOf, seatOf } from '../bot.ts';
import { deckOf, minus, union } from './cards.ts';
import type { BotMemory } from './memory.ts';

export interface Knowledge {
  me: number;
  /** Completed tricks the seat saw, in order (a trick no view showed is missing). */
  tricks: CompletedTrick[];
  /** True when every completed trick is known. */
  allTricksKnown: boolean;
  /** Cards each seat has played this hand, as far as seen (completed tricks and the current one). */
  playedBy: Card[][];
  /** Suits each seat is known to be out of. */
  voids: Set<Suit>[];
  /** Cards each other seat must still hold in its hand. */
  mustHold: Card[][];
  /** Cards the other bidder must hold in its hand or have buried (the widow it took up). */
  bidderHoldsOrBuried: Card[];
  /** Cards nobody has shown: what the hidden hands, widow, buried cards and passes are made of. */
  unseen: Card[];
}

function noteVoids(trick: readonly PlayedCard[], trump: Suit | null, voids: Set<Suit>[]): void {
  const led = trick[0];
  if (led === undefined || trump === null) return;
  const ledSuit = suitOf(led.card);
  for (const played of trick.slice(1)) {
    const suit = suitOf(played.card);
    if (suit === ledSuit) continue;
    voids[played.seat]!.add(ledSuit);
    // Out of the led suit, a seat must trump if it can.
    if (suit !== trump) voids[played.seat]!.add(trump);
  }
}

/** How the double deck passes cards, or null when it does not (or the game is three-handed). */
export function passingStyle(view: GameView): 'simultaneous' | 'partner-first' | 'toby-thomas' | null {
  const config = view.config;
  if (config.variant !== 'double-deck' || config.cardPassing.count === 0) return null;
  return config.cardPassing.style;
}

export function knowledgeOf(view: GameView, memory: BotMemory): Knowledge {
  const me = seatOf(view);
  const seats = view.seatCount;
  const completed = view.tricksWon.reduce((sum, n) => sum + n, 0);
  const remembered = memory.seat === me && memory.deal === view.deal ? memory.tricks : [];
  const tricks: CompletedTrick[] = [];
  for (let i = 0; i < completed; i++) {
    const trick = remembered[i] ?? (i === completed - 1 ? view.lastTrick : null);
    if (trick) tricks.push(trick);
  }
  const playedBy: Card[][] = Array.from({ length: seats }, () => []);
  const voids: Set<Suit>[] = Array.from({ length: seats }, () => new Set<Suit>());
  for (const trick of [...tricks.map((t) => t.cards), view.trick]) {
    for (const played of trick) playedBy[played.seat]!.push(played.card);
    noteVoids(trick, view.trump, voids);
  }

  const hand = handOf(view);
  const mustHold: Card[][] = Array.from({ length: seats }, () => []);
  for (let seat = 0; seat < seats; seat++) {
    if (seat === me) continue;
    // Meld is laid down before the first lead: its cards are in hand unless played since.
    const meld = view.melds[seat]?.shownCards ?? [];
    mustHold[seat] = minus(meld, playedBy[seat]!);
  }
  const passing = view.passing;
  const inFlight = passing?.gave != null && !passing.done && passingStyle(view) === 'simultaneous';
  if (passing?.gave && !inFlight && view.bidder !== null && seats === 4) {
    // The cards this seat passed are in the other's hand now, unless played since.
    const other = me === view.bidder ? partnerOf(me) : view.bidder;
    mustHold[other] = union(mustHold[other]!, minus(passing.gave, playedBy[other]!));
  }
  let bidderHoldsOrBuried: Card[] = [];
  if (view.widow !== null && view.bidder !== null && view.bidder !== me) {
    const bidder = view.bidder;
    bidderHoldsOrBuried = minus(minus(view.widow, playedBy[bidder]!), mustHold[bidder]!);
  }

  let unseen = minus(deckOf(view.config), hand);
  for (const cards of playedBy) unseen = minus(unseen, cards);
  if (me === view.bidder && view.discards) unseen = minus(unseen, view.discards);
  // Passed together and unseen: this seat's cards are on their way, in nobody's hand yet.
  if (inFlight && passing?.gave) unseen = minus(unseen, passing.gave);
  return {
    me,
    tricks,
    allTricksKnown: tricks.length === completed,
    playedBy,
    voids,
    mustHold,
    bidderHoldsOrBuried,
    unseen,
  };
}
