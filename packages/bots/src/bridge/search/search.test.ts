/**
 * The Bridge card-play search: it never acts illegally, it decides from its own view alone,
 * and it samples layouts that honour every void a hand has shown.
 */
import { createRandom } from '@kibitz/rules';
import {
  type BridgeState,
  bridgeSuitOf,
  bridgeView,
  createBridgeGame,
  legalBridgeActions,
  parseBridgeConfig,
} from '@kibitz/rules/bridge';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BridgeBot, ruleBridgeBot } from '../bot.ts';
import { decideBridgeBot } from '../index.ts';
import { playBridgeRubber } from '../play-rubber.ts';
import { randomBridgeBot } from '../random-bot.ts';
import { act, bridgeConfig, scrambled } from '../test-support.ts';
import { hiddenCards, sampleLayout } from './sample.ts';

/** A reproducible search (no clock) with a small budget, so the tests stay quick. */
const SMALL = { deals: 4, maxMs: Number.POSITIVE_INFINITY } as const;

const searchBot: BridgeBot = {
  name: 'bridge-search',
  decide: (view, random) =>
    decideBridgeBot({ view, level: 'normal', seed: String(random()), budget: SMALL }).action,
};
/** Strong: layouts solved exactly where the solve fits, else play-outs ending in an exact solve (few layouts, for speed). */
const strongBot: BridgeBot = {
  name: 'bridge-strong',
  decide: (view, random) =>
    decideBridgeBot({
      view,
      level: 'strong',
      seed: String(random()),
      budget: { ...SMALL, deals: 2, solveLast: 4, exactDeals: 2 },
    }).action,
};

describe('the Bridge search bot in random hands', () => {
  for (const players of [4, 3] as const) {
    it(`${players} players: every action is legal (playBridgeRubber checks each)`, () => {
      const configArb = fc
        .record({ nullo: fc.boolean(), paced: fc.boolean(), royalAuction: fc.boolean() })
        .map((options) => {
          const parsed = parseBridgeConfig({ game: 'auction-bridge', players, handLimit: 1, ...options });
          if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
          return parsed.config;
        });
      const seatsArb = fc.array(
        fc.constantFrom<BridgeBot>(searchBot, strongBot, ruleBridgeBot, randomBridgeBot),
        {
          minLength: players,
          maxLength: players,
        },
      );
      fc.assert(
        fc.property(configArb, seatsArb, fc.nat(), (config, seats, seed) => {
          // Seats 0 and 1 always search (one of them plays cards whoever is dummy), one of
          // them solving the last tricks; the others search, follow the rules or play at random.
          const bots = [searchBot, strongBot, ...seats.slice(2)];
          const { state, log } = playBridgeRubber(config, `search-prop-${seed}`, bots);
          expect(state.phase).toBe('game-over');
          if (log.some(({ action }) => action.type === 'play')) {
            expect(log.some(({ seat, action }) => seat <= 1 && action.type === 'play')).toBe(true);
          }
        }),
        { numRuns: 4 },
      );
    }, 120_000);
  }
});

/** Every state of one hand played by rule bots, with the seat to act. */
function statesOfAHand(players: 3 | 4, seed: string): BridgeState[] {
  const config = bridgeConfig({ players, handLimit: 1 });
  const { log } = playBridgeRubber(config, seed, Array(players).fill(ruleBridgeBot));
  let state = createBridgeGame(config, seed);
  const states: BridgeState[] = [];
  for (const { action } of log) {
    states.push(state);
    state = act(state, [action]);
  }
  return states;
}

describe('the Bridge search reads only its own view', () => {
  for (const players of [4, 3] as const) {
    it(`${players} players: hidden cards dealt anew never change a card chosen with a fixed seed`, () => {
      const random = createRandom(`search-scramble-${players}`);
      let searched = 0;
      for (const state of statesOfAHand(players, `search-view-${players}`)) {
        if (state.phase !== 'play') continue;
        const seat = state.toAct[0]!;
        const view = bridgeView(state, seat);
        const other = bridgeView(scrambled(state, seat, random), seat);
        // Strong solves its layouts exactly (or their last tricks): from the layout, never the true hands.
        const strong = {
          level: 'strong',
          seed: 'fixed',
          budget: { deals: 2, maxMs: Number.POSITIVE_INFINITY, solveLast: 4, exactDeals: 2 },
        } as const;
        expect(decideBridgeBot({ view: other, ...strong })).toEqual(decideBridgeBot({ view, ...strong }));
        const request = {
          level: 'normal',
          seed: 'fixed',
          budget: { deals: 6, maxMs: Number.POSITIVE_INFINITY },
        } as const;
        const choice = decideBridgeBot({ view, ...request });
        expect(decideBridgeBot({ view: other, ...request })).toEqual(choice);
        expect(legalBridgeActions(state, seat)).toContainEqual(choice.action);
        if (choice.deals > 0) searched++;
      }
      // Most cards had a real choice to search (the last tricks often do not).
      expect(searched).toBeGreaterThan(10);
    }, 120_000);
  }
});

describe('sampled layouts', () => {
  it('hold every unseen card once, fill each hidden hand to its count and honour shown voids', () => {
    for (const state of statesOfAHand(4, 'layouts')) {
      if (state.phase !== 'play') continue;
      const view = bridgeView(state, state.toAct[0]!);
      const hidden = hiddenCards(view);
      const layout = sampleLayout(hidden, createRandom(`layout-${view.version}`), 20);
      expect(layout.flat().sort()).toEqual(state.hand.hands.flat().sort());
      for (const { id, voids } of hidden.hands) {
        expect(layout[id]).toHaveLength(state.hand.hands[id]!.length);
        for (const card of layout[id]!) expect(voids.has(bridgeSuitOf(card))).toBe(false);
      }
      for (let id = 0; id < 4; id++)
        if (hidden.known[id] !== null) expect(layout[id]).toEqual(hidden.known[id]);
    }
  });
});
