/** Pinochle's house-rule sets for the lobby's forms: one per variant, each with its own zod schema. */
import { HOUSE_RULE_SCHEMAS, VARIANTS, type Variant } from '@kibitz/rules/pinochle';
import type { GameRuleSets } from '../types.ts';

export type PinochleRuleSet = Variant;

export const pinochleRuleSets: GameRuleSets<PinochleRuleSet> = {
  sets: VARIANTS,
  schemas: HOUSE_RULE_SCHEMAS,
  input: (variant) => ({ variant }),
  ofForm: (formId) => VARIANTS.find((variant) => variant === formId) ?? null,
};
