/** Shuffling, cutting and dealing as the sheets describe, from the deal's own seed. */

import { createRandomFromHex, randomInt, shuffle } from '../common/random.ts';
import { buildDeck, type Card, type DeckKind } from './cards.ts';
import type { Seat } from './state.ts';

export interface DealPlan {
  deck: DeckKind;
  seatCount: number;
  /** Cards given to each seat per pass around the table, in order. */
  packets: readonly number[];
  /** Widow cards laid aside after the given pass (index into packets). */
  widow: { afterPass: number; size: number } | null;
}

/**
 * [000] "verteilt beginnend mit Vorhand jedem 5 mal 3 = 15 Karten. Nach der ersten Geberunde
 * kommen drei Karten verdeckt auf die Tischmitte".
 */
export const THREE_HANDED_DEAL: DealPlan = {
  deck: 'single',
  seatCount: 3,
  packets: [3, 3, 3, 3, 3],
  widow: { afterPass: 0, size: 3 },
};

/** [004] "immer vier Karten auf einmal oder immer fünf ... oder anfangs zwei Karten ... danach immer drei". */
export function doubleDeckDeal(packet: '4' | '5' | '2-then-3'): DealPlan {
  const packets = packet === '4' ? [4, 4, 4, 4, 4] : packet === '5' ? [5, 5, 5, 5] : [2, 3, 3, 3, 3, 3, 3];
  return { deck: 'double', seatCount: 4, packets, widow: null };
}

const SINGLE_DECK = Object.freeze(buildDeck('single'));
const DOUBLE_DECK = Object.freeze(buildDeck('double'));

export interface Dealt {
  hands: Card[][];
  widow: Card[];
}

/**
 * Shuffles, lets the player right of the dealer cut, and deals from forehand clockwise.
 * `seed` is a deal seed from dealSeed (or any string, which is hashed first).
 */
export function dealCards(plan: DealPlan, seed: string, dealer: Seat): Dealt {
  const random = createRandomFromHex(seed);
  const shuffled = shuffle(plan.deck === 'single' ? SINGLE_DECK : DOUBLE_DECK, random);
  const total = shuffled.length;
  const cut = 1 + randomInt(random, total - 1);
  // Dealt straight from `shuffled`, starting at the cut, instead of copying the cut deck.
  const seats = plan.seatCount;
  const hands: Card[][] = [];
  for (let seat = 0; seat < seats; seat++) hands.push([]);
  const widow: Card[] = [];
  let next = 0;
  const packets = plan.packets;
  let at = cut; // index into `shuffled` of card `next`
  for (let pass = 0; pass < packets.length; pass++) {
    const size = packets[pass]!;
    for (let i = 0; i < seats; i++) {
      const hand = hands[(dealer + 1 + i) % seats]!;
      for (let end = next + size; next < end; next++) {
        hand.push(shuffled[at]!);
        if (++at === total) at = 0;
      }
    }
    if (plan.widow && plan.widow.afterPass === pass) {
      for (let end = next + plan.widow.size; next < end; next++) {
        widow.push(shuffled[at]!);
        if (++at === total) at = 0;
      }
    }
  }
  if (next !== total) throw new Error(`deal plan leaves ${total - next} cards undealt`);
  return { hands, widow };
}
