import { describe, expect, it } from 'vitest';
import { placeholders } from '../../lib/i18n.ts';
import { BRIDGE_CATALOGS, type BridgeMessageKey, translateBridge } from './i18n.ts';

describe('the Bridge message catalog', () => {
  it('has every English key in German, with the same placeholders', () => {
    const keys = Object.keys(BRIDGE_CATALOGS.en) as BridgeMessageKey[];
    expect(Object.keys(BRIDGE_CATALOGS.de).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(placeholders(BRIDGE_CATALOGS.de[key]), key).toEqual(placeholders(BRIDGE_CATALOGS.en[key]));
      expect(BRIDGE_CATALOGS.de[key].trim(), key).not.toBe('');
    }
  });

  it('names the denominations as the sheet does: "Kreuz, Karo, Herz, Pik oder Sans-Atout"', () => {
    const names = (['C', 'D', 'H', 'S', 'NT'] as const).map((strain) =>
      translateBridge('de', `br.strain.${strain}`),
    );
    expect(names).toEqual(['Kreuz', 'Karo', 'Herz', 'Pik', 'Sans-Atout']);
    expect(translateBridge('de', 'br.double')).toBe('Verdoppeln');
    expect(translateBridge('de', 'br.redouble')).toBe('Redoppeln');
  });

  it('fills in placeholders', () => {
    expect(translateBridge('en', 'br.needs', { name: 'Bo', tricks: 8 })).toBe('Bo needs 8 tricks');
    expect(translateBridge('de', 'br.needs', { name: 'Bo', tricks: 8 })).toBe('Bo braucht 8 Stiche');
  });
});
