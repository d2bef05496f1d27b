import type { GameConfig, Variant } from '../config.ts';
import { doubleDeck } from './double-deck.ts';
import { threeHanded } from './three-handed.ts';
import type { VariantRules } from './variant.ts';

/** Every variant's rules: a new variant adds its file and its line here (the type insists). */
const RULES: Record<Variant, VariantRules> = {
  // The casts are safe: each variant's hooks receive only configs of its own variant.
  'auction-west': threeHanded as VariantRules,
  cutthroat: threeHanded as VariantRules,
  'double-deck': doubleDeck as VariantRules,
};

/** The rules of the config's variant. */
export function variantOf(config: GameConfig): VariantRules {
  return RULES[config.variant];
}

export type { GameEndCheck, HandEnd, PassingRules, VariantRules } from './variant.ts';
