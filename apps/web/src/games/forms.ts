/**
 * The lobby's half of the web registry: the games and forms the lobby offers, from the rules
 * package's catalogue (no engines), one entry per form with the config it starts from, its
 * seat count, its name and one-line description in the catalog, and the set of house rules
 * (one zod schema) its form shows, from each game's `GameRuleSets` (games/<game>/rule-sets.ts;
 * forms.test.ts checks every game of the rules registry has them).
 */
import { CATALOGUE, entryById, formsAmong, gameIdOf } from '@kibitz/rules/catalogue';
import type { z } from 'zod';
import type { MessageKey } from '../lib/i18n.ts';
import { type BridgeRuleSet, bridgeRuleSets } from './bridge/rule-sets.ts';
import { type PinochleRuleSet, pinochleRuleSets } from './pinochle/rule-sets.ts';

/** One schema of house rules: a form's, or one shared by a game's forms. */
export type RuleSet = PinochleRuleSet | BridgeRuleSet;

interface RuleSetsOfGame {
  sets: readonly RuleSet[];
  input(set: string): Record<string, unknown>;
  ofForm(formId: string): RuleSet | null;
}

/** Each game's rule sets by its id (forms.test.ts checks every game of the rules registry has them). */
export const RULE_SETS_OF: Readonly<Record<string, RuleSetsOfGame>> = {
  pinochle: pinochleRuleSets,
  'auction-bridge': bridgeRuleSets,
};

export const RULE_SETS: readonly RuleSet[] = Object.values(RULE_SETS_OF).flatMap((game) => game.sets);

export const RULE_SCHEMAS: Record<RuleSet, z.ZodType> = {
  ...pinochleRuleSets.schemas,
  ...bridgeRuleSets.schemas,
};

/** The least a config of a rule set names (its variant, or its game). */
export function ruleSetInput(ruleSet: RuleSet): Record<string, unknown> {
  const game = Object.values(RULE_SETS_OF).find((candidate) => candidate.sets.includes(ruleSet));
  if (game === undefined) throw new Error(`no game has the rule set "${ruleSet}"`);
  return game.input(ruleSet);
}

export interface LobbyForm {
  /** The form's id, unique across games. */
  id: string;
  gameId: string;
  ruleSet: RuleSet;
  /** What the form fixes in the config. */
  input: Record<string, unknown>;
  seatCount: number;
  /** The form's name (`variant.*` or `game.*`) and its one-line description. */
  label: MessageKey;
  info: MessageKey;
}

function ruleSetOfForm(gameId: string, formId: string): RuleSet {
  const set = RULE_SETS_OF[gameId]?.ofForm(formId) ?? null;
  if (set === null)
    throw new Error(`the web client has no house rules for the form "${formId}" of "${gameId}"`);
  return set;
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

/** The form the lobby's create-table form starts on. */
export const FIRST_FORM: LobbyForm = formById('cutthroat') ?? FORMS[0]!;

/** The form a table's config is, as its game says (null: a game this client does not know). */
export function formOfConfig(config: unknown): LobbyForm | null {
  const gameId = gameIdOf(config);
  const game = gameId === null ? null : entryById(gameId);
  if (game === null) return null;
  const parsed = game.parseConfig(config);
  return parsed.ok ? formById(game.formOf(parsed.config).id) : null;
}

/** The house-rule set of a table's config. */
export function ruleSetOfConfig(config: unknown): RuleSet | null {
  return formOfConfig(config)?.ruleSet ?? null;
}
