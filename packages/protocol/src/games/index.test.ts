import { GAMES } from '@kibitz/rules';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_GAMES, protocolGame } from './index.ts';

describe('the per-game schemas', () => {
  it('exist for every game of the registry, under its id', () => {
    expect(Object.keys(PROTOCOL_GAMES).sort()).toEqual(GAMES.map((game) => game.id).sort());
    for (const game of GAMES) expect(protocolGame(game.id)!.id).toBe(game.id);
  });

  it("accept each form's default config exactly as the rules make it", () => {
    for (const game of GAMES) {
      for (const form of game.forms) {
        const config = game.defaultConfig(form.id);
        expect(protocolGame(game.id)!.configSchema.parse(config)).toEqual(config);
      }
    }
  });
});
