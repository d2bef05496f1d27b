/**
 * The games and forms the lobby offers, from the rules package's catalogue (no engines): one entry per
 * form (a Pinochle variant; Bridge for four or for three with the blind hand), with the
 * config it starts from, its seat count, its name and one-line description in the
 * catalog, and the set of house rules (one zod schema) its form shows.
 */
import { HOUSE_RULE_SCHEMAS, VARIANTS, type Variant } from '@kibitz/rules';
import { bridgeConfigSchema } from '@kibitz/rules/bridge';
import { CATALOGUE, entryById, formsAmong, gameIdOf } from '@kibitz/rules/catalogue';
import type { z } from 'zod';
import type { MessageKey } from './i18n.ts';

export const BRIDGE_ID = 'auction-bridge';

/** One schema of house rules: a Pinochle variant's, or Bridge's (both its forms share it). */
export type RuleSet = Variant | typeof BRIDGE_ID;

export const RULE_SETS: readonly RuleSet[] = [...VARIANTS, BRIDGE_ID];

/** The least a config of a rule set names: its variant, or its game. */
export function ruleSetInput(ruleSet: RuleSet): Record<string, unknown> {
  return ruleSet === BRIDGE_ID ? { game: BRIDGE_ID } : { variant: ruleSet };
}

export const RULE_SCHEMAS: Record<RuleSet, z.ZodType> = {
  ...HOUSE_RULE_SCHEMAS,
  [BRIDGE_ID]: bridgeConfigSchema,
};

export interface LobbyForm {
  /** The form's id: a Pinochle variant, `auction-bridge` or `auction-bridge-3`. */
  id: string;
  gameId: string;
  ruleSet: RuleSet;
  /** What the form fixes in the config (the variant; the game and its number of players). */
  input: Record<string, unknown>;
  seatCount: number;
  /** The form's name (`variant.*` or `game.*`) and its one-line description. */
  label: MessageKey;
  info: MessageKey;
}

function isVariant(id: string): id is Variant {
  return (VARIANTS as readonly string[]).includes(id);
}

function ruleSetOfForm(gameId: string, formId: string): RuleSet {
  if (gameId === BRIDGE_ID) return BRIDGE_ID;
  if (isVariant(formId)) return formId;
  throw new Error(`the web client has no house rules for the form "${formId}" of "${gameId}"`);
}

/** Every form of every game, in the registry's order. */
export const FORMS: readonly LobbyForm[] = formsAmong(CATALOGUE).map(({ game, form }) => ({
  id: form.id,
  gameId: game.id,
  ruleSet: ruleSetOfForm(game.id, form.id),
  input: { ...(form.input as Record<string, unknown>) },
  seatCount: form.seatCount,
  label: form.label as MessageKey,
  info: `gameInfo.${form.id}` as MessageKey,
}));

export function formById(id: string): LobbyForm | null {
  return FORMS.find((form) => form.id === id) ?? null;
}

/** The form a table's config is, as its game says (null: a game this client does not know). */
export function formOfConfig(config: unknown): LobbyForm | null {
  const gameId = gameIdOf(config);
  const game = gameId === null ? null : entryById(gameId);
  if (game === null) return null;
  const parsed = game.parseConfig(config);
  return parsed.ok ? formById(game.formOf(parsed.config).id) : null;
}

/** The house-rule set of a table's config (Pinochle's variant, or Bridge). */
export function ruleSetOfConfig(config: unknown): RuleSet | null {
  return formOfConfig(config)?.ruleSet ?? null;
}
