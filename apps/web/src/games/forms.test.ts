import { allForms, gameById } from '@kibitz/rules';
import { VARIANTS } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { CATALOGS, LOCALES, type MessageKey } from '../lib/i18n.ts';
import { FORMS, formById, formOfConfig, RULE_SETS, RULE_SETS_OF, ruleSetOfConfig } from './forms.ts';

describe('the lobby’s games', () => {
  it('offers every form of every game in the registry, Bridge for four and for three among them', () => {
    expect(FORMS.map((form) => form.id)).toEqual(allForms().map(({ form }) => form.id));
    expect(FORMS.map((form) => form.id)).toEqual([...VARIANTS, 'auction-bridge', 'auction-bridge-3']);
    expect(formById('auction-bridge')?.seatCount).toBe(4);
    expect(formById('auction-bridge-3')?.seatCount).toBe(3);
    expect(formById('auction-bridge-3')?.input).toEqual({ game: 'auction-bridge', players: 3 });
    expect(RULE_SETS).toEqual([...VARIANTS, 'auction-bridge']);
    // Every game of the rules registry has its rule sets here (and nothing else does).
    expect(Object.keys(RULE_SETS_OF).sort()).toEqual(
      allForms()
        .map(({ game }) => game.id)
        .filter((id, i, all) => all.indexOf(id) === i)
        .sort(),
    );
  });

  it('names and describes every form in English and German (game.* and gameInfo.* for Bridge)', () => {
    for (const form of FORMS) {
      for (const locale of LOCALES) {
        const catalog: Record<string, string> = CATALOGS[locale];
        expect(catalog[form.label], `${locale} ${form.label}`).toBeTruthy();
        expect(catalog[form.info], `${locale} ${form.info}`).toBeTruthy();
      }
    }
    expect(formById('auction-bridge')!.label).toBe('game.auction-bridge' satisfies MessageKey);
    expect(CATALOGS.de['game.auction-bridge-3']).toBe('Auction-Bridge zu dritt');
  });

  it('tells a table’s form from its config, old Pinochle configs (variant only) included', () => {
    for (const form of FORMS) {
      const config = gameById(form.gameId)!.defaultConfig(form.id);
      expect(formOfConfig(config)?.id, form.id).toBe(form.id);
    }
    // As a host sends it: Bridge without `players` is the four-person form.
    expect(formOfConfig({ game: 'auction-bridge' })?.id).toBe('auction-bridge');
    expect(formOfConfig({ game: 'auction-bridge', players: 3, nullo: true })?.id).toBe('auction-bridge-3');
    expect(formOfConfig({ variant: 'double-deck' })?.id).toBe('double-deck');
    expect(formOfConfig({ game: 'skat' })).toBeNull();
    expect(formOfConfig(null)).toBeNull();
    expect(ruleSetOfConfig({ game: 'auction-bridge', players: 3 })).toBe('auction-bridge');
  });
});
