/**
 * The meld-by-trump play aid: your own meld in each possible trump suit, computed in the
 * page from your own hand with the rules package's meld evaluation (what the server will
 * count once trump is named).
 */
import { type Card, evaluateMeld, type GameConfig, meldRulesFor, type Suit } from '@kibitz/rules/pinochle';
import { DISPLAY_SUITS } from '../../lib/cards.ts';

export function meldByTrump(config: GameConfig, hand: readonly Card[]): Record<Suit, number> {
  const rules = meldRulesFor(config);
  const totals = { S: 0, H: 0, D: 0, C: 0 } as Record<Suit, number>;
  for (const suit of DISPLAY_SUITS) totals[suit] = evaluateMeld([...hand], suit, rules).total;
  return totals;
}
