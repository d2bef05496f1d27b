/**
 * The rule-based Bridge bots must be measurably better than chance. Rubbers of the sheet's
 * default rules: a side of rule bots against a side of random legal players (random-bot.ts),
 * the sides changing places every rubber; with three players one rule bot against two random
 * ones, its seat rotating, so chance would give it a third. A second pairing keeps the rule
 * bidder on both sides and changes only the card play, to show the player itself counts.
 */
import { type BridgeConfig, parseBridgeConfig } from '@kibitz/rules/bridge';
import { describe, expect, it } from 'vitest';
import { type BridgeBot, ruleBridgeBot } from './bot.ts';
import { playBridgeRubber } from './play-rubber.ts';
import { randomBridgeBot } from './random-bot.ts';

function config(players: 3 | 4): BridgeConfig {
  const parsed = parseBridgeConfig({ game: 'auction-bridge', players });
  if (!parsed.ok) throw new Error('default config');
  return parsed.config;
}

/** Rubbers won by the rule side, and its average lead in points over the best other account. */
function match(players: 3 | 4, rubbers: number, other: BridgeBot, label: string) {
  let wins = 0;
  let lead = 0;
  for (let i = 0; i < rubbers; i++) {
    const side = i % players;
    const ours = (seat: number) => (players === 4 ? seat % 2 === side % 2 : seat === side);
    const bots = Array.from({ length: players }, (_, seat) => (ours(seat) ? ruleBridgeBot : other));
    const { state } = playBridgeRubber(config(players), `${label}-${players}-${i}`, bots);
    const account = players === 4 ? side % 2 : side;
    const totals = state.result!.totals;
    if (state.result!.winners.includes(account)) wins++;
    lead += totals[account]! - Math.max(...totals.filter((_, a) => a !== account));
  }
  return { wins, lead: lead / rubbers };
}

/** The rule bidder with random card play. */
const randomPlayer: BridgeBot = {
  name: 'rule bids, random cards',
  decide: (view, random) =>
    view.prompt?.kind === 'play' ? randomBridgeBot.decide(view, random) : ruleBridgeBot.decide(view, random),
};

describe('Bridge bot strength', () => {
  it('a rule-bot side wins nearly every one of 24 rubbers against a random legal side', () => {
    const { wins, lead } = match(4, 24, randomBridgeBot, 'strength');
    // Measured: 24 of 24, ahead by 1104 points a rubber on average. Chance is 12; 20 or more
    // happens by chance less than once in a thousand.
    expect(wins).toBeGreaterThanOrEqual(20);
    expect(lead).toBeGreaterThan(300);
  });

  it('three players: one rule bot wins most of 24 rubbers against two random legal players', () => {
    const { wins, lead } = match(3, 24, randomBridgeBot, 'strength');
    // Measured: 24 of 24, ahead by 711 points. Chance is a third (8); 16 or more is below
    // one in a thousand.
    expect(wins).toBeGreaterThanOrEqual(16);
    expect(lead).toBeGreaterThan(200);
  });

  it('the card play alone: rule play beats random play when both sides bid by the rules', () => {
    const { wins, lead } = match(4, 24, randomPlayer, 'card-play');
    // Measured: 24 of 24, ahead by 594 points. 18 or more
    // of 24 happens by chance about once in a hundred.
    expect(wins).toBeGreaterThanOrEqual(18);
    expect(lead).toBeGreaterThan(150);
  });

  it('four rule bots among themselves bid low, as auction bridge rewards, and make most contracts', () => {
    // "Nur so hoch bieten, wie es zum Gewinn der Auktion nötig ist": every odd trick counts anyway.
    let played = 0;
    let made = 0;
    let levels = 0;
    for (let i = 0; i < 20; i++) {
      const { state } = playBridgeRubber(config(4), `among-${i}`, Array(4).fill(ruleBridgeBot));
      for (const hand of state.history) {
        if (hand.outcome !== 'played') continue;
        played++;
        levels += hand.contract!.level;
        if (hand.made) made++;
      }
    }
    // Measured: 96 of 111 contracts made, average level 1.41.
    expect(made / played).toBeGreaterThan(0.7);
    expect(levels / played).toBeLessThan(2);
  });
});
