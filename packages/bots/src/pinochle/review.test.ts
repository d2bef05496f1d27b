/**
 * The Pinochle review against a brute-force search through the rules package: on random
 * deals of every form, each card of the last three tricks is judged by trying every action
 * `legalActions` lists, through `apply`, to the end of the hand, and reading the bidder's
 * side's trick points off the hand's result. The review's losses and best cards must be
 * exactly those.
 */
import {
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
import { actionValues, expectBestLegal, expectJudgedAs } from '../common/test-support.ts';
import { reviewPinochle } from './review.ts';
import { firstPlayedHand, pinochleRules } from './test-support.ts';

/** The bidder's side's trick points at the end of the hand from `state` on, by best play of all (plain minimax). */
function bruteForce(state: GameState, side: readonly number[], sideIndex: number, hands: number): number {
  if (state.history.length > hands) return state.history.at(-1)!.trickPoints[sideIndex]!;
  const seat = state.toAct[0]!;
  const values = actionValues(state, seat, pinochleRules, (after) =>
    bruteForce(after, side, sideIndex, hands),
  ).map((v) => v.value);
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
              const values = actionValues(
                before,
                decision.seat,
                pinochleRules,
                (after) => wants * bruteForce(after, side, sideIndex, before.history.length),
              );
              expectJudgedAs(decision, values);
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
    expectBestLegal(hand.decisions, (decision) => legalActions(states.get(decision.version)!, decision.seat));
    expect(hand.par.unit).toBe('points');
    // An estimated decision says so, and so does the par when the first lead was estimated.
    expect(hand.par.exact).toBe(hand.decisions[0]!.exact);
  });
});
