/** The double-deck end-of-hand solver against a plain minimax (the engine's own rules, no pruning, no memory). */
import {
  apply,
  type Card,
  createGame,
  defaultConfig,
  type GameState,
  isCounter,
  legalCards,
  type PlayedCard,
  SUITS,
  type Suit,
  view,
  winningIndex,
} from '@kibitz/rules/pinochle';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../common/random.ts';
import { heuristicBot } from '../heuristic/index.ts';
import { shuffled } from './cards.ts';
import { bestEndCard, solveEnd, type TrickEnd } from './solve.ts';

function minimax(p: TrickEnd): number {
  const { hands, trick, turn, trump, rule } = p;
  if (trick.length === 0 && hands[turn]!.length === 0) return 0;
  const values = legalCards(hands[turn]!, trick, trump, rule).map((card) => {
    const rest = hands.map((cards, seat) => {
      if (seat !== turn) return cards;
      const copy = [...cards];
      copy.splice(copy.indexOf(card), 1);
      return copy;
    });
    const played: PlayedCard[] = [...trick, { seat: turn, card }];
    if (played.length < 4) return minimax({ ...p, hands: rest, trick: played, turn: (turn + 1) % 4 });
    const winner = played[winningIndex(played, trump)]!.seat;
    let won = played.filter((x) => isCounter(x.card)).length * p.counter;
    if (rest.every((cards) => cards.length === 0)) won += p.lastTrick;
    return (winner % 2 === 0 ? won : 0) + minimax({ ...p, hands: rest, trick: [], turn: winner });
  });
  return turn % 2 === 0 ? Math.max(...values) : Math.min(...values);
}

/** A random end of a double-deck hand: `tricks` cards a seat, `inTrick` of them already played to the trick. */
function randomEnd(seed: string, tricks: number, inTrick: number, rule: 'strict' | 'east'): TrickEnd {
  const random = seededRandom(seed);
  const game = createGame(defaultConfig('double-deck'), seed);
  const deck = shuffled(game.hand.hands.flat(), random);
  const leader = Math.floor(random() * 4);
  const trump: Suit = SUITS[Math.floor(random() * 4)]!;
  const hands: Card[][] = [0, 1, 2, 3].map(() => deck.splice(0, tricks));
  // The trick's cards played legally from the seats' hands.
  const trick: PlayedCard[] = [];
  for (let i = 0; i < inTrick; i++) {
    const seat = (leader + i) % 4;
    const options = legalCards(hands[seat]!, trick, trump, rule);
    const card = options[Math.floor(random() * options.length)]!;
    hands[seat]!.splice(hands[seat]!.indexOf(card), 1);
    trick.push({ seat, card });
  }
  return { hands, trick, turn: (leader + inTrick) % 4, trump, rule, counter: 1, lastTrick: 2 };
}

describe('double-deck end solver', () => {
  it('agrees with a plain minimax on random endings of up to three tricks', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom('strict' as const, 'east' as const),
        (seed, tricks, inTrick, rule) => {
          const end = randomEnd(seed, tricks, inTrick, rule);
          const exact = minimax(end);
          expect(solveEnd(end)).toBe(exact);
          const best = bestEndCard(end);
          expect(best.value).toBe(exact);
          expect(legalCards(end.hands[end.turn]!, end.trick, end.trump, rule)).toContain(best.card);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a memo shared between solves of the same trump gives the same values', () => {
    const memo = new Map();
    for (let n = 0; n < 20; n++) {
      const end = { ...randomEnd(`m${n}`, 3, n % 4, 'strict'), trump: 'H' as const };
      expect(solveEnd(end, memo)).toBe(minimax(end));
    }
  });

  it('counts the last trick and every counter: all 20 cards to one side', () => {
    const end: TrickEnd = {
      hands: [['AH'], ['KH'], ['TH'], ['QH']],
      trick: [],
      turn: 0,
      trump: 'S',
      rule: 'strict',
      counter: 1,
      lastTrick: 2,
    };
    expect(solveEnd(end)).toBe(3 + 2);
  });

  it('playing its best card at every turn, each seat reaches the solved value in the engine', () => {
    let solved = 0;
    for (let n = 0; n < 6; n++) {
      let state: GameState = createGame(defaultConfig('double-deck'), `end-line-${n}`);
      const step = (seat: number, action: Parameters<typeof apply>[2]): void => {
        const result = apply(state, seat, action);
        if (!result.ok) throw new Error(result.rejection.message);
        state = result.state;
      };
      // The heuristic plays the hand down to its last four tricks (or the hand ends before).
      while (state.history.length === 0 && !(state.phase === 'play' && state.hand.hands[0]!.length <= 4)) {
        const seat = state.toAct[0]!;
        step(
          seat,
          heuristicBot.decide(view(state, seat), () => 0),
        );
      }
      if (state.history.length > 0) continue;
      const end = (): TrickEnd => ({
        hands: state.hand.hands,
        trick: state.hand.trick,
        turn: state.toAct[0]!,
        trump: state.hand.trump!,
        rule: 'strict',
        counter: 1,
        lastTrick: 2,
      });
      const before = [0, 2].reduce((sum, seat) => sum + state.hand.won[seat]!.filter(isCounter).length, 0);
      const value = solveEnd(end());
      while (state.history.length === 0)
        step(state.toAct[0]!, { type: 'play', card: bestEndCard(end()).card });
      expect(state.history[0]!.trickPoints[0]! - before).toBe(value);
      solved++;
    }
    expect(solved).toBeGreaterThanOrEqual(3);
  });
});
