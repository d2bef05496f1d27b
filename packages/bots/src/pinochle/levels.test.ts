/**
 * Search bots never act illegally: random deals of every variant (and random house
 * rules), every level at every seat, played through the engine, which refuses any
 * illegal action. Budgets are tiny (a few sampled deals, no clock) so the test is fast
 * and the same on every machine; the code paths are those of the full levels.
 */
import {
  apply,
  createGame,
  defaultConfig,
  type GameConfig,
  parseConfig,
  VARIANTS,
  view,
} from '@kibitz/rules/pinochle';
import { houseRulesArbitrary } from '@kibitz/rules/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../common/random.ts';
import { heuristicBot } from './heuristic/index.ts';
import { BOT_LEVELS, type BotLevel, decideBot, levelBot } from './levels.ts';

const TINY = { deals: 2, playDeals: 2, maxMs: Number.POSITIVE_INFINITY, attempts: 3 };

/** Plays `hands` hands (fewer if the game ends); throws on the first refused action. */
function playHands(config: GameConfig, seed: string, levels: readonly BotLevel[], hands: number): number {
  let state = createGame(config, seed);
  const bots = Array.from({ length: state.seatCount }, (_, seat) =>
    levelBot(levels[seat % levels.length]!, { budget: TINY }),
  );
  const randoms = bots.map((_, seat) => seededRandom(`${seed}:${seat}`));
  let actions = 0;
  while (state.history.length < hands && state.phase !== 'game-over') {
    const seat = state.toAct[0]!;
    const action = bots[seat]!.decide(view(state, seat), randoms[seat]!);
    const result = apply(state, seat, action);
    if (!result.ok) {
      throw new Error(
        `${bots[seat]!.name} at seat ${seat} (${config.variant}/${seed}, phase ${state.phase}): ` +
          `${JSON.stringify(action)} refused: ${result.rejection.message}`,
      );
    }
    state = result.state;
    actions++;
  }
  return actions;
}

describe('search bots make only accepted actions', () => {
  for (const variant of VARIANTS) {
    for (const level of BOT_LEVELS) {
      it(`${variant}, ${level} bots against the other levels: random deals`, () => {
        let actions = 0;
        fc.assert(
          fc.property(fc.nat(), (n) => {
            // The level at seat 0, the others after it in turn: every level meets every other.
            const others = BOT_LEVELS.filter((l) => l !== level);
            actions += playHands(defaultConfig(variant), `legal-${n}`, [level, ...others], 1);
          }),
          { numRuns: 3, seed: 10_010 },
        );
        expect(actions).toBeGreaterThan(0);
      });
    }
  }

  for (const variant of VARIANTS) {
    it(`${variant}, paced (tricks gathered, hands continued): normal and strong bots, two hands`, () => {
      const parsed = parseConfig({ variant, paced: true });
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      playHands(parsed.config, 'paced-0', ['strong', 'normal', 'easy'], 2);
      playHands(parsed.config, 'paced-1', ['normal', 'strong'], 2);
    });
  }

  // The double deck's card passing: every style and timing (passed cards in flight,
  // received, requested suits), since the search samples what the partner passed.
  const styles = [
    { style: 'simultaneous', timing: 'after-trump' },
    { style: 'simultaneous', timing: 'before-trump' },
    { style: 'partner-first', timing: 'after-trump' },
    { style: 'partner-first', timing: 'before-trump' },
    { style: 'toby-thomas', timing: 'before-trump' },
  ] as const;
  for (const passing of styles) {
    it(`double deck, ${passing.style} passing ${passing.timing}: strong and normal bots`, () => {
      const parsed = parseConfig({ variant: 'double-deck', cardPassing: { count: 3, ...passing } });
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      // Each level on each team once: the bidder's side and the other side both pass.
      playHands(parsed.config, 'passing-0', ['strong', 'normal'], 1);
      playHands(parsed.config, 'passing-b-0', ['normal', 'strong'], 1);
    });
  }

  it('random house rules of every variant: normal and strong bots', () => {
    fc.assert(
      fc.property(houseRulesArbitrary, fc.nat(), (config, n) => {
        playHands(config, `house-${n}`, ['strong', 'normal'], 1);
      }),
      { numRuns: 8, seed: 10_011 },
    );
  });
});

describe('what each level searches', () => {
  it('normal leaves the contract to the heuristic and searches its cards; strong searches both', () => {
    let state = createGame(defaultConfig('cutthroat'), 'levels-searches');
    const seen = { normal: new Set<string>(), strong: new Set<string>() };
    while (state.phase !== 'play' || state.hand.tricks.length < 2) {
      const seat = state.toAct[0]!;
      const seatView = view(state, seat);
      const kind = seatView.prompt?.kind ?? 'none';
      for (const level of ['normal', 'strong'] as const) {
        const decision = decideBot({ view: seatView, level, seed: 's', budget: TINY });
        if (decision.deals > 0) seen[level].add(kind);
        if (level === 'normal' && kind !== 'play') {
          expect(decision.action).toEqual(heuristicBot.decide(seatView, () => 0));
        }
      }
      const result = apply(
        state,
        seat,
        heuristicBot.decide(seatView, () => 0),
      );
      if (!result.ok) throw new Error(result.rejection.message);
      state = result.state;
    }
    expect([...seen.normal]).toEqual(['play']);
    expect(seen.strong.has('play')).toBe(true);
    expect(seen.strong.has('bid')).toBe(true);
  });
});
