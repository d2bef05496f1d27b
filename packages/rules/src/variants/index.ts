import type { GameConfig } from '../config.ts';
import { doubleDeck } from './double-deck.ts';
import { threeHanded } from './three-handed.ts';
import type { VariantRules } from './variant.ts';

/** The rules of the config's variant. */
export function variantOf(config: GameConfig): VariantRules {
  // The casts are safe: each variant's hooks receive only configs of its own variant.
  return (config.variant === 'double-deck' ? doubleDeck : threeHanded) as VariantRules;
}

export type { GameEndCheck, HandEnd, PassingRules, VariantRules } from './variant.ts';
