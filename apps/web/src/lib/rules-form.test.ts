import { tableSettingsSchema } from '@kibitz/protocol';
import { gameById, parseGameConfig } from '@kibitz/rules';
import { defaultConfig, parseConfig, TABLE_OPTIONS, VARIANTS } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { FORMS, RULE_SETS } from '../games/forms.ts';
import { LOCALES } from './i18n.ts';
import { hasOwnText, ruleHelp, ruleLabel } from './rule-labels.ts';
import {
  defaultsOf,
  type Field,
  fieldOf,
  fieldsOf,
  NOT_HOUSE_RULES,
  ruleFields,
  settingsFields,
  switchVariant,
  valuesFrom,
  walkFields as walk,
} from './rules-form.ts';

function find(fields: readonly Field[], path: string): Field {
  const field = walk(fields).find((candidate) => candidate.path === path);
  if (!field) throw new Error(`no field ${path}`);
  return field;
}

describe('house-rules form from the schema', () => {
  it.each(VARIANTS)('%s: the form defaults are exactly the sheet’s rules', (variant) => {
    const values = defaultsOf(ruleFields(variant));
    const parsed = parseConfig({ variant, ...values });
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.config).toEqual(defaultConfig(variant));
    // Every option of the config is in the form.
    expect(Object.keys(values).sort()).toEqual(
      Object.keys(defaultConfig(variant))
        .filter((key) => !NOT_HOUSE_RULES.includes(key))
        .sort(),
    );
    expect(values).not.toHaveProperty('paced');
  });

  it.each(FORMS.map((form) => [form.id, form] as const))(
    '%s: the form’s defaults with what the form fixes are exactly the game’s default config',
    (_, form) => {
      const values = defaultsOf(ruleFields(form.ruleSet));
      const parsed = parseGameConfig({ ...values, ...form.input });
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(parsed.config).toEqual(gameById(form.gameId)!.defaultConfig(form.id));
    },
  );

  it('never shows `paced` (the server sets it for every new game; it is not a house rule)', () => {
    for (const variant of VARIANTS)
      expect(ruleFields(variant).map((field) => field.key)).not.toContain('paced');
    expect(TABLE_OPTIONS).toContain('paced');
    for (const option of TABLE_OPTIONS) expect(NOT_HOUSE_RULES).toContain(option);
    // The host's edit form starts from the table's rules but never carries `paced` back.
    const fromTable = valuesFrom(ruleFields('cutthroat'), { ...defaultConfig('cutthroat'), paced: true });
    expect(fromTable).not.toHaveProperty('paced');
    const withPaced = fieldsOf(
      {
        properties: {
          variant: { const: 'cutthroat' },
          paced: { type: 'boolean', default: false },
          minimumBid: { type: 'integer', default: 250 },
        },
      },
      NOT_HOUSE_RULES,
    );
    expect(withPaced.map((field) => field.key)).toEqual(['minimumBid']);
  });

  it.each(RULE_SETS)(
    '%s: every option has a label, a one-line help and named choices in both languages',
    (variant) => {
      for (const field of walk(ruleFields(variant))) {
        for (const locale of LOCALES) {
          const own = hasOwnText(locale, variant, field);
          expect(own.label, `${locale} label of ${field.path}`).toBe(true);
          expect(own.help, `${locale} help of ${field.path}`).toBe(true);
          expect(own.choices, `${locale} choice names of ${field.path}`).toBe(true);
          expect(ruleHelp(locale, variant, field)).toBeTruthy();
        }
      }
    },
  );

  it('has labels and help for the table settings, whose defaults match the protocol', () => {
    const fields = settingsFields();
    // All but the trick pause's override (tests, the bench, the API): the page sets the pace.
    const { trickPauseMs, ...shown } = tableSettingsSchema.parse({});
    expect(trickPauseMs).toBeNull();
    expect(defaultsOf(fields)).toEqual(shown);
    expect(tableSettingsSchema.parse(defaultsOf(fields))).toEqual(tableSettingsSchema.parse({}));
    for (const field of fields) {
      for (const locale of LOCALES)
        expect(hasOwnText(locale, null, field)).toEqual({ label: true, help: true, choices: true });
    }
  });

  it('reads every kind of option from the JSON Schema', () => {
    const three = ruleFields('cutthroat');
    expect(find(three, 'minimumBid')).toMatchObject({
      kind: 'integer',
      min: 0,
      max: 1000,
      step: 10,
      default: 250,
    });
    expect(find(three, 'negativeFloor')).toMatchObject({
      kind: 'integer',
      nullable: true,
      default: null,
      max: -10,
      min: null,
    });
    expect(find(three, 'trickRule')).toMatchObject({
      kind: 'choice',
      options: ['strict', 'east'],
      default: 'strict',
    });
    expect(find(three, 'allowConcede')).toMatchObject({ kind: 'boolean', default: true });
    expect(find(three, 'target')).toMatchObject({
      kind: 'union',
      tag: 'kind',
      default: { kind: 'score', points: 1500 },
    });
    expect(find(three, 'stakes')).toMatchObject({ kind: 'union', tag: 'mode' });
    expect(find(three, 'target').description).toMatch(/target score/);
    const double = ruleFields('double-deck');
    expect(find(double, 'biddingRounds')).toMatchObject({ kind: 'choice', options: ['unlimited', 1, 2] });
    expect(find(double, 'bidIncrements')).toMatchObject({ kind: 'list', minItems: 1, maxItems: 5 });
    expect(find(double, 'cardPassing')).toMatchObject({ kind: 'group' });
    expect(find(double, 'cardPassing.count')).toMatchObject({ kind: 'integer', min: 0, max: 4, default: 0 });
    expect(fieldOf('x', { type: 'string' })).toBeNull();
  });

  it('switches a union to another alternative with that alternative’s defaults', () => {
    const target = find(ruleFields('auction-west'), 'target');
    if (target.kind !== 'union') throw new Error('union expected');
    const rounds = switchVariant(target, 'rounds', { kind: 'score', points: 1000 });
    expect(rounds).toEqual({ kind: 'rounds', rounds: 1 });
    expect(parseConfig({ variant: 'auction-west', target: rounds }).ok).toBe(true);
    expect(switchVariant(target, 'score', rounds)).toEqual({ kind: 'score', points: 1500 });
    const stakes = find(ruleFields('auction-west'), 'stakes');
    if (stakes.kind !== 'union') throw new Error('union expected');
    expect(switchVariant(stakes, 'ledger', { mode: 'off' })).toEqual({
      mode: 'ledger',
      unit: 1,
      gameUnits: 2,
    });
  });

  it('starts the host’s edit form from the table’s rules', () => {
    const values = valuesFrom(ruleFields('cutthroat'), { variant: 'cutthroat', minimumBid: 300, bogus: 1 });
    expect(values.minimumBid).toBe(300);
    expect(values.maximumBid).toBe(2000);
    expect('bogus' in values).toBe(false);
  });

  it('labels options in both languages, falling back to the key in words', () => {
    expect(ruleLabel('en', 'minimumBid')).toBe('Minimum bid');
    expect(ruleLabel('de', 'minimumBid')).toBe('Mindestgebot');
    expect(ruleLabel('de', 'someNewOption')).toBe('Some new option');
    expect(ruleLabel('en', 'settings.trickPauseMs')).toBe('Pause after each trick (seconds)');
    expect(ruleLabel('de', 'settings.trickPauseMs')).toBe('Pause nach jedem Stich (Sekunden)');
  });
});
