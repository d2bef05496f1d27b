/** The end-of-hand solver against a plain minimax (every legal card, no pruning, no memory). */

import { createRandom } from '@kibitz/rules';
import {
  BRIDGE_DECK,
  type BridgeCard,
  type BridgeHandId,
  type BridgeSuit,
  bridgeSuitOf,
  type PlayedBridgeCard,
} from '@kibitz/rules/bridge';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { power } from '../table.ts';
import { type EndPosition, solveTricks } from './solve.ts';

function minimax(p: EndPosition): number {
  const { hands, trick, turn, table, trump, declaring, declaringWantsTricks } = p;
  if (trick.length === 0 && hands[turn]!.length === 0) return 0;
  const led = trick[0] === undefined ? null : bridgeSuitOf(trick[0].card);
  const following = hands[turn]!.filter((c) => bridgeSuitOf(c) === led);
  const legal = following.length > 0 ? following : hands[turn]!;
  const values = legal.map((card) => {
    const rest = hands.map((cards, h) => (h === turn ? cards.filter((c) => c !== card) : cards));
    const played = [...trick, { hand: turn, card }];
    if (played.length < 4) {
      const next = table[(table.indexOf(turn) + 1) % 4]!;
      return minimax({ ...p, hands: rest, trick: played, turn: next });
    }
    let best = played[0]!;
    for (const x of played) {
      const same = bridgeSuitOf(x.card) === bridgeSuitOf(best.card);
      if (same ? power(x.card) > power(best.card) : bridgeSuitOf(x.card) === trump) best = x;
    }
    const gained = declaring.includes(best.hand) ? 1 : 0;
    return gained + minimax({ ...p, hands: rest, trick: [], turn: best.hand });
  });
  const maximizing = declaring.includes(turn) === declaringWantsTricks;
  return maximizing ? Math.max(...values) : Math.min(...values);
}

/** A random ending: `tricks` cards a hand, some of the current trick already played. */
function ending(
  seed: number,
  tricks: number,
  inTrick: number,
  trump: BridgeSuit | null,
  nullo: boolean,
): EndPosition {
  const random = createRandom(`solve-${seed}`);
  const deck = [...BRIDGE_DECK];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const table: BridgeHandId[] = [0, 1, 2, 3];
  const leader = Math.floor(random() * 4);
  const hands: BridgeCard[][] = [0, 1, 2, 3].map(() => deck.splice(0, tricks));
  const trick: PlayedBridgeCard[] = [];
  let turn = leader;
  for (let i = 0; i < inTrick; i++) {
    // Any card that follows the lead, as the rules allow.
    const led = trick[0] === undefined ? null : bridgeSuitOf(trick[0].card);
    const own = hands[turn]!;
    const card = own.find((c) => bridgeSuitOf(c) === led) ?? own[0]!;
    hands[turn] = own.filter((c) => c !== card);
    trick.push({ hand: turn, card });
    turn = (turn + 1) % 4;
  }
  return { hands, trick, turn, table, trump, declaring: [1, 3], declaringWantsTricks: !nullo };
}

it('finds the tricks best play gives, as a full minimax does (trumps, no trump, nullo, mid-trick)', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 0, max: 3 }),
      fc.constantFrom<BridgeSuit | null>('S', 'H', null),
      fc.boolean(),
      (seed, tricks, inTrick, trump, nullo) => {
        const position = ending(seed, tricks, inTrick, trump, nullo);
        expect(solveTricks(position)).toBe(minimax(position));
      },
    ),
    { numRuns: 150 },
  );
});

it('agrees with the full minimax on four-trick endings too (every pruning and bound in play)', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.integer({ min: 0, max: 3 }),
      fc.constantFrom<BridgeSuit | null>('S', 'H', null),
      fc.boolean(),
      (seed, inTrick, trump, nullo) => {
        const position = ending(seed, 4, inTrick, trump, nullo);
        expect(solveTricks(position)).toBe(minimax(position));
      },
    ),
    { numRuns: 40 },
  );
});

it('gives the same answers with one memo shared by many solves of a contract', () => {
  const memo = new Map<string, number>();
  for (let seed = 0; seed < 60; seed++) {
    const position = ending(seed, 1 + (seed % 4), seed % 3, 'S', false);
    const fresh = solveTricks(position);
    expect(solveTricks(position, memo)).toBe(fresh);
    expect(solveTricks(position, memo)).toBe(fresh);
  }
});

it('counts a simple ending: two top trumps make both tricks', () => {
  const position: EndPosition = {
    hands: [
      ['2C', '3C'],
      ['AS', 'KS'],
      ['4C', '5C'],
      ['6C', '7C'],
    ],
    trick: [],
    turn: 1,
    table: [0, 1, 2, 3],
    trump: 'S',
    declaring: [1, 3],
    declaringWantsTricks: true,
  };
  expect(solveTricks(position)).toBe(2);
});
