/** Trick play [002] "Spielablauf": follow suit if you can, highest trump or highest of the led suit wins. */
import { type BridgeCard, type BridgeSuit, bridgeStrength, bridgeSuitOf } from './cards.ts';
import type { BridgeStrain, PlayedBridgeCard } from './state.ts';

/** The trump suit of a contract: none in Sans-Atout and (reading 6) none in nullo. */
export function trumpOf(strain: BridgeStrain): BridgeSuit | null {
  return strain === 'NT' || strain === 'NULLO' ? null : strain;
}

/**
 * "Jede Person muss eine Karte der ausgespielten Farbe zugeben, falls sie eine besitzt; ist sie
 * in dieser Farbe blank, darf eine beliebige Karte gespielt werden, auch ein Trumpf."
 */
export function legalBridgeCards(
  hand: readonly BridgeCard[],
  trick: readonly PlayedBridgeCard[],
): BridgeCard[] {
  if (trick.length === 0) return [...hand];
  const led = bridgeSuitOf(trick[0]!.card);
  const following = hand.filter((card) => bridgeSuitOf(card) === led);
  return following.length > 0 ? following : [...hand];
}

/**
 * "Ohne gespielten Trumpf gewinnt die höchste Karte der ausgespielten Farbe; wurde Trumpf
 * gespielt, gewinnt der höchste gespielte Trumpf."
 */
export function trickWinnerIndex(trick: readonly PlayedBridgeCard[], trump: BridgeSuit | null): number {
  let best = 0;
  for (let i = 1; i < trick.length; i++) {
    const card = trick[i]!.card;
    const top = trick[best]!.card;
    const suit = bridgeSuitOf(card);
    const topSuit = bridgeSuitOf(top);
    if (suit === topSuit ? bridgeStrength(card) > bridgeStrength(top) : suit === trump) best = i;
  }
  return best;
}
