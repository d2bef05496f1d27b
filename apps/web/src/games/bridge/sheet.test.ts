import { describe, expect, it } from 'vitest';
import { scene, sceneView } from './preview/scenes.ts';
import { rubberSheet } from './sheet.ts';

describe('the rubber score sheet', () => {
  const view = sceneView(scene('rubber'));
  const sheet = rubberSheet(view.score, view.accountCount);

  it('adds up to the engine totals above and below the line', () => {
    sheet.forEach((column, account) => {
      expect(column.aboveTotal).toBe(view.score.above[account]);
      expect(column.belowTotal).toBe(view.score.below[account]);
      expect(column.total).toBe(view.result!.totals[account]);
    });
  });

  it('closes a game at 30 below the line and counts the games of the rubber', () => {
    expect(sheet.map((column) => column.gamesWon)).toEqual(view.score.games);
    for (const column of sheet) {
      for (const game of column.games) {
        expect(game.won).toBe(game.finished && game.points >= 30);
      }
    }
    // "Die erste Partnerschaft, die 2 Spiele gewinnt": the rubber is over, no game runs on.
    expect(sheet[0]!.games.every((game) => game.finished)).toBe(true);
    const rubber = sheet.flatMap((column) => column.above).filter((entry) => entry.kind === 'rubber');
    expect(rubber.map((entry) => entry.points)).toEqual([250]);
  });
});
