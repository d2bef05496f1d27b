/** Bridge's house rules for the lobby's forms: one set, shared by the form for four and the one for three. */
import { bridgeConfigSchema } from '@kibitz/rules/bridge';
import type { GameRuleSets } from '../types.ts';

const BRIDGE = 'auction-bridge';

export type BridgeRuleSet = typeof BRIDGE;

export const bridgeRuleSets: GameRuleSets<BridgeRuleSet> = {
  sets: [BRIDGE],
  schemas: { [BRIDGE]: bridgeConfigSchema },
  input: () => ({ game: BRIDGE }),
  ofForm: () => BRIDGE,
};
