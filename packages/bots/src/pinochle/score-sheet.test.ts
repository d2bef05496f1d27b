/** The rules' text score sheet (the demo's, the records'): one aligned row per hand, running totals that match the game. */
import { defaultConfig, formatScoreSheet, type GameConfig } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { heuristicBot } from './heuristic/index.ts';
import { playGame } from './play-game.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping ANSI colour codes is the point
const stripAnsi = (text: string): string => text.replace(/\x1b\[[0-9;]*m/g, '');

describe('formatScoreSheet', () => {
  for (const variant of ['cutthroat', 'double-deck'] as const) {
    it(`${variant}: a row per hand, aligned with or without colour, ending with the winner`, () => {
      const config = defaultConfig(variant);
      const bots = new Array(variant === 'double-deck' ? 4 : 3).fill(heuristicBot);
      const { state } = playGame(config, `sheet-${variant}`, bots);
      const plain = formatScoreSheet(state);
      const lines = plain.split('\n');
      // Two heading lines, a rule, the hands, a rule, the summary.
      expect(lines.length).toBe(state.history.length + 5);
      const width = lines[1]!.length;
      for (const line of lines.slice(2, -1)) expect(line.trimEnd().length).toBeLessThanOrEqual(width);
      // The last hand's running scores are the final scores.
      const lastRow = lines.at(-3)!.trim().split(/\s+/);
      expect(lastRow.slice(-state.sideCount).map(Number)).toEqual(state.scores);
      expect(lines.at(-1)).toMatch(/^Winner: /);
      expect(stripAnsi(formatScoreSheet(state, { color: true }))).toBe(plain);
    });
  }

  it('shows every value divided by ten when the house rule says so', () => {
    const config = { ...defaultConfig('auction-west'), scoresDividedBy10: true } as GameConfig;
    const { state } = playGame(config, 'sheet-tenths', [heuristicBot, heuristicBot, heuristicBot]);
    const lastRow = formatScoreSheet(state).split('\n').at(-3)!.trim().split(/\s+/);
    expect(lastRow.slice(-3).map(Number)).toEqual(state.scores.map((score) => score / 10));
  });
});
