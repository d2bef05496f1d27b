import { tableSettingsSchema } from '@kibitz/protocol';
import { parseConfig, VARIANTS, type Variant } from '@kibitz/rules/pinochle';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { prefs } from '../lib/prefs.svelte.ts';
import { choiceLabel, defaultText, valueText } from '../lib/rule-labels.ts';
import {
  defaultsOf,
  type FormObject,
  fieldsOf,
  type JsonSchema,
  ruleFields,
  settingsFields,
  walkFields,
} from '../lib/rules-form.ts';
import { flushSync, render } from './mount.ts';
import RulesEditor from './RulesEditor.svelte';

function renderRules(variant: Variant, values: FormObject = defaultsOf(ruleFields(variant))) {
  return render(RulesEditor, {
    fields: ruleFields(variant),
    values,
    variant,
    idPrefix: 't',
    advancedOpen: true,
  });
}

/** The default an option itself shows (not one of its nested options'). */
function ownDefault(element: Element | null): Element | null {
  return (
    element?.querySelector(':scope > small [data-default], :scope > fieldset > small [data-default]') ?? null
  );
}

afterEach(() => prefs.setLocale('en'));

describe('RulesEditor', () => {
  it('shows every option of the variant with its default, its help and its sheet, grouped', () => {
    const fields = ruleFields('cutthroat');
    const root = renderRules('cutthroat');
    const options = [...root.querySelectorAll<HTMLElement>('[data-option]')].map(
      (element) => element.dataset.option,
    );
    for (const field of fields) expect(options).toContain(field.path);
    const common = root.querySelector('[data-group="common"]')!;
    expect(common.querySelector('h3')?.textContent).toBe('Common rules');
    expect(common.querySelector('[data-option="minimumBid"]')).not.toBeNull();
    const advanced = root.querySelector<HTMLDetailsElement>('[data-group="advanced"]')!;
    expect(advanced.open).toBe(true);
    expect(advanced.querySelector('summary')?.textContent).toMatch(/^More rules \(\d+\)$/);
    expect(advanced.querySelector('[data-option="afterTwoPasses"]')).not.toBeNull();

    const minimum = root.querySelector('[data-option="minimumBid"]')!;
    expect(minimum.querySelector('label')?.textContent).toBe('Minimum bid');
    expect(minimum.querySelector('[data-default]')?.textContent).toBe('default: 250');
    expect(minimum.querySelector('[data-source]')?.textContent).toBe(
      'From: Auction Pinochle rules (West) and Cutthroat rules',
    );
    expect(minimum.textContent).toContain('The lowest opening bid');
    const input = root.querySelector<HTMLInputElement>('#t-minimumBid')!;
    expect(input.value).toBe('250');
    expect(input.getAttribute('aria-describedby')).toBe('t-minimumBid-help');
  });

  it.each(VARIANTS)(
    '%s: each box shows what its default says, and each default is the package’s',
    (variant) => {
      const root = renderRules(variant);
      const parsed = parseConfig({ variant });
      if (!parsed.ok) throw new Error('defaults must parse');
      for (const field of walkFields(ruleFields(variant))) {
        const element = root.querySelector(`[data-option="${field.path}"]`);
        const said = ownDefault(element);
        if (!element || !said) continue;
        expect(said.textContent, field.path).toBe(defaultText('en', variant, field));
        if (field.kind === 'integer' && field.default !== null) {
          const box = element.querySelector<HTMLInputElement>('input[type="number"]')!;
          expect(`default: ${box.value}`, field.path).toBe(said.textContent);
        }
        if (field.kind === 'choice') {
          const select = element.querySelector<HTMLSelectElement>('select')!;
          expect(`default: ${select.selectedOptions[0]?.textContent}`, field.path).toBe(said.textContent);
        }
      }
      // Top-level options: exactly the package's own defaults, written out (a union names
      // its alternative; a group's parts show theirs).
      for (const field of ruleFields(variant)) {
        const said = ownDefault(root.querySelector(`[data-option="${field.path}"]`));
        const value = (parsed.config as unknown as Record<string, unknown>)[field.key];
        if (field.kind === 'group') {
          expect(said, field.path).toBeNull();
          continue;
        }
        const words =
          field.kind === 'union'
            ? choiceLabel('en', variant, field, String((value as Record<string, unknown>)[field.tag]))
            : valueText('en', variant, field, value);
        expect(said?.textContent, field.path).toBe(`default: ${words}`);
      }
    },
  );

  it('Double Deck: the bid step rows show their boxes and no made-up default of 0', () => {
    const root = renderRules('double-deck');
    const rows = root.querySelectorAll('[data-option="bidIncrements"] .list-row');
    expect(rows).toHaveLength(2);
    const froms = [...root.querySelectorAll<HTMLElement>('[data-option="bidIncrements.from"]')];
    expect(froms.map((row) => row.querySelector('input')!.value)).toEqual(['50', '60']);
    for (const row of froms) {
      expect(row.querySelector('label')?.textContent).toBe('From this bid on');
      expect(row.querySelector('[data-default]')).toBeNull();
    }
    // The rows are label and box only; the list explains them and shows the sheet's steps.
    expect(root.querySelectorAll('[data-option="bidIncrements.from"] small')).toHaveLength(0);
    expect(
      root.querySelector('[data-option="bidIncrements"] > fieldset > small [data-default]')?.textContent,
    ).toBe('default: from 50 up by 1, from 60 up by 5');
  });

  it('names choices in words and writes the chosen value back', () => {
    const fields = ruleFields('double-deck');
    const values: FormObject = defaultsOf(fields);
    const root = render(RulesEditor, {
      fields,
      values,
      variant: 'double-deck',
      idPrefix: 'd',
      advancedOpen: true,
    });
    const count = root.querySelector<HTMLInputElement>('#d-cardPassing-count')!;
    count.value = '3';
    count.dispatchEvent(new Event('input', { bubbles: true }));
    flushSync();
    expect((values.cardPassing as FormObject).count).toBe(3);
    const select = root.querySelector<HTMLSelectElement>('#d-trumpNeedsMarriage')!;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Yes',
      'No',
      'Yes, after passing cards',
    ]);
    select.value = '1';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    flushSync();
    expect(values.trumpNeedsMarriage).toBe('not-required');
    const style = root.querySelector<HTMLSelectElement>('#d-cardPassing-style')!;
    expect(style.selectedOptions[0]?.textContent).toBe('Both at once, face down');
  });

  it('speaks German throughout when the reader does', () => {
    prefs.setLocale('de');
    const root = renderRules('cutthroat');
    expect(root.querySelector('[data-group="common"] h3')?.textContent).toBe('Übliche Regeln');
    expect(root.querySelector('[data-group="advanced"] summary')?.textContent).toMatch(/^Weitere Regeln/);
    const after = root.querySelector('[data-option="afterTwoPasses"]')!;
    expect(after.querySelector('label')?.textContent).toBe('Wenn die ersten zwei passen');
    expect(after.querySelector('[data-default]')?.textContent).toBe(
      'Standard: Der Geber darf nur das Mindestgebot übernehmen, oder passen',
    );
    expect(after.querySelector('[data-source]')?.textContent).toBe(
      'Aus: Regelblatt Auction-Pinochle (West) und Regelblatt Cutthroat',
    );
    const text = root.textContent ?? '';
    for (const english of [
      'default:',
      'From:',
      'Minimum bid',
      'The dealer',
      'last-takes-minimum',
      'Twice the bid',
    ]) {
      expect(text).not.toContain(english);
    }
  });

  it('shows the table settings with units and no sheet', () => {
    const fields = settingsFields();
    const root = render(RulesEditor, { fields, values: defaultsOf(fields), variant: null, idPrefix: 's' });
    expect(root.querySelector('[data-group]')).toBeNull();
    expect(root.querySelector('[data-source]')).toBeNull();
    const grace = root.querySelector('[data-option="settings.seatGraceSeconds"]')!;
    expect(grace.querySelector('label')?.textContent).toBe('Seat kept after a lost connection (seconds)');
    expect(grace.querySelector('[data-default]')?.textContent).toBe('default: 120 s');
  });

  it('shows the trick pause of CONTRACT Agreement 2 in seconds and stores milliseconds', () => {
    const agreed = z.strictObject({
      ...tableSettingsSchema.shape,
      trickPauseMs: z.number().int().min(0).max(5000).default(1200),
    });
    const fields = fieldsOf(z.toJSONSchema(agreed, { io: 'input' }) as JsonSchema, [], 'settings');
    const values = defaultsOf(fields);
    const root = render(RulesEditor, { fields, values, variant: null, idPrefix: 's' });
    const pause = root.querySelector('[data-option="settings.trickPauseMs"]')!;
    expect(pause.querySelector('label')?.textContent).toBe('Pause after each trick (seconds)');
    const box = pause.querySelector<HTMLInputElement>('input')!;
    expect([box.value, box.min, box.max, box.step]).toEqual(['1.2', '0', '5', '0.1']);
    expect(pause.querySelector('[data-default]')?.textContent).toBe('default: 1.2 s');
    box.value = '2.5';
    box.dispatchEvent(new Event('input', { bubbles: true }));
    flushSync();
    expect(values.trickPauseMs).toBe(2500);
    expect(agreed.safeParse(values).success).toBe(true);
  });
});
