/**
 * Bridge bots over random rubbers under random house rules, four players and three (the
 * blind hand of "Auction-Bridge zu dritt"), mixed with random legal players: every action a
 * bot takes is one legalBridgeActions lists (playBridgeRubber checks each before applying
 * it), and every rubber ends ("Der Rubber endet in dem Moment, in dem eine Partnerschaft
 * ihr zweites Spiel abschließt", or at the Chicago hand limit).
 */
import { parseBridgeConfig } from '@kibitz/rules/bridge';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ruleBridgeBot } from './bot.ts';
import { playBridgeRubber } from './play-rubber.ts';
import { randomBridgeBot } from './random-bot.ts';

const configArb = (players: 3 | 4) =>
  fc
    .record({
      royalAuction: fc.boolean(),
      royalNoTrumpValue: fc.integer({ min: 11, max: 20 }),
      nullo: fc.boolean(),
      nulloTrickValue: fc.integer({ min: 1, max: 20 }),
      handLimit: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
      fourHonours: fc.constantFrom('ace-king-queen-jack', 'any-four'),
      paced: fc.boolean(),
    })
    .map((options) => {
      const parsed = parseBridgeConfig({ game: 'auction-bridge', players, ...options });
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return parsed.config;
    });

describe('Bridge bots in random rubbers', () => {
  for (const players of [4, 3] as const) {
    it(`${players} players: the bots never act illegally and every rubber ends`, () => {
      const seatsArb = fc
        .array(fc.boolean(), { minLength: players, maxLength: players })
        .filter((seats) => seats.some((rule) => rule));
      fc.assert(
        fc.property(configArb(players), seatsArb, fc.nat(), (config, ruleSeats, seed) => {
          const bots = ruleSeats.map((rule) => (rule ? ruleBridgeBot : randomBridgeBot));
          const { state, log } = playBridgeRubber(config, `bridge-prop-${seed}`, bots);
          expect(state.phase).toBe('game-over');
          expect(state.result).not.toBeNull();
          // Some seat bid and played: the rubber was played out, not passed out forever.
          expect(log.some(({ action }) => action.type === 'play')).toBe(true);
        }),
        { numRuns: 25 },
      );
    });
  }

  it('four rule-based bots alone finish rubbers of plain auction bridge', () => {
    const parsed = parseBridgeConfig({ game: 'auction-bridge' });
    if (!parsed.ok) throw new Error('default config');
    for (let i = 0; i < 5; i++) {
      const { state } = playBridgeRubber(parsed.config, `rule-only-${i}`, Array(4).fill(ruleBridgeBot));
      expect(state.result?.reason).toBe('rubber');
    }
  });
});
