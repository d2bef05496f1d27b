/** A config's meld for callers outside the engine: bots, and the table's play aid. */
import { type Card, SUITS, type Suit } from './cards.ts';
import { rulesOf } from './compiled.ts';
import type { GameConfig } from './config.ts';
import { evaluateMeld, type MeldRules } from './meld/index.ts';

/** The meld rules a config calls for (worked out once per config object). */
export function meldRulesFor(config: GameConfig): MeldRules {
  return rulesOf(config).meld;
}

/**
 * Play aid: what `hand` would meld in each possible trump suit under the config's house
 * rules, the same evaluation the engine scores with when melds are laid. Meant for a
 * player's own hand (bidding, or naming trump after taking the widow).
 */
export function meldByTrump(config: GameConfig, hand: readonly Card[]): Record<Suit, number> {
  const rules = rulesOf(config).meld;
  const totals = { S: 0, H: 0, D: 0, C: 0 } satisfies Record<Suit, number>;
  for (const suit of SUITS) totals[suit] = evaluateMeld(hand, suit, rules).total;
  return totals;
}
