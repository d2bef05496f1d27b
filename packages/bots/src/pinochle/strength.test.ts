/**
 * The heuristic bot must be measurably better than chance. One heuristic bot against two
 * random bots at Cutthroat, its seat rotating: chance would give it a third of the games.
 */
import { defaultConfig } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { heuristicBot } from './heuristic/index.ts';
import { playGame } from './play-game.ts';
import { randomBot } from './random-bot.ts';

describe('heuristic bot strength', () => {
  it('wins a clear majority of 30 Cutthroat games against two random bots', () => {
    const config = defaultConfig('cutthroat');
    let wins = 0;
    const games = 30;
    for (let i = 0; i < games; i++) {
      const seat = i % 3;
      const bots = [0, 1, 2].map((s) => (s === seat ? heuristicBot : randomBot));
      const { state } = playGame(config, `strength-${i}`, bots);
      if (state.result!.winners.includes(seat)) wins++;
    }
    // Measured: 29 of 30 at these seeds. Two thirds is a clear majority and twice chance.
    expect(wins).toBeGreaterThanOrEqual(20);
  });

  it('a heuristic team wins most double deck games against a random team', () => {
    const config = defaultConfig('double-deck');
    let wins = 0;
    const games = 16;
    for (let i = 0; i < games; i++) {
      // Team 0 (seats 0, 2) or team 1 (seats 1, 3) is the heuristic one, alternately.
      const team = i % 2;
      const bots = [0, 1, 2, 3].map((s) => (s % 2 === team ? heuristicBot : randomBot));
      const { state } = playGame(config, `strength-dd-${i}`, bots);
      if (state.result!.winners.includes(team)) wins++;
    }
    // Measured: 16 of 16.
    expect(wins).toBeGreaterThanOrEqual(12);
  });
});
