import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildDeck,
  type Card,
  countCards,
  type DeckKind,
  RANKS,
  type Rank,
  removeCards,
  SUITS,
  type Suit,
} from '../cards.ts';
import { evaluateMeld } from './evaluate.ts';
import { referenceMeldTotal } from './reference.ts';
import {
  DOUBLE_DECK_BOOKS,
  DOUBLE_DECK_NPA,
  DOUBLE_DECK_SHEET,
  DOUBLE_DECK_TOBY_THOMAS,
  type MeldTable,
  SINGLE_DECK_BONUS,
  SINGLE_DECK_SIMPLY_DOUBLE,
  timesTen,
  withDoubleRoyalMarriage240,
  withSinglePinochle14,
} from './tables.ts';
import type { MeldItem, MeldKind, MeldResult, MeldRules, RoundhouseRule, RunMarriageRule } from './types.ts';

const TABLES: Record<DeckKind, readonly MeldTable[]> = {
  single: [SINGLE_DECK_BONUS, SINGLE_DECK_SIMPLY_DOUBLE, withDoubleRoyalMarriage240(SINGLE_DECK_BONUS)],
  double: [
    DOUBLE_DECK_SHEET,
    DOUBLE_DECK_BOOKS,
    DOUBLE_DECK_TOBY_THOMAS,
    DOUBLE_DECK_NPA,
    withSinglePinochle14(DOUBLE_DECK_SHEET),
    timesTen(DOUBLE_DECK_SHEET),
  ],
};
const RUN_RULES: readonly RunMarriageRule[] = [
  'separate',
  'extra-card-marries-run',
  'extra-pair-includes-run',
];
const ROUNDHOUSES: readonly RoundhouseRule[] = [
  { single: null, double: null, sharesRunMarriage: false },
  { single: 240, double: null, sharesRunMarriage: true },
  { single: 240, double: null, sharesRunMarriage: false },
  { single: null, double: null, sharesRunMarriage: true },
  { single: 34, double: 240, sharesRunMarriage: false },
  { single: 34, double: 240, sharesRunMarriage: true },
];

const trumpArb = fc.constantFrom<Suit>(...SUITS);

function rulesArb(deck: DeckKind): fc.Arbitrary<MeldRules> {
  return fc.record({
    table: fc.constantFrom(...TABLES[deck]),
    runMarriages: fc.constantFrom(...RUN_RULES),
    roundhouse: fc.constantFrom(...ROUNDHOUSES),
  });
}

/** Uniform hands rarely meld much, so half the hands come from a pool of meld cards. */
function handArb(deck: DeckKind, trump: Suit, minLength: number, maxLength: number): fc.Arbitrary<Card[]> {
  const full = buildDeck(deck);
  const rich = full.filter(
    (card) => card[0] === 'K' || card[0] === 'Q' || card[1] === trump || card === 'JD' || card[0] === 'A',
  );
  return fc.oneof(
    fc.shuffledSubarray(full, { minLength, maxLength }),
    fc.shuffledSubarray(rich, { minLength, maxLength: Math.min(maxLength, rich.length) }),
  );
}

const caseArb = (deck: DeckKind, minLength: number, maxLength: number) =>
  trumpArb.chain((trump) =>
    fc.record({
      trump: fc.constant(trump),
      hand: handArb(deck, trump, minLength, maxLength),
      rules: rulesArb(deck),
    }),
  );

const CLASS_OF: Record<MeldKind, readonly number[]> = {
  run: [1],
  'royal-marriage': [1],
  'common-marriage': [1],
  dix: [1],
  roundhouse: [1, 3],
  pinochle: [2],
  'aces-around': [3],
  'kings-around': [3],
  'queens-around': [3],
  'jacks-around': [3],
};

function isSubMultiset(part: readonly Card[], whole: readonly Card[]): boolean {
  return removeCards(whole, part) !== null;
}

/** Copies of each card used by the items of each class. */
function classUse(items: readonly MeldItem[]): Map<Card, number>[] {
  const use = [new Map<Card, number>(), new Map<Card, number>(), new Map<Card, number>()];
  for (const item of items) {
    for (const meldClass of CLASS_OF[item.kind]) {
      const map = use[meldClass - 1]!;
      for (const card of item.cards) map.set(card, (map.get(card) ?? 0) + 1);
    }
  }
  return use;
}

function checkResult(hand: readonly Card[], trump: Suit, rules: MeldRules, result: MeldResult): void {
  expect(result.total).toBe(result.items.reduce((sum, item) => sum + item.points, 0));
  for (const item of result.items) {
    expect(item.points).toBeGreaterThan(0);
    expect(isSubMultiset(item.cards, hand)).toBe(true);
  }
  expect(isSubMultiset(result.shownCards, hand)).toBe(true);

  const held = countCards(hand);
  const use = classUse(result.items);
  const runs = result.items.find((item) => item.kind === 'run')?.multiplicity ?? 0;
  // Only the sharing rules let a trump K or Q serve twice in class 1, once more per run.
  const strict = rules.runMarriages === 'separate' && !rules.roundhouse.sharesRunMarriage;
  for (const map of use) {
    for (const [card, used] of map) {
      const slack = !strict && (card === `K${trump}` || card === `Q${trump}`) ? runs : 0;
      expect(used).toBeLessThanOrEqual((held.get(card) ?? 0) + slack);
    }
  }
  // shownCards: per card, the most copies used in one class, capped by the hand.
  const expected = new Map<Card, number>();
  for (const map of use) {
    for (const [card, used] of map) {
      expected.set(card, Math.min(held.get(card) ?? 0, Math.max(expected.get(card) ?? 0, used)));
    }
  }
  expect(countCards(result.shownCards)).toEqual(expected);
}

describe('evaluateMeld properties', () => {
  for (const deck of ['single', 'double'] as const) {
    const handSize = deck === 'single' ? 18 : 20;

    it(`${deck} deck: items add up, use only held cards, and respect the classes`, () => {
      fc.assert(
        fc.property(caseArb(deck, 0, handSize), ({ hand, trump, rules }) => {
          checkResult(hand, trump, rules, evaluateMeld(hand, trump, rules));
        }),
        { numRuns: 2000 },
      );
    });

    it(`${deck} deck: one more card never lowers the best meld`, () => {
      fc.assert(
        fc.property(caseArb(deck, 0, handSize), fc.nat(), ({ hand, trump, rules }, pick) => {
          const rest = removeCards(buildDeck(deck), hand)!;
          fc.pre(rest.length > 0);
          const bigger = [...hand, rest[pick % rest.length]!];
          expect(evaluateMeld(bigger, trump, rules).total).toBeGreaterThanOrEqual(
            evaluateMeld(hand, trump, rules).total,
          );
        }),
        { numRuns: 2000 },
      );
    });

    it(`${deck} deck: the order of the hand does not matter`, () => {
      fc.assert(
        fc.property(caseArb(deck, 0, handSize), fc.nat(), ({ hand, trump, rules }, seed) => {
          const shuffled = [...hand].sort(
            (a, b) => (hash(a, seed) - hash(b, seed)) | 0 || a.localeCompare(b),
          );
          expect(evaluateMeld(shuffled, trump, rules)).toEqual(evaluateMeld(hand, trump, rules));
        }),
        { numRuns: 500 },
      );
    });
  }

  // The brute force is exponential, so hands stay small. Besides random hands, hands are
  // built around the trump suit to reach the hard cases: runs beside extra trump kings and
  // queens, several runs, roundhouses beside runs.
  it('agrees with the card-by-card brute force on small single-deck hands', () => {
    const built = builtArb('single', { A: 2, T: 2, K: 2, Q: 2, J: 2, '9': 2 });
    fc.assert(
      fc.property(
        fc.oneof(caseArb('single', 0, 15), { arbitrary: built, weight: 3 }),
        ({ hand, trump, rules }) => {
          expect(evaluateMeld(hand, trump, rules).total).toBe(referenceMeldTotal(hand, trump, rules));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('agrees with the brute force on small double-deck hands too', () => {
    const built = builtArb('double', { A: 3, T: 3, K: 4, Q: 4, J: 3, '9': 0 });
    fc.assert(
      fc.property(
        fc.oneof(caseArb('double', 0, 12), { arbitrary: built, weight: 3 }),
        ({ hand, trump, rules }) => {
          expect(evaluateMeld(hand, trump, rules).total).toBe(referenceMeldTotal(hand, trump, rules));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

/** Up to `limits[rank]` copies of each trump rank, maybe a roundhouse, and up to three other kings or queens. */
function builtArb(deck: DeckKind, limits: Readonly<Record<Rank, number>>) {
  return trumpArb.chain((trump) => {
    const others = SUITS.filter((suit) => suit !== trump);
    const extras = others.flatMap((suit): Card[] => [`K${suit}`, `Q${suit}`]);
    return fc.record({
      trump: fc.constant(trump),
      hand: fc
        .tuple(
          fc.array(fc.nat(4), { minLength: RANKS.length, maxLength: RANKS.length }),
          fc.boolean(),
          fc.shuffledSubarray(extras, { maxLength: 3 }),
        )
        .map(([wanted, roundhouse, extra]) => {
          const hand: Card[] = [...extra];
          RANKS.forEach((rank, index) => {
            let copies = Math.min(wanted[index]!, limits[rank]);
            if (roundhouse && (rank === 'K' || rank === 'Q')) copies = Math.max(copies, 1);
            for (let copy = 0; copy < copies; copy++) hand.push(`${rank}${trump}`);
          });
          if (roundhouse) hand.push(...others.flatMap((suit): Card[] => [`K${suit}`, `Q${suit}`]));
          return hand;
        }),
      rules: rulesArb(deck),
    });
  });
}

/** A cheap deterministic scramble for reordering hands. */
function hash(card: Card, seed: number): number {
  return Math.imul(card.charCodeAt(0) * 31 + card.charCodeAt(1), 2654435761 ^ seed);
}
