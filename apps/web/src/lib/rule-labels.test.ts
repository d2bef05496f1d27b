import { tableSettingsSchema } from '@kibitz/protocol';
import { parseGameConfig } from '@kibitz/rules';
import { type ConfigError, parseConfig, VARIANTS, type Variant } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RULE_SETS, type RuleSet, ruleSetInput } from '../games/forms.ts';
import { LOCALES, translate } from './i18n.ts';
import { configErrorText } from './rule-errors.ts';
import {
  choiceLabel,
  defaultText,
  ruleGroups,
  ruleHelp,
  ruleLabel,
  ruleSource,
  valueText,
} from './rule-labels.ts';
import {
  type Field,
  fieldsOf,
  type JsonSchema,
  ruleFields,
  settingsFields,
  walkFields,
} from './rules-form.ts';

type Json = Record<string, unknown>;

/** The value at a dotted path of an object ("cardPassing.count"). */
function at(object: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Json | undefined)?.[key], object);
}

/**
 * What the rules package itself takes as the default of `field` (a nested option of a
 * union alternative: with that alternative chosen and nothing else given).
 */
function packageDefault(variant: RuleSet, field: Field, top: Field): unknown {
  let input: Json = ruleSetInput(variant);
  if (top.kind === 'union' && top !== field) {
    const alternative = top.variants.find((option) =>
      option.fields.some((inner) => inner.path === field.path),
    );
    input = { ...input, [top.key]: { [top.tag]: alternative!.tag } };
  }
  const parsed = parseGameConfig(input);
  if (!parsed.ok) throw new Error(`${variant}: ${field.path}: ${JSON.stringify(parsed.errors)}`);
  return at(parsed.config, field.path);
}

/** Every text the form can show for a variant, in one language. */
function everyText(
  locale: (typeof LOCALES)[number],
  variant: RuleSet | null,
  fields: readonly Field[],
): string[] {
  const texts: string[] = [];
  for (const field of walkFields(fields)) {
    texts.push(ruleLabel(locale, field.path, variant), ruleHelp(locale, variant, field) ?? '');
    if (variant !== null) texts.push(ruleSource(locale, variant, field) ?? '');
    texts.push(defaultText(locale, variant, field) ?? '');
    if (field.kind === 'choice')
      texts.push(...field.options.map((value) => choiceLabel(locale, variant, field, value)));
    if (field.kind === 'union') {
      texts.push(ruleLabel(locale, `${field.path}.${field.tag}`, variant));
      texts.push(...field.variants.map((option) => choiceLabel(locale, variant, field, option.tag)));
    }
  }
  return texts;
}

/** The schema's own names: option keys and hyphenated choice values ("last-takes-minimum"). */
function internalNames(fields: readonly Field[]): string[] {
  const names = new Set<string>();
  for (const field of walkFields(fields)) {
    if (/[A-Z]/.test(field.key)) names.add(field.key);
    if (field.kind === 'choice') {
      for (const value of field.options)
        if (typeof value === 'string' && value.includes('-')) names.add(value);
    }
    if (field.kind === 'union')
      for (const option of field.variants) if (option.tag.includes('-')) names.add(option.tag);
  }
  return [...names];
}

describe('house-rule defaults as the form shows them', () => {
  it.each(RULE_SETS)('%s: every shown default is the rules package’s parseConfig default', (variant) => {
    const fields = ruleFields(variant);
    let shown = 0;
    for (const top of fields) {
      for (const field of walkFields([top])) {
        const text = defaultText('en', variant, field);
        if (text === null) continue;
        shown++;
        const truth = packageDefault(variant, field, top);
        expect(field.default, field.path).toEqual(truth);
        // A union shows its alternative's name (its parts show their own defaults).
        const words = (locale: 'en' | 'de') =>
          field.kind === 'union'
            ? choiceLabel(locale, variant, field, String((truth as Json)[field.tag]))
            : valueText(locale, variant, field, truth);
        expect(text, field.path).toBe(`default: ${words('en')}`);
        expect(defaultText('de', variant, field), field.path).toBe(`Standard: ${words('de')}`);
      }
    }
    // Every option shows a default but a group, whose parts each show theirs.
    const groups = fields.filter((field) => field.kind === 'group').length;
    expect(shown).toBeGreaterThanOrEqual(fields.length - groups);
  });

  it('shows no made-up default where the schema has none (a bid step row, the number of rounds)', () => {
    const steps = walkFields(ruleFields('double-deck')).filter((field) =>
      field.path.startsWith('bidIncrements.'),
    );
    expect(steps.map((field) => field.path)).toEqual(['bidIncrements.from', 'bidIncrements.step']);
    for (const field of steps) expect(defaultText('en', 'double-deck', field)).toBeNull();
    const rounds = walkFields(ruleFields('cutthroat')).find((field) => field.path === 'target.rounds')!;
    expect(defaultText('en', 'cutthroat', rounds)).toBeNull();
    // The list itself shows the sheet's steps: +1 up to 60, then multiples of 5 [004].
    const list = ruleFields('double-deck').find((field) => field.path === 'bidIncrements')!;
    expect(defaultText('en', 'double-deck', list)).toBe('default: from 50 up by 1, from 60 up by 5');
    expect(defaultText('de', 'double-deck', list)).toBe('Standard: ab 50 um 1, ab 60 um 5');
  });

  it('reads the variants’ own defaults in words', () => {
    const pick = (variant: Variant, path: string) =>
      ruleFields(variant).find((field) => field.path === path)!;
    expect(defaultText('en', 'cutthroat', pick('cutthroat', 'setPenalty'))).toBe('default: Twice the bid');
    expect(defaultText('en', 'auction-west', pick('auction-west', 'setPenalty'))).toBe('default: The bid');
    expect(defaultText('de', 'cutthroat', pick('cutthroat', 'afterTwoPasses'))).toBe(
      'Standard: Der Geber darf nur das Mindestgebot übernehmen, oder passen',
    );
    expect(defaultText('en', 'auction-west', pick('auction-west', 'target'))).toBe(
      'default: At a target score',
    );
    const target = pick('auction-west', 'target');
    expect(valueText('en', 'auction-west', target, { kind: 'score', points: 1000 })).toBe(
      'At a target score: 1000',
    );
    expect(defaultText('de', 'auction-west', pick('auction-west', 'negativeFloor'))).toBe('Standard: aus');
    const passing = pick('double-deck', 'cardPassing');
    expect(defaultText('en', 'double-deck', passing)).toBeNull();
    expect(valueText('de', 'double-deck', passing, passing.default)).toBe('aus');
    expect(
      valueText('en', 'double-deck', passing, { count: 2, style: 'partner-first', timing: 'after-trump' }),
    ).toBe(
      'Cards passed: 2, How they pass: The partner first, then the bidder, When they pass: After trump is named',
    );
  });
});

describe('Bridge house rules in words', () => {
  const pick = (path: string) => ruleFields('auction-bridge').find((field) => field.path === path)!;

  it('offers every option of the Bridge schema but the form’s own (game, players) and the pacing', () => {
    expect(ruleFields('auction-bridge').map((field) => field.key)).toEqual([
      'royalAuction',
      'royalNoTrumpValue',
      'nullo',
      'nulloTrickValue',
      'handLimit',
      'fourHonours',
    ]);
  });

  it('reads the sheet’s defaults and the variations in plain words', () => {
    expect(defaultText('en', 'auction-bridge', pick('handLimit'))).toBe(
      'default: a full rubber (the first side to win two games)',
    );
    expect(defaultText('de', 'auction-bridge', pick('handLimit'))).toBe(
      'Standard: ein vollständiger Rubber (bis eine Seite 2 Spiele gewinnt)',
    );
    expect(valueText('en', 'auction-bridge', pick('handLimit'), 8)).toBe('8');
    expect(defaultText('en', 'auction-bridge', pick('fourHonours'))).toBe(
      'default: Ace, king, queen and jack',
    );
    expect(valueText('de', 'auction-bridge', pick('fourHonours'), 'any-four')).toBe(
      'Beliebige vier der fünf Ehren',
    );
    expect(defaultText('de', 'auction-bridge', pick('royalNoTrumpValue'))).toBe('Standard: 12');
    expect(ruleLabel('de', 'nullo', 'auction-bridge')).toBe('Nullo-Ansagen');
  });

  it('keeps every Bridge option in view (no empty “More rules”)', () => {
    const { common, advanced } = ruleGroups('auction-bridge', ruleFields('auction-bridge'));
    expect(common).toHaveLength(6);
    expect(advanced).toHaveLength(0);
  });
});

describe('house-rule words', () => {
  it.each(RULE_SETS)(
    '%s: no internal name and no bracket reference anywhere, in either language',
    (variant) => {
      const fields = ruleFields(variant);
      const names = internalNames(fields);
      expect(names).toContain(variant === 'auction-bridge' ? 'royalAuction' : 'trickRule');
      for (const locale of LOCALES) {
        for (const text of everyText(locale, variant, fields)) {
          for (const name of names) expect(text, `${locale}: "${text}"`).not.toContain(name);
          expect(text).not.toMatch(/\[\d{3}\]/);
        }
      }
    },
  );

  it('has German words that differ from the English ones', () => {
    let same = 0;
    let all = 0;
    for (const variant of RULE_SETS) {
      const en = everyText('en', variant, ruleFields(variant));
      const de = everyText('de', variant, ruleFields(variant));
      for (let i = 0; i < en.length; i++) {
        if (en[i] === '' || /^[\d ,+=]+$/.test(en[i]!)) continue;
        all++;
        if (en[i] === de[i]) same++;
      }
    }
    expect(all).toBeGreaterThan(100);
    expect(same, 'German texts identical to the English').toBe(0);
  });

  it('names the Bridge sheet for every Bridge house rule', () => {
    for (const field of ruleFields('auction-bridge')) {
      expect(ruleSource('en', 'auction-bridge', field), field.path).toBe(
        'From: Auction Bridge rules (its variations)',
      );
      expect(ruleSource('de', 'auction-bridge', field), field.path).toBe(
        'Aus: Regelblatt Auction-Bridge (Varianten)',
      );
    }
  });

  it.each(VARIANTS)('%s: every house rule names the sheet it comes from, readably', (variant) => {
    for (const field of ruleFields(variant)) {
      const en = ruleSource('en', variant, field);
      expect(en, field.path).toMatch(
        /^From: (Auction Pinochle rules \(West\)|Cutthroat rules|Double Deck rules|Kibitz \(not on the rule sheets\))( and .+)?$/,
      );
      expect(ruleSource('de', variant, field), field.path).toMatch(/^Aus: /);
    }
    const trick = ruleFields(variant).find((field) => field.path === 'trickRule')!;
    expect(ruleSource('en', variant, trick)).toBe(
      variant === 'double-deck'
        ? 'From: Double Deck rules'
        : 'From: Auction Pinochle rules (West) and Cutthroat rules',
    );
  });

  it.each(VARIANTS)('%s: splits the options into common and more, each exactly once', (variant) => {
    const fields = ruleFields(variant);
    const { common, advanced } = ruleGroups(variant, fields);
    expect(common.length).toBeGreaterThanOrEqual(5);
    expect(advanced.length).toBeGreaterThan(0);
    expect([...common, ...advanced].map((field) => field.path).sort()).toEqual(
      fields.map((field) => field.path).sort(),
    );
    expect(common.map((field) => field.path)).toContain('target');
  });
});

describe('table settings in words', () => {
  // CONTRACT Agreement 2, as the protocol will have it: the form must read these too.
  const agreed = z.strictObject({
    ...tableSettingsSchema.shape,
    trickPauseMs: z.number().int().min(0).max(5000).default(1200),
    handEndSeconds: z.number().int().min(0).max(300).default(10),
    spectatorChat: z.boolean().default(true),
    playAids: z.boolean().default(true),
  });
  const fields = fieldsOf(z.toJSONSchema(agreed, { io: 'input' }) as JsonSchema, [], 'settings');

  it('has words for every setting of the contract, in both languages', () => {
    const en = everyText('en', null, fields);
    const de = everyText('de', null, fields);
    for (const field of fields) {
      for (const locale of LOCALES) {
        expect(ruleLabel(locale, field.path), field.path).not.toBe(field.key);
        expect(ruleHelp(locale, null, field), field.path).toBeTruthy();
      }
    }
    expect(en).toContain('Pause after each trick (seconds)');
    expect(de).toContain('Pause nach jedem Stich (Sekunden)');
    expect(en.join(' ')).not.toMatch(/trickPauseMs|handEndSeconds|spectatorChat|playAids/);
  });

  it('shows the trick pause in seconds and each default as the schema has it', () => {
    const pause = fields.find((field) => field.key === 'trickPauseMs')!;
    expect(defaultText('en', null, pause)).toBe('default: 1.2 s');
    expect(defaultText('de', null, pause)).toBe('Standard: 1,2 s');
    const parsed = agreed.parse({});
    for (const field of fields) {
      expect(field.default, field.path).toEqual(parsed[field.key as keyof typeof parsed]);
    }
    expect(defaultText('en', null, fields.find((field) => field.key === 'handEndSeconds')!)).toBe(
      'default: 10 s',
    );
    expect(defaultText('en', null, fields.find((field) => field.key === 'turnTimerSeconds')!)).toBe(
      'default: off',
    );
    expect(defaultText('de', null, fields.find((field) => field.key === 'playAids')!)).toBe('Standard: an');
  });

  it('covers the settings the protocol has today', () => {
    for (const field of settingsFields()) expect(ruleHelp('de', null, field), field.path).toBeTruthy();
  });
});

describe('validation errors in the form’s words', () => {
  const error = (option: string, message: string): ConfigError => ({ option, message });

  it('names the option by its label and explains the cross-option checks', () => {
    const rising = error('bidIncrements.1.from', 'bidIncrements must rise');
    expect(configErrorText('en', 'double-deck', rising)).toBe(
      `Bid steps, Row 2: ${translate('en', 'rules.error.rising')}`,
    );
    expect(configErrorText('de', 'double-deck', rising)).toBe(
      `Gebotsschritte, ${translate('de', 'rules.row', { n: 2 })}: ${translate('de', 'rules.error.rising')}`,
    );
    const toby = error(
      'cardPassing.timing',
      "Toby Thomas passing happens before trump is named: use timing 'before-trump'",
    );
    expect(configErrorText('de', 'double-deck', toby)).toBe(
      'Wann getauscht wird: Beim Tausch nach Toby Thomas wird vor der Trumpfansage getauscht.',
    );
    expect(configErrorText('de', null, error('turnTimerSeconds', 'Too small'), 'settings.')).toBe(
      'Zugzeit (Sekunden): Dieser Wert ist hier nicht erlaubt.',
    );
  });

  it('explains every error the rules package gives for a broken Double Deck config', () => {
    const parsed = parseConfig({
      variant: 'double-deck',
      openingBid: 50,
      maximumBid: 40,
      bidIncrements: [
        { from: 60, step: 1 },
        { from: 55, step: 5 },
      ],
      cardPassing: { count: 2, style: 'toby-thomas', timing: 'after-trump' },
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    for (const problem of parsed.errors) {
      const text = configErrorText('de', 'double-deck', problem);
      expect(text, problem.option).not.toMatch(/bidIncrements|maximumBid|cardPassing|must|before-trump/);
    }
  });
});
