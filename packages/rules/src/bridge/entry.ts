/**
 * Auction Bridge as the lobby knows it (the catalogue's entry): name, forms and config,
 * without the engine.
 */
import type { GameEntry, GameForm } from '../common/types.ts';
import { type BridgeConfig, bridgeConfigSchema, parseBridgeConfig } from './config.ts';

const BRIDGE_FORMS: readonly GameForm[] = [
  { id: 'auction-bridge', input: { game: 'auction-bridge' }, seatCount: 4, label: 'game.auction-bridge' },
  {
    id: 'auction-bridge-3',
    input: { game: 'auction-bridge', players: 3 },
    seatCount: 3,
    label: 'game.auction-bridge-3',
  },
];

/** Auction Bridge: the four-person game and the three-person form with the blind hand. */
export const bridgeEntry: GameEntry<BridgeConfig> = {
  id: 'auction-bridge',
  label: 'game.auction-bridge',
  configSchema: bridgeConfigSchema,
  parseConfig: parseBridgeConfig,
  forms: BRIDGE_FORMS,
  defaultConfig: (formId = 'auction-bridge') => {
    const form = BRIDGE_FORMS.find((candidate) => candidate.id === formId);
    if (form === undefined) throw new Error(`unknown Bridge form "${formId}"`);
    const parsed = parseBridgeConfig(form.input);
    if (!parsed.ok) throw new Error(`the default config of ${formId} does not validate`);
    return parsed.config;
  },
  formOf: (config) => BRIDGE_FORMS[config.players === 4 ? 0 : 1]!,
};
