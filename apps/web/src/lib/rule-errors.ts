/**
 * A house-rules form that does not validate, explained in the form's own words: the
 * option's label (never its internal path) and, for the checks that span options, a
 * sentence in the reader's language. The rules package's messages are English and name
 * options by path, so they are only the fallback for English readers.
 */
import { type ClientPayloadInput, type TableSettings, tableSettingsSchema } from '@kibitz/protocol';
import { CATALOGUE, parseConfigAmong } from '@kibitz/rules/catalogue';
import type { LobbyForm, RuleSet } from '../games/forms.ts';
import { type Locale, type MessageKey, translate } from './i18n.ts';
import { ruleLabel } from './rule-labels.ts';

/** The cross-option checks of packages/rules/src/config.ts, by the path they report. */
const CHECKS: { path: RegExp; message: RegExp; key: MessageKey }[] = [
  { path: /^bidIncrements\.\d+\.from$/, message: /must rise/, key: 'rules.error.rising' },
  { path: /^bidIncrements\.0\.from$/, message: /opening bid/, key: 'rules.error.firstStep' },
  { path: /^maximumBid$/, message: /at least openingBid/, key: 'rules.error.maximumBid' },
  { path: /^cardPassing\.timing$/, message: /Toby Thomas/, key: 'rules.error.tobyThomas' },
  { path: /^trumpNeedsMarriage$/, message: /after-passing/, key: 'rules.error.afterPassing' },
];

/** "Bid steps, row 2: Each step must start at a higher bid…" for one validation error. */
export function configErrorText(
  locale: Locale,
  variant: RuleSet | null,
  error: { option: string; message: string },
  prefix = '',
): string {
  const parts = error.option.split('.');
  const row = parts.find((part) => /^\d+$/.test(part));
  const path = prefix + parts.filter((part) => !/^\d+$/.test(part)).join('.');
  const top = prefix + parts[0];
  const where =
    row === undefined
      ? ruleLabel(locale, path, variant)
      : `${ruleLabel(locale, top, variant)}, ${translate(locale, 'rules.row', { n: Number(row) + 1 })}`;
  const check = CHECKS.find(
    (candidate) => candidate.path.test(error.option) && candidate.message.test(error.message),
  );
  const why = check
    ? translate(locale, check.key)
    : locale === 'en'
      ? error.message
      : translate(locale, 'rules.error.value');
  return `${where}: ${why}`;
}

export type CheckedTableForm =
  | { ok: true; config: GameConfigInput; settings: TableSettings }
  | { ok: false; errors: string[] };
/** Any game's config, as `create-table` and `set-rules` carry it. */
type GameConfigInput = ClientPayloadInput<'create-table'>['config'];

/**
 * The house rules and table settings a form is about to send, checked with the same
 * schemas the server uses; every problem explained in the reader's words. Both forms
 * (a new table, the host's edit) send only what passes.
 */
export function checkTableForm(
  locale: Locale,
  form: LobbyForm,
  rules: Record<string, unknown>,
  settings: unknown,
): CheckedTableForm {
  const config = { ...rules, ...form.input };
  const checked = parseConfigAmong(CATALOGUE, config);
  const checkedSettings = tableSettingsSchema.safeParse(settings);
  if (checked.ok && checkedSettings.success) {
    return { ok: true, config, settings: checkedSettings.data };
  }
  return {
    ok: false,
    errors: [
      ...(checked.ok ? [] : checked.errors.map((error) => configErrorText(locale, form.ruleSet, error))),
      ...(checkedSettings.success
        ? []
        : checkedSettings.error.issues.map((issue) =>
            configErrorText(
              locale,
              null,
              { option: issue.path.join('.'), message: issue.message },
              'settings.',
            ),
          )),
    ],
  };
}
