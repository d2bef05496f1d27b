/**
 * Paced hands (config.paced): a finished trick waits for its winner to gather it, and a
 * scored hand waits until every seat continues. Bots must do both, or a paced game stalls.
 */
import { parseConfig, replay, VARIANTS } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { lineUp } from './lineup.ts';
import { playGame } from './play-game.ts';

describe('bots in paced games', () => {
  for (const variant of VARIANTS) {
    it(`${variant}: heuristic and random bots gather every trick and continue after every hand`, () => {
      const parsed = parseConfig({ variant, paced: true });
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      const config = parsed.config;
      // playGame throws on any refused action: a bot that did not answer gather or continue fails here.
      const { state, log } = playGame(config, `paced-${variant}`, lineUp(config, 'mixed'), {
        maxActions: 8000,
      });
      expect(state.phase).toBe('game-over');
      const gathers = log.filter((entry) => entry.action.type === 'gather').length;
      const continues = log.filter((entry) => entry.action.type === 'continue').length;
      const playedTricks = state.history.reduce(
        (sum, hand) => sum + hand.tricksWon.reduce((a, b) => a + b, 0),
        0,
      );
      // Every trick of every hand was gathered (the last hand's tricks too), and every seat
      // continued after each hand but the last, which ends the game at once.
      expect(gathers).toBe(playedTricks);
      expect(continues).toBe((state.history.length - 1) * state.seatCount);
      const replayed = replay(config, `paced-${variant}`, log);
      expect(replayed.ok && replayed.state).toEqual(state);
    });
  }
});
