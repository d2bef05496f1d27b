/**
 * The Pinochle family as the lobby knows it (the catalogue's entry): name, forms and
 * config, without the engine.
 */
import type { GameEntry, GameForm } from '../common/types.ts';
import {
  defaultConfig,
  type GameConfig,
  gameConfigSchema,
  parseConfig,
  VARIANTS,
  type Variant,
} from './config.ts';
import { variantOf } from './variants/index.ts';

const PINOCHLE_FORMS: readonly GameForm[] = VARIANTS.map((variant) => ({
  id: variant,
  input: { variant },
  seatCount: variantOf(defaultConfig(variant)).seatCount,
  label: `variant.${variant}`,
}));

function isVariant(id: string): id is Variant {
  return (VARIANTS as readonly string[]).includes(id);
}

/** The Pinochle family: one game with a form per variant. */
export const pinochleEntry: GameEntry<GameConfig> = {
  id: 'pinochle',
  label: 'game.pinochle',
  configSchema: gameConfigSchema,
  parseConfig,
  forms: PINOCHLE_FORMS,
  defaultConfig: (formId = VARIANTS[0]!) => {
    if (!isVariant(formId))
      throw new Error(`unknown Pinochle form "${formId}": one of ${VARIANTS.join(', ')}`);
    return defaultConfig(formId);
  },
  formOf: (config) => PINOCHLE_FORMS.find((form) => form.id === config.variant)!,
};
