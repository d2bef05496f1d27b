/** Shuffling, cutting and dealing [002] "Vorbereitung", from the deal's own seed. */

import { createRandomFromHex, randomInt, shuffle } from '../common/random.ts';
import { BRIDGE_DECK, type BridgeCard } from './cards.ts';
import type { BridgeSeat } from './state.ts';

/**
 * "Das 52-Karten-Deck mischen; die Person rechts von der austeilenden Person hebt ab. Jeder
 * Person 13 Karten austeilen, eine nach der anderen, im Uhrzeigersinn, beginnend mit der
 * Person links von der austeilenden Person." Four hands go round the table 0, 1, 2, 3; with
 * three players hand 3 is the blind hand, dealt in the empty place between seats 2 and 0.
 * `seed` is a deal seed from dealSeed.
 */
export function dealBridge(seed: string, dealer: BridgeSeat): BridgeCard[][] {
  const random = createRandomFromHex(seed);
  const shuffled = shuffle(BRIDGE_DECK, random);
  const cut = 1 + randomInt(random, shuffled.length - 1);
  const hands: BridgeCard[][] = [[], [], [], []];
  for (let i = 0; i < shuffled.length; i++) {
    hands[(dealer + 1 + i) % 4]!.push(shuffled[(cut + i) % shuffled.length]!);
  }
  return hands;
}
