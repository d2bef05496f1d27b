/**
 * Reading the auction (strong level): with heuristic bidders the real deal never
 * disagrees with the bids and passes (the reading is sound), while a deal that gives a
 * raiser a worthless hand does (the reading tells something).
 */
import {
  apply,
  type Card,
  createGame,
  defaultConfig,
  type GameState,
  VARIANTS,
  view,
} from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { heuristicBot } from '../heuristic/index.ts';
import { auctionMisfits } from './bidding.ts';

function step(state: GameState): GameState {
  const seat = state.toAct[0]!;
  const result = apply(
    state,
    seat,
    heuristicBot.decide(view(state, seat), () => 0),
  );
  if (!result.ok) throw new Error(result.rejection.message);
  return result.state;
}

describe('reading the auction', () => {
  for (const variant of VARIANTS) {
    it(`${variant}: the real deal fits every seat's bids, at every point of the hand`, () => {
      let checked = 0;
      for (let n = 0; n < 6; n++) {
        let state = createGame(defaultConfig(variant), `auction-${n}`);
        while (state.history.length === 0) {
          for (let me = 0; me < state.seatCount; me++) expect(auctionMisfits(state, me)).toBe(0);
          checked++;
          state = step(state);
        }
      }
      expect(checked).toBeGreaterThan(100);
    });
  }

  it('a raiser given a worthless hand does not fit', () => {
    let found = 0;
    for (let n = 0; n < 40 && found < 3; n++) {
      let state = createGame(defaultConfig('cutthroat'), `raise-${n}`);
      while (state.phase === 'bidding') {
        const raise = state.hand.bidding.entries.find(
          (entry, i) =>
            entry.amount !== null && state.hand.bidding.entries.slice(0, i).some((e) => e.amount !== null),
        );
        if (raise) {
          const me = (raise.seat + 1) % state.seatCount;
          expect(auctionMisfits(state, me)).toBe(0);
          const size = state.hand.hands[raise.seat]!.length;
          const worthless = Array.from({ length: size }, (_, i): Card => (i % 2 === 0 ? '9S' : '9H'));
          const hands = state.hand.hands.map((cards, seat) => (seat === raise.seat ? worthless : cards));
          const weak = { ...state, hand: { ...state.hand, hands } };
          expect(auctionMisfits(weak, me)).toBeGreaterThan(0);
          found++;
          break;
        }
        state = step(state);
      }
    }
    expect(found).toBeGreaterThan(0);
  });
});
