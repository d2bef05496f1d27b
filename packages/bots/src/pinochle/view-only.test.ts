/**
 * Bots see only their own seat's view: what the driver hands a bot is exactly
 * view(state, seat) (its own hand, never another's), the bot cannot write to it, and
 * the same view with the same random stream gives the same decision.
 */

import { replayOrThrow } from '@kibitz/rules';
import { apply, createGame, defaultConfig, pinochle, VARIANTS, view } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../common/random.ts';
import type { Bot } from './bot.ts';
import { heuristicBot } from './heuristic/index.ts';
import { playGame } from './play-game.ts';
import { randomBot } from './random-bot.ts';
import { type Recorded, recording } from './testing.ts';

function sameCards(a: readonly string[], b: readonly string[]): boolean {
  return JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
}

describe('a bot reads only its own view', () => {
  for (const variant of VARIANTS) {
    it(`${variant}: every decide() gets view(state, seat) with the seat's own hand, frozen`, () => {
      const config = defaultConfig(variant);
      const records: Recorded[][] = [];
      const bots: Bot[] = Array.from({ length: variant === 'double-deck' ? 4 : 3 }, (_, seat) => {
        records.push([]);
        return recording(seat % 2 === 0 ? heuristicBot : randomBot, records[seat]!);
      });
      // A frozen view makes any write by a bot throw, so the game finishing proves none wrote.
      const { log } = playGame(config, `view-only-${variant}`, bots);
      const next = records.map(() => 0);
      replayOrThrow(pinochle, config, `view-only-${variant}`, log, (state, _after, { seat }) => {
        const seen = records[seat]![next[seat]!++]!.view;
        expect(seen.viewer).toBe(seat);
        expect(seen).toEqual(view(state, seat));
        expect(sameCards(seen.hand!, state.hand.hands[seat]!)).toBe(true);
        // Nothing of the hidden state travels with the view.
        expect(Object.keys(seen)).not.toContain('seed');
        expect(JSON.stringify(seen)).not.toContain(state.hand.seed);
      });
      expect(next).toEqual(records.map((r) => r.length));
    });
  }

  it('the same view and random stream give the same decision, for both bots', () => {
    const config = defaultConfig('cutthroat');
    let state = createGame(config, 'determinism');
    for (let step = 0; step < 200 && state.phase !== 'game-over'; step++) {
      const seat = state.toAct[0]!;
      for (const bot of [heuristicBot, randomBot]) {
        const a = bot.decide(view(state, seat), seededRandom(`d-${step}`));
        const b = bot.decide(view(state, seat), seededRandom(`d-${step}`));
        expect(a).toEqual(b);
      }
      const result = apply(state, seat, heuristicBot.decide(view(state, seat), seededRandom('x')));
      if (!result.ok) throw new Error(result.rejection.message);
      state = result.state;
    }
  });
});
