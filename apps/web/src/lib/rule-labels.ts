/**
 * The house-rules form in words: each option's label, one-line help, the names of its
 * choices, the rule sheet it comes from, whether it is a common or an advanced rule, and
 * how a value (its default above all) reads. The words live in rule-text-{en,de}.ts; a
 * unit test walks every variant's schema and fails on any option missing there.
 */
import type { RuleSet } from '../games/forms.ts';
import { type Locale, translate } from './i18n.ts';
import { RULE_TEXT_DE } from './rule-text-de.ts';
import { RULE_TEXT_EN } from './rule-text-en.ts';
import type { RuleText, RuleTexts } from './rule-text-types.ts';
import type { Field } from './rules-form.ts';

const TEXTS: Record<Locale, RuleTexts> = { en: RULE_TEXT_EN, de: RULE_TEXT_DE };

/** The rules a table is most often set up with; everything else is under "More rules". */
const COMMON: Record<RuleSet, readonly string[]> = {
  'auction-west': ['target', 'minimumBid', 'trickRule', 'setPenalty', 'allowConcede', 'stakes'],
  cutthroat: ['target', 'minimumBid', 'trickRule', 'setPenalty', 'allowConcede', 'stakes'],
  'double-deck': ['target', 'openingBid', 'biddingRounds', 'trumpNeedsMarriage', 'cardPassing', 'meldTable'],
  'auction-bridge': [
    'handLimit',
    'royalAuction',
    'royalNoTrumpValue',
    'nullo',
    'nulloTrickValue',
    'fourHonours',
  ],
};

type Sheet = 'auction-west' | 'cutthroat' | 'double-deck' | 'auction-bridge' | 'kibitz';
const WEST: Sheet[] = ['auction-west'];
const BOTH_THREE: Sheet[] = ['auction-west', 'cutthroat'];
const DOUBLE: Sheet[] = ['double-deck'];

/**
 * Where each option comes from (../shared/docs/house-rules.md cites the sheets in
 * brackets: [000] Auction West, [003] Cutthroat, [004] Double Deck). `kibitz`: a limit
 * of ours that no sheet names.
 */
const THREE_HANDED_SOURCES: Record<string, Sheet[]> = {
  target: WEST,
  minimumBid: BOTH_THREE,
  maximumBid: ['kibitz'],
  openingObligation: WEST,
  afterTwoPasses: BOTH_THREE,
  hopelessHandRedeal: BOTH_THREE,
  trickRule: BOTH_THREE,
  doubledMelds: WEST,
  doubleRoyalMarriage240: WEST,
  runMarriages: ['cutthroat', 'auction-west'],
  roundhouse: WEST,
  opponentMeldNeeds: BOTH_THREE,
  bidderMeldNeedsTrick: WEST,
  setPenalty: BOTH_THREE,
  allowConcede: WEST,
  tieAtTarget: WEST,
  negativeFloor: WEST,
  scoresDividedBy10: WEST,
  stakes: WEST,
};

const DOUBLE_DECK_SOURCES: Record<string, Sheet[]> = {
  target: DOUBLE,
  openingBid: DOUBLE,
  maximumBid: ['kibitz'],
  bidIncrements: DOUBLE,
  biddingRounds: DOUBLE,
  dealerStuck: DOUBLE,
  trumpNeedsMarriage: DOUBLE,
  cardPassing: DOUBLE,
  meldTable: DOUBLE,
  singlePinochle14: DOUBLE,
  timesTen: DOUBLE,
  runMarriages: DOUBLE,
  roundhouse: DOUBLE,
  doubleRoundhouse240: DOUBLE,
  minimumMeld20: DOUBLE,
  concedeOpponents: DOUBLE,
  trickRule: DOUBLE,
  dealPacket: DOUBLE,
};

/** Every Bridge option is a variation the sheet lists ("Varianten") or its reading of one. */
const BRIDGE: Sheet[] = ['auction-bridge'];
const BRIDGE_SOURCES: Record<string, Sheet[]> = {
  royalAuction: BRIDGE,
  royalNoTrumpValue: BRIDGE,
  nullo: BRIDGE,
  nulloTrickValue: BRIDGE,
  handLimit: BRIDGE,
  fourHonours: BRIDGE,
};

/** By rule set: a new variant or game names its sheets here (the type insists). */
const SOURCES: Record<RuleSet, Record<string, Sheet[]>> = {
  'auction-west': THREE_HANDED_SOURCES,
  cutthroat: THREE_HANDED_SOURCES,
  'double-deck': DOUBLE_DECK_SOURCES,
  'auction-bridge': BRIDGE_SOURCES,
};

function textOf(locale: Locale, variant: RuleSet | null, path: string): RuleText | undefined {
  const texts = TEXTS[locale];
  return (variant !== null ? texts[`${variant}:${path}`] : undefined) ?? texts[path];
}

function humanize(key: string): string {
  const words = key.replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The option's label, with its unit where it has one: "Pause after each trick (seconds)". */
export function ruleLabel(locale: Locale, path: string, variant: RuleSet | null = null): string {
  const text = textOf(locale, variant, path) ?? textOf('en', variant, path);
  const label = text?.label ?? humanize(path.split('.').at(-1) ?? path);
  return text?.unit ? `${label} (${translate(locale, 'rules.unitSeconds')})` : label;
}

/** The option's one-line help, or null when there is none in any language. */
export function ruleHelp(locale: Locale, variant: RuleSet | null, field: Field): string | null {
  return textOf(locale, variant, field.path)?.help ?? textOf('en', variant, field.path)?.help ?? null;
}

/** The name of one choice of an option (or of a union's alternative). */
export function choiceLabel(
  locale: Locale,
  variant: RuleSet | null,
  field: Field,
  value: string | number,
): string {
  const options = textOf(locale, variant, field.path)?.options ?? textOf('en', variant, field.path)?.options;
  return options?.[String(value)] ?? String(value);
}

/** "From: Auction Pinochle rules (West) and Cutthroat rules", for a top-level house rule. */
export function ruleSource(locale: Locale, variant: RuleSet, field: Field): string | null {
  const sheets = SOURCES[variant][field.path];
  if (!sheets) return null;
  const names = sheets.map((sheet) => translate(locale, `sheet.${sheet}`));
  return translate(locale, 'rules.source', { sheets: names.join(translate(locale, 'rules.sourceJoin')) });
}

/** A variant's options split into the common ones and the rest, each in the schema's order. */
export function ruleGroups<F extends Field>(
  variant: RuleSet,
  fields: readonly F[],
): { common: F[]; advanced: F[] } {
  const common = COMMON[variant];
  return {
    common: fields.filter((field) => common.includes(field.path)),
    advanced: fields.filter((field) => !common.includes(field.path)),
  };
}

/** The number a form box shows for a stored value (milliseconds become seconds). */
export function ruleScale(path: string): number {
  return RULE_TEXT_EN[path]?.scale ?? 1;
}

function numberText(locale: Locale, path: string, value: number): string {
  const text = RULE_TEXT_EN[path];
  const shown = value / (text?.scale ?? 1);
  // No thousands separator: the number box shows 1500, so its default must read 1500 too.
  const number = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    maximumFractionDigits: 3,
    useGrouping: false,
  }).format(shown);
  return text?.unit ? translate(locale, 'rules.seconds', { value: number }) : number;
}

/** How a value of `field` reads: "250", "on", "Twice the bid", "At a target score: 1500". */
export function valueText(locale: Locale, variant: RuleSet | null, field: Field, value: unknown): string {
  if (value === null || value === undefined) {
    return textOf(locale, variant, field.path)?.off ?? translate(locale, 'rules.off');
  }
  switch (field.kind) {
    case 'boolean':
      return translate(locale, value === true ? 'rules.on' : 'rules.off');
    case 'integer':
      return typeof value === 'number' ? numberText(locale, field.path, value) : String(value);
    case 'choice':
      return choiceLabel(locale, variant, field, value as string | number);
    case 'union': {
      const object = value as Record<string, unknown>;
      const tag = String(object[field.tag]);
      const alternative = field.variants.find((option) => option.tag === tag);
      const inner = (alternative?.fields ?? []).map(
        (part) =>
          `${ruleLabel(locale, part.path, variant)} ${valueText(locale, variant, part, object[part.key])}`,
      );
      const name = choiceLabel(locale, variant, field, tag);
      if (inner.length === 0) return name;
      // One part needs no label: "At a target score: 1500".
      if (inner.length === 1 && alternative) {
        const part = alternative.fields[0]!;
        return `${name}: ${valueText(locale, variant, part, object[part.key])}`;
      }
      return `${name}: ${inner.join(', ')}`;
    }
    case 'group': {
      const object = value as Record<string, unknown>;
      // Passing no cards is no card passing: its style and timing do not matter then.
      if (field.path === 'cardPassing' && object.count === 0) return translate(locale, 'rules.off');
      return field.fields
        .map(
          (part) =>
            `${ruleLabel(locale, part.path, variant)}: ${valueText(locale, variant, part, object[part.key])}`,
        )
        .join(', ');
    }
    case 'list': {
      const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
      const [from, step] = field.fields;
      if (field.path === 'bidIncrements' && from && step) {
        return rows
          .map((row) =>
            translate(locale, 'rules.increment', { from: String(row.from), step: String(row.step) }),
          )
          .join(', ');
      }
      return rows
        .map((row) => field.fields.map((part) => valueText(locale, variant, part, row[part.key])).join(' '))
        .join('; ');
    }
  }
}

/**
 * "default: 250", or null where there is none to show: the schema has no default, or
 * the option is a group whose parts each show their own. A union's default names its
 * alternative ("At a target score"); the alternative's parts show theirs.
 */
export function defaultText(locale: Locale, variant: RuleSet | null, field: Field): string | null {
  if (!field.hasDefault || field.kind === 'group') return null;
  const value =
    field.kind === 'union'
      ? choiceLabel(locale, variant, field, String(field.default[field.tag]))
      : valueText(locale, variant, field, field.default);
  return translate(locale, 'rules.default', { value });
}

/** For the catalog's test: does this option have its own label and help (and choice names)? */
export function hasOwnText(
  locale: Locale,
  variant: RuleSet | null,
  field: Field,
): { label: boolean; help: boolean; choices: boolean } {
  const text = textOf(locale, variant, field.path);
  const values =
    field.kind === 'choice'
      ? field.options.map(String)
      : field.kind === 'union'
        ? field.variants.map((option) => option.tag)
        : [];
  return {
    label: text?.label !== undefined,
    help: text?.help !== undefined,
    choices: values.every((value) => text?.options?.[value] !== undefined),
  };
}
