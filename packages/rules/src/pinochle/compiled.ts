/**
 * A config's rules worked out once: the variant's hooks applied to the config and kept
 * per config object, so the hot path (every apply and legalActions) allocates nothing
 * to learn them again.
 */
import type { AuctionRules } from './auction.ts';
import type { GameConfig } from './config.ts';
import type { MeldRules } from './meld/index.ts';
import type { TrickRule } from './tricks.ts';
import { type PassingRules, type VariantRules, variantOf } from './variants/index.ts';

export interface CompiledRules {
  variant: VariantRules;
  auction: AuctionRules;
  meld: MeldRules;
  trickRule: TrickRule;
  passing: PassingRules | null;
  marriageCheck: 'at-naming' | 'after-passing' | 'never';
  canConcede: boolean;
}

const cache = new WeakMap<GameConfig, CompiledRules>();

/** The last config asked about: a game asks about its own config several times a move. */
let lastConfig: GameConfig | null = null;
let lastRules: CompiledRules | null = null;

export function rulesOf(config: GameConfig): CompiledRules {
  if (config === lastConfig && lastRules !== null) return lastRules;
  let compiled = cache.get(config);
  if (compiled === undefined) {
    const variant = variantOf(config);
    compiled = {
      variant,
      auction: variant.auction(config),
      meld: variant.meldRules(config),
      trickRule: variant.trickRule(config),
      passing: variant.cardPassing(config),
      marriageCheck: variant.marriageCheck(config),
      canConcede: variant.canConcede(config),
    };
    cache.set(config, compiled);
  }
  lastConfig = config;
  lastRules = compiled;
  return compiled;
}
