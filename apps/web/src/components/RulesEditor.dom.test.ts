import { describe, expect, it } from 'vitest';
import { defaultsOf, type FormObject, ruleFields } from '../lib/rules-form.ts';
import { flushSync, render } from './mount.ts';
import RulesEditor from './RulesEditor.svelte';

describe('RulesEditor', () => {
  it('shows every option of the variant with its default and its one-line help', () => {
    const fields = ruleFields('cutthroat');
    const root = render(RulesEditor, {
      fields,
      values: defaultsOf(fields),
      variant: 'cutthroat',
      idPrefix: 't',
    });
    const options = [...root.querySelectorAll<HTMLElement>('[data-option]')].map(
      (element) => element.dataset.option,
    );
    for (const field of fields) expect(options).toContain(field.path);
    const minimum = root.querySelector('[data-option="minimumBid"]')!;
    expect(minimum.textContent).toContain('Minimum bid');
    expect(minimum.textContent).toContain('default: 250');
    expect(minimum.textContent).toContain('Lowest opening bid');
    const input = root.querySelector<HTMLInputElement>('#t-minimumBid')!;
    expect(input.value).toBe('250');
    expect(input.getAttribute('aria-describedby')).toBe('t-minimumBid-help');
  });

  it('writes what is typed into the values it is bound to', () => {
    const fields = ruleFields('double-deck');
    const values: FormObject = defaultsOf(fields);
    const root = render(RulesEditor, { fields, values, variant: 'double-deck', idPrefix: 'd' });
    const count = root.querySelector<HTMLInputElement>('#d-cardPassing-count')!;
    count.value = '3';
    count.dispatchEvent(new Event('input', { bubbles: true }));
    flushSync();
    expect((values.cardPassing as FormObject).count).toBe(3);
    const select = root.querySelector<HTMLSelectElement>('#d-trumpNeedsMarriage')!;
    select.value = String(['required', 'not-required', 'after-passing'].indexOf('not-required'));
    select.dispatchEvent(new Event('change', { bubbles: true }));
    flushSync();
    expect(values.trumpNeedsMarriage).toBe('not-required');
  });
});
