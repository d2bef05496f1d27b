/**
 * A search bot's decision depends only on its own views. At every turn of a bot seat,
 * the true state's hidden cards (the other hands, the widow before it is turned, cards
 * buried by another bidder) are shuffled among those same places; the seat's view stays
 * the same, and with the same memory and the same sampling seed the bot chooses the same
 * action: nothing it decides comes from the cards it cannot see.
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
import { seededRandom } from '../common/random.ts';
import { heuristicBot } from './heuristic/index.ts';
import { type BotLevel, decideBot } from './levels.ts';
import { shuffled } from './search/cards.ts';
import type { BotMemory } from './search/memory.ts';

const NO_CLOCK = { deals: 4, playDeals: 4, maxMs: Number.POSITIVE_INFINITY };

/** The state with every card `seat` cannot see dealt again at random into the same places. */
function scramble(state: GameState, seat: number, random: () => number): GameState {
  const hand = state.hand;
  const others = hand.hands.map((_, s) => s).filter((s) => s !== seat);
  const widowHidden = !hand.widowTurned;
  const buriedHidden = hand.bidder !== seat;
  const hidden: Card[] = [
    ...others.flatMap((s) => hand.hands[s]!),
    ...(widowHidden ? hand.widow : []),
    ...(buriedHidden ? hand.discards : []),
  ];
  const cards = shuffled(hidden, random);
  const take = (n: number): Card[] => cards.splice(0, n);
  const hands = hand.hands.map((cardsOf, s) => (s === seat ? cardsOf : take(cardsOf.length)));
  const widow = widowHidden ? take(hand.widow.length) : hand.widow;
  const discards = buriedHidden ? take(hand.discards.length) : hand.discards;
  return { ...state, seed: 'scrambled', hand: { ...hand, seed: 'scrambled', hands, widow, discards } };
}

describe("a search bot's decisions depend only on its views", () => {
  for (const variant of VARIANTS) {
    for (const level of ['normal', 'strong'] as BotLevel[]) {
      it(`${variant}, ${level}: scrambling every hidden card changes no decision`, () => {
        const config = defaultConfig(variant);
        const random = seededRandom(`scramble-${variant}`);
        let decisions = 0;
        let changedHidden = 0;
        for (let game = 0; game < 3; game++) {
          let state = createGame(config, `scramble-${variant}-${game}`);
          const seat = game % state.seatCount;
          let memory: BotMemory | null = null;
          let scrambledMemory: BotMemory | null = null;
          while (state.history.length === 0) {
            const actor = state.toAct[0]!;
            let action = heuristicBot.decide(view(state, actor), () => 0);
            if (state.toAct.includes(seat)) {
              const scrambled = scramble(state, seat, random);
              if (JSON.stringify(scrambled.hand.hands) !== JSON.stringify(state.hand.hands)) changedHidden++;
              // Consistent: the seat's view of the scrambled table is its view of the real one.
              expect(view(scrambled, seat)).toEqual(view(state, seat));
              const seed = `fixed-${decisions}`;
              const real = decideBot({ view: view(state, seat), memory, level, seed, budget: NO_CLOCK });
              const other = decideBot({
                view: view(scrambled, seat),
                memory: scrambledMemory,
                level,
                seed,
                budget: NO_CLOCK,
              });
              expect(other.action).toEqual(real.action);
              expect(other.memory).toEqual(real.memory);
              memory = real.memory;
              scrambledMemory = other.memory;
              decisions++;
              if (actor === seat) action = real.action;
            }
            const result = apply(state, actor, action);
            if (!result.ok) throw new Error(result.rejection.message);
            state = result.state;
          }
        }
        expect(decisions).toBeGreaterThan(20);
        expect(changedHidden).toBeGreaterThan(decisions / 2);
      });
    }
  }

  it('a different sampling seed may choose differently: the seed is what is fixed above', () => {
    // Sanity check on the test's power: the search is random in its samples, so equal
    // answers above are not because it ignores everything but the heuristic.
    const config = defaultConfig('cutthroat');
    let differs = 0;
    for (let n = 0; n < 30 && differs === 0; n++) {
      let state = createGame(config, `seeds-${n}`);
      while (state.phase === 'bidding') {
        const actor = state.toAct[0]!;
        const result = apply(
          state,
          actor,
          heuristicBot.decide(view(state, actor), () => 0),
        );
        if (!result.ok) throw new Error(result.rejection.message);
        state = result.state;
      }
      if (state.phase !== 'discard') continue;
      const seat = state.toAct[0]!;
      const budget = { deals: 3, playDeals: 3, maxMs: Number.POSITIVE_INFINITY, confidence: 0 };
      // Strong: normal leaves the bury to the heuristic.
      const a = decideBot({ view: view(state, seat), level: 'strong', seed: 'a', budget }).action;
      const b = decideBot({ view: view(state, seat), level: 'strong', seed: 'b', budget }).action;
      if (JSON.stringify(a) !== JSON.stringify(b)) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });
});
