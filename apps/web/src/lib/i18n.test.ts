import { describe, expect, it } from 'vitest';
import { CATALOGS, listOf, type MessageKey, pickLocale, placeholders, translate } from './i18n.ts';

describe('message catalog', () => {
  it('has every English key in German, with the same placeholders', () => {
    const keys = Object.keys(CATALOGS.en) as MessageKey[];
    expect(Object.keys(CATALOGS.de).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(placeholders(CATALOGS.de[key]), key).toEqual(placeholders(CATALOGS.en[key]));
      expect(CATALOGS.de[key].trim(), key).not.toBe('');
    }
  });

  it('fills in placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'table.sitHere', { seat: 2 })).toBe('Sit in seat 2');
    expect(translate('de', 'table.sitHere', { seat: 2 })).toBe('Auf Platz 2 setzen');
    expect(translate('en', 'table.sitHere')).toBe('Sit in seat {seat}');
  });

  it("chooses the plural form by the language's rules (Intl.PluralRules)", () => {
    expect(translate('en', 'prompt.discard', { count: 1 })).toBe('Choose 1 card to bury, then confirm');
    expect(translate('en', 'prompt.discard', { count: 3 })).toBe('Choose 3 cards to bury, then confirm');
    expect(translate('de', 'table.widowDown', { count: 1 })).toBe('1 Karte verdeckt');
    expect(translate('de', 'table.widowDown', { count: 4 })).toBe('4 Karten verdeckt');
    expect(translate('en', 'prompt.mustPassSuit', { count: 1, suit: 'hearts' })).toBe(
      'At least one of them must be hearts',
    );
    expect(translate('de', 'prompt.mustPassSuit', { count: 2, suit: 'Herz' })).toBe(
      'Mindestens 2 davon müssen Herz sein',
    );
    // Without a number the choice stays visible, as an unknown placeholder does.
    expect(translate('en', 'table.buried')).toContain('{count, plural,');
    expect(placeholders(CATALOGS.en['table.buried'])).toEqual(['count']);
  });

  it('picks the browser language when it is one we have', () => {
    expect(pickLocale(['de-CH', 'en'])).toBe('de');
    expect(pickLocale(['fr-FR', 'en-GB'])).toBe('en');
    expect(pickLocale(['fr'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });

  it('joins names the way each language does', () => {
    expect(listOf('en', ['Ann'])).toBe('Ann');
    expect(listOf('en', ['Ann', 'Bo', 'Cy'])).toBe('Ann, Bo and Cy');
    expect(listOf('de', ['Ann', 'Bo'])).toBe('Ann und Bo');
    expect(listOf('de', [])).toBe('');
  });
});
