/** Shuffling, cutting and dealing as the sheets describe, from the deal's own seed. */
import { buildDeck, type Card, type DeckKind } from './cards.ts';
import { createRandomFromHex, randomInt, shuffle } from './random.ts';
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
  const cut = 1 + randomInt(random, shuffled.length - 1);
  const deck = [...shuffled.slice(cut), ...shuffled.slice(0, cut)];
  const hands: Card[][] = Array.from({ length: plan.seatCount }, () => []);
  const widow: Card[] = [];
  let next = 0;
  plan.packets.forEach((size, pass) => {
    for (let i = 0; i < plan.seatCount; i++) {
      const seat = (dealer + 1 + i) % plan.seatCount;
      hands[seat]!.push(...deck.slice(next, next + size));
      next += size;
    }
    if (plan.widow && plan.widow.afterPass === pass) {
      widow.push(...deck.slice(next, next + plan.widow.size));
      next += plan.widow.size;
    }
  });
  if (next !== deck.length) throw new Error(`deal plan leaves ${deck.length - next} cards undealt`);
  return { hands, widow };
}
