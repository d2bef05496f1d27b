/**
 * The Pinochle review against a brute-force search through the rules package: on random
 * deals of every form, each card of the last three tricks is judged by trying every action
 * `legalActions` lists, through `apply`, to the end of the hand, and reading the bidder's
 * side's trick points off the hand's result. The review's losses and best cards must be
 * exactly those.
 */
import {
  type Action,
  apply,
  createGame,
  defaultConfig,
  type GameConfig,
  type GameState,
  legalActions,
  pinochleTable,
  replay,
  VARIANTS,
} from '@kibitz/rules/pinochle';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pinochleBots } from './module.ts';
import { reviewPinochle } from './review.ts';

type Logged = { seat: number; action: Action };

/** A game played by the quick bots until its first hand played out (null when none in 30 deals). */
function firstPlayedHand(config: GameConfig, seed: string): Logged[] | null {
  let state = createGame(config, seed);
  const actions: Logged[] = [];
  while (!state.history.some((hand) => hand.outcome === 'played')) {
    if (state.phase === 'game-over' || state.history.length > 30) return null;
    const seat = state.toAct[0]!;
    const action = pinochleBots.quickMove(state, seat);
    const result = apply(state, seat, action);
    if (!result.ok) throw new Error(result.rejection.message);
    actions.push({ seat, action });
    state = result.state;
  }
  return actions;
}

/** The bidder's side's trick points at the end of the hand from `state` on, by best play of all (plain minimax). */
function bruteForce(state: GameState, side: readonly number[], sideIndex: number, hands: number): number {
  if (state.history.length > hands) return state.history.at(-1)!.trickPoints[sideIndex]!;
  const seat = state.toAct[0]!;
  const values = legalActions(state, seat).map((action) => {
    const result = apply(state, seat, action);
    if (!result.ok) throw new Error(result.rejection.message);
    return bruteForce(result.state, side, sideIndex, hands);
  });
  return side.includes(seat) ? Math.max(...values) : Math.min(...values);
}

describe('the review of the last three tricks equals a brute-force search through the rules', () => {
  for (const variant of VARIANTS) {
    for (const rule of ['strict', 'east'] as const) {
      it(`${variant}, ${rule} trick rule`, () => {
        const config = { ...defaultConfig(variant), trickRule: rule } as GameConfig;
        fc.assert(
          fc.property(fc.string({ minLength: 1, maxLength: 8 }), (seed) => {
            const actions = firstPlayedHand(config, seed);
            fc.pre(actions !== null);
            const review = reviewPinochle({ config, seed, actions: actions! }, { nodes: 20_000 });
            const hand = review.hands[0]!;
            const states = new Map<number, GameState>();
            replay(config, seed, actions!, (before) => states.set(before.version, before));
            const seats = states.get(hand.decisions[0]!.version)!.seatCount;
            const side = hand.par.side as number[];
            const sideIndex = pinochleTable(config).sides.findIndex((seatsOf) => seatsOf.includes(side[0]!));
            for (const decision of hand.decisions.slice(-3 * seats)) {
              const before = states.get(decision.version)!;
              const wants = side.includes(decision.seat) ? 1 : -1;
              const values = legalActions(before, decision.seat).map((action) => {
                const result = apply(before, decision.seat, action);
                if (!result.ok) throw new Error(result.rejection.message);
                return {
                  action,
                  value: wants * bruteForce(result.state, side, sideIndex, before.history.length),
                };
              });
              const top = Math.max(...values.map((v) => v.value));
              const own = values.find((v) => JSON.stringify(v.action) === JSON.stringify(decision.played))!;
              expect(decision.exact).toBe(true);
              expect(decision.loss).toBe(top - own.value);
              const best = values.filter((v) => v.value === top).map((v) => JSON.stringify(v.action));
              expect(decision.best.map((a) => JSON.stringify(a)).sort()).toEqual(best.sort());
            }
          }),
          { numRuns: 6 },
        );
      });
    }
  }
});

describe('a whole hand reviewed', () => {
  it('judges every card of a Cutthroat hand, each best card legal and loss 0 exactly when the card played is best', () => {
    const config = defaultConfig('cutthroat');
    const seed = 'review-1';
    const actions = firstPlayedHand(config, seed)!;
    const review = reviewPinochle({ config, seed, actions }, { nodes: 100_000 });
    const hand = review.hands[0]!;
    expect(hand.decisions).toHaveLength(45);
    const states = new Map<number, GameState>();
    replay(config, seed, actions, (before) => states.set(before.version, before));
    for (const decision of hand.decisions) {
      const legal = legalActions(states.get(decision.version)!, decision.seat).map((a) => JSON.stringify(a));
      for (const best of decision.best) expect(legal).toContain(JSON.stringify(best));
      expect(decision.loss).toBeGreaterThanOrEqual(0);
      const isBest = decision.best.some((best) => JSON.stringify(best) === JSON.stringify(decision.played));
      expect(decision.loss === 0).toBe(isBest);
    }
    expect(hand.par.unit).toBe('points');
    // An estimated decision says so, and so does the par when the first lead was estimated.
    expect(hand.par.exact).toBe(hand.decisions[0]!.exact);
  });
});
