/** Meld helpers for the bots' estimates, on the engine's own meld rules for the config. */
import {
  type Card,
  evaluateMeld,
  type GameConfig,
  meldRulesFor,
  type Suit,
  suitOf,
} from '@kibitz/rules/pinochle';

/** Meld of `hand` with `trump`, under the config's rules. */
export function meldOf(
  hand: readonly Card[],
  trump: Suit,
  config: GameConfig,
): ReturnType<typeof evaluateMeld> {
  return evaluateMeld(hand, trump, meldRulesFor(config));
}

export function countSuit(hand: readonly Card[], suit: Suit): number {
  let n = 0;
  for (const card of hand) if (suitOf(card) === suit) n++;
  return n;
}

export { hasMarriage } from '@kibitz/rules/pinochle';
