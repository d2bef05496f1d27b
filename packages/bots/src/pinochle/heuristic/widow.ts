/**
 * Everything between the auction and the first card: burying three cards after the
 * widow (three-handed), naming trump, asking for a suit and passing cards (double deck).
 */
import {
  type Action,
  type Card,
  type GameConfig,
  type GameView,
  isCounter,
  rankOf,
  SUITS,
  type Suit,
  strength,
  suitOf,
} from '@kibitz/rules/pinochle';
import { choosePass, handOf, type PromptOf, seatOf } from '../bot.ts';
import { countSuit, meldOf } from '../meld.ts';
import { counterPoints, suitValues, trickEstimate } from './estimate.ts';

/** Removes one copy of each of `cards`. */
function without(hand: readonly Card[], cards: readonly Card[]): Card[] {
  const rest = [...hand];
  for (const card of cards) rest.splice(rest.indexOf(card), 1);
  return rest;
}

/**
 * Cards not needed for the meld with `trump`, one entry per spare copy: a hand with two
 * jacks of diamonds and one pinochle has one spare jack.
 */
function spareCards(hand: readonly Card[], trump: Suit, config: GameConfig): Card[] {
  const shown = [...meldOf(hand, trump, config).shownCards];
  const spare: Card[] = [];
  for (const card of hand) {
    const index = shown.indexOf(card);
    if (index >= 0) shown.splice(index, 1);
    else spare.push(card);
  }
  return spare;
}

/**
 * How much the bot wants to bury a card (higher = sooner). Tens and kings without their
 * ace would likely fall to an opponent's ace, but buried they count for the bidder; low
 * cards of short suits make voids, so trumps can take those tricks.
 */
function buryScore(card: Card, hand: readonly Card[], trump: Suit): number {
  const suit = suitOf(card);
  const length = countSuit(hand, suit);
  if (rankOf(card) === 'A') return -20;
  const guarded = hand.includes(`A${suit}`);
  if (isCounter(card)) return guarded ? 8 : 30 - length;
  return 15 - 2 * length + (5 - strength(card)) - (suit === trump ? 100 : 0);
}

export interface DiscardPlan {
  cards: Card[];
  value: number;
}

/** The cards to bury if `trump` is to be named, and what the kept hand is then worth. */
export function planDiscard(
  hand: readonly Card[],
  trump: Suit,
  count: number,
  config: GameConfig,
): DiscardPlan {
  const spare = spareCards(hand, trump, config).filter((card) => suitOf(card) !== trump);
  const byScore = (cards: readonly Card[]): Card[] =>
    [...cards].sort((a, b) => buryScore(b, hand, trump) - buryScore(a, hand, trump));
  const chosen = byScore(spare).slice(0, count);
  if (chosen.length < count) {
    // Not enough spare side cards: give up meld cards before trumps, the weakest first.
    const rest = without(hand, chosen);
    const sideFirst = [...rest].sort(
      (a, b) => Number(suitOf(a) === trump) - Number(suitOf(b) === trump) || strength(a) - strength(b),
    );
    chosen.push(...sideFirst.slice(0, count - chosen.length));
  }
  const kept = without(hand, chosen);
  const value =
    meldOf(kept, trump, config).total + trickEstimate(kept, trump, config) + counterPoints(chosen, config);
  return { cards: chosen, value };
}

export function decideDiscard(view: GameView, prompt: PromptOf<'discard'>): Action {
  const hand = handOf(view);
  let best: DiscardPlan | null = null;
  for (const suit of SUITS) {
    const plan = planDiscard(hand, suit, prompt.count, view.config);
    if (best === null || plan.value > best.value) best = plan;
  }
  return { type: 'discard', cards: best!.cards };
}

export function decideTrump(view: GameView, prompt: PromptOf<'name-trump'>): Action {
  const best = suitValues(handOf(view), view.config, prompt.suits)[0];
  return { type: 'name-trump', suit: best?.suit ?? prompt.suits[0]! };
}

/** The suit the bidder means to name: it asks the partner for that suit (Toby Thomas). */
export function decideRequest(view: GameView): Action {
  const best = suitValues(handOf(view), view.config)[0];
  return { type: 'request-suit', suit: best?.suit ?? 'S' };
}

/**
 * Passing between bidder and partner. The partner sends what helps a trump hand (trumps,
 * aces) but keeps its own meld; the bidder sends back weak side cards it does not meld.
 */
export function decidePass(view: GameView, prompt: PromptOf<'pass-cards'>): Action {
  const hand = handOf(view);
  const isBidder = seatOf(view) === view.bidder;
  const best = suitValues(hand, view.config)[0]?.suit ?? 'S';
  // Trump is known once named or asked for; a bidder passing first plans its best suit; a
  // partner passing blind does not know it and values aces only.
  const trump: Suit | null = view.trump ?? view.passing?.requestedSuit ?? (isBidder ? best : null);
  return { type: 'pass-cards', cards: passFor(view, prompt, trump) };
}

/** The heuristic's pass if `trump` is (or is expected to be) trump; null = not known. */
export function passFor(view: GameView, prompt: PromptOf<'pass-cards'>, trump: Suit | null): Card[] {
  const hand = handOf(view);
  const isBidder = seatOf(view) === view.bidder;
  const best = suitValues(hand, view.config)[0]?.suit ?? 'S';
  const spare = new Set(spareCards(hand, trump ?? best, view.config));
  const usefulness = (card: Card): number =>
    (suitOf(card) === trump ? 40 : 0) +
    (rankOf(card) === 'A' ? 20 : 0) +
    strength(card) -
    (spare.has(card) ? 0 : 30);
  // The bidder gives the least useful cards; the partner the most useful ones.
  const order = [...hand].sort((a, b) =>
    isBidder ? usefulness(a) - usefulness(b) : usefulness(b) - usefulness(a),
  );
  return choosePass(hand, prompt, order);
}
