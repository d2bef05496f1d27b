/**
 * Test oracle only (not exported by index.ts): a slow meld evaluator written the other
 * way round. It gives every physical card copy of the hand an identity, tries every set
 * of meld instances built from those copies, checks the set card by card against the
 * class rules, and keeps the best score. Exponential, so only for small hands.
 */

import { type Card, SUITS, type Suit } from '../cards.ts';
import { type MeldValues, meldValue } from './tables.ts';
import type { MeldRules } from './types.ts';

type Kind = 'run' | 'marriage' | 'dix' | 'pinochle' | 'around' | 'roundhouse';

interface Template {
  kind: Kind;
  /** instances of one group are one meld; their number is its multiplicity */
  group: string;
  /** one copy of each of these cards makes an instance */
  cards: readonly Card[];
}

interface Instance {
  kind: Kind;
  group: string;
  /** indexes into the hand */
  copies: number[];
}

export function referenceMeldTotal(hand: readonly Card[], trump: Suit, rules: MeldRules): number {
  const { roundhouse } = rules;
  const marriage = (suit: Suit): Template => ({
    kind: 'marriage',
    group: suit,
    cards: [`K${suit}`, `Q${suit}`],
  });
  /*
   * Groups of templates that constrain each other only through the roundhouse meld: with
   * the roundhouses fixed, each group is searched on its own and the gains add up.
   * Runs and trump marriages share cards, so they form one group.
   */
  const groups: Template[][] = [
    [
      { kind: 'run', group: 'run', cards: [`A${trump}`, `T${trump}`, `K${trump}`, `Q${trump}`, `J${trump}`] },
      marriage(trump),
    ],
    [{ kind: 'dix', group: 'dix', cards: [`9${trump}`] }],
    ...SUITS.filter((suit) => suit !== trump).map((suit) => [marriage(suit)]),
    [{ kind: 'pinochle', group: 'pinochle', cards: ['QS', 'JD'] }],
    ...(['A', 'K', 'Q', 'J'] as const).map((rank): Template[] => [
      { kind: 'around', group: rank, cards: SUITS.map((suit): Card => `${rank}${suit}`) },
    ]),
  ];
  const asMeld = roundhouse.sharesRunMarriage || roundhouse.single !== null || roundhouse.double !== null;
  const roundhouses: Template[] = asMeld
    ? [
        {
          kind: 'roundhouse',
          group: 'roundhouse',
          cards: SUITS.flatMap((suit): Card[] => [`K${suit}`, `Q${suit}`]),
        },
      ]
    : [];

  const score = (chosen: readonly Instance[]): number => scoreSet(hand, trump, rules, chosen);
  let best = Number.NEGATIVE_INFINITY;
  forEachSet(hand, roundhouses, [], (fixed) => {
    const base = score(fixed);
    if (base === Number.NEGATIVE_INFINITY) return;
    let total = base;
    for (const group of groups) {
      let gain = Number.NEGATIVE_INFINITY;
      forEachSet(hand, group, fixed, (chosen) => {
        gain = Math.max(gain, score([...fixed, ...chosen]) - base);
      });
      total += gain;
    }
    best = Math.max(best, total);
  });
  return best;
}

/**
 * Visits every set of instances of the templates (beside the `fixed` ones) in which no copy
 * serves twice in melds of one kind, a rule every reading shares. Copies of one card that
 * so far belong to the same kinds of melds are interchangeable, so only the first of them
 * is tried: that keeps the search small without leaving out any distinct assignment.
 */
function forEachSet(
  hand: readonly Card[],
  templates: readonly Template[],
  fixed: readonly Instance[],
  visitSet: (chosen: readonly Instance[]) => void,
): void {
  const chosen: Instance[] = [];
  const kindsOf = (copy: number): string =>
    [...fixed, ...chosen]
      .filter((instance) => instance.copies.includes(copy))
      .map((instance) => instance.kind)
      .sort()
      .join();
  const picks = (template: Template): number[][] => {
    let result: number[][] = [[]];
    for (const card of template.cards) {
      const seen = new Set<string>();
      const options: number[] = [];
      hand.forEach((held, copy) => {
        if (held !== card) return;
        const kinds = kindsOf(copy);
        if (kinds.split(',').includes(template.kind) || seen.has(kinds)) return;
        seen.add(kinds);
        options.push(copy);
      });
      result = result.flatMap((pick) => options.map((copy) => [...pick, copy]));
    }
    return result;
  };
  const visit = (index: number): void => {
    if (index === templates.length) {
      visitSet(chosen);
      return;
    }
    visit(index + 1);
    const template = templates[index]!;
    for (const copies of picks(template)) {
      chosen.push({ kind: template.kind, group: template.group, copies });
      visit(index); // maybe one more instance of the same template
      chosen.pop();
    }
  };
  visit(0);
}

/** Points of a set of instances, or -Infinity if the class rules forbid it. */
function scoreSet(hand: readonly Card[], trump: Suit, rules: MeldRules, chosen: readonly Instance[]): number {
  const { table, runMarriages, roundhouse } = rules;
  const inRun = new Set<number>();
  const inRoundhouse = new Set<number>();
  const inAround = new Set<number>();
  const marriageOf = new Map<number, Instance>();
  for (const instance of chosen) {
    for (const copy of instance.copies) {
      if (instance.kind === 'run') inRun.add(copy);
      if (instance.kind === 'roundhouse') inRoundhouse.add(copy);
      if (instance.kind === 'around') inAround.add(copy);
      if (instance.kind === 'marriage') marriageOf.set(copy, instance);
    }
  }
  // Class 3: a roundhouse's kings and queens are its kings and queens around.
  for (const copy of inRoundhouse) if (inAround.has(copy)) return Number.NEGATIVE_INFINITY;
  // Class 1, card by card.
  for (const [copy, marriage] of marriageOf) {
    if (inRoundhouse.has(copy)) return Number.NEGATIVE_INFINITY;
    if (!inRun.has(copy)) continue;
    // [003]: a run's K or Q may marry an extra card, never the run's own partner.
    if (runMarriages !== 'extra-card-marries-run') return Number.NEGATIVE_INFINITY;
    const partner = marriage.copies.find((other) => other !== copy)!;
    if (inRun.has(partner)) return Number.NEGATIVE_INFINITY;
  }
  for (const copy of inRoundhouse) {
    if (inRun.has(copy) && !roundhouse.sharesRunMarriage) return Number.NEGATIVE_INFINITY;
  }
  if (
    runMarriages === 'extra-card-marries-run' &&
    !extrasMarryFirst(hand, trump, chosen, inRun, inRoundhouse)
  ) {
    return Number.NEGATIVE_INFINITY;
  }

  const sizes = new Map<string, number>();
  for (const instance of chosen) {
    const key = `${instance.kind}:${instance.group}`;
    sizes.set(key, (sizes.get(key) ?? 0) + 1);
  }
  const size = (kind: Kind, group: string): number => sizes.get(`${kind}:${group}`) ?? 0;

  let total = meldValue(table.run, size('run', 'run')) + meldValue(table.dix, size('dix', 'dix'));
  total += meldValue(table.pinochle, size('pinochle', 'pinochle'));
  total +=
    meldValue(table.acesAround, size('around', 'A')) + meldValue(table.kingsAround, size('around', 'K'));
  total +=
    meldValue(table.queensAround, size('around', 'Q')) + meldValue(table.jacksAround, size('around', 'J'));
  for (const suit of SUITS) {
    if (suit !== trump) total += meldValue(table.commonMarriage, size('marriage', suit));
  }
  const royal = size('marriage', trump);
  let royalPoints = meldValue(table.royalMarriage, royal);
  if (runMarriages === 'extra-pair-includes-run' && royal > 0) {
    // Toby Thomas: beside a trump marriage, the runs' own pairs may join the multiple marriage.
    const unboundRuns = chosen.filter(
      (instance) => instance.kind === 'run' && instance.copies.every((copy) => !inRoundhouse.has(copy)),
    ).length;
    for (let extra = 1; extra <= unboundRuns; extra++) {
      royalPoints = Math.max(royalPoints, meldValue(table.royalMarriage, royal + extra));
    }
  }
  total += royalPoints;

  const roundhouses = size('roundhouse', 'roundhouse');
  if (roundhouses > 0) {
    const allowed =
      roundhouse.sharesRunMarriage ||
      (roundhouses === 1 && roundhouse.single !== null) ||
      (roundhouses === 2 && roundhouse.double !== null);
    if (!allowed) return Number.NEGATIVE_INFINITY;
    total += roundhouseSetValue(rules, roundhouses);
  }
  return total;
}

function roundhouseSetValue(rules: MeldRules, sets: number): number {
  const { single, double } = rules.roundhouse;
  if (sets === 1 && single !== null) return single;
  if (sets === 2 && double !== null) return double;
  const parts: MeldValues[] = [rules.table.royalMarriage, rules.table.kingsAround, rules.table.queensAround];
  return parts.reduce(
    (sum, values) => sum + meldValue(values, sets),
    3 * meldValue(rules.table.commonMarriage, sets),
  );
}

/**
 * House-rules reading 2: "With both an extra king and an extra queen, the two extras form
 * one marriage". So an extra trump K may marry a run's Q only if every extra trump Q is
 * already married to an extra K (and the same with kings and queens swapped).
 */
function extrasMarryFirst(
  hand: readonly Card[],
  trump: Suit,
  chosen: readonly Instance[],
  inRun: ReadonlySet<number>,
  inRoundhouse: ReadonlySet<number>,
): boolean {
  const isFree = (copy: number): boolean => !inRun.has(copy) && !inRoundhouse.has(copy);
  const trumpMarriages = chosen.filter(
    (instance) => instance.kind === 'marriage' && instance.group === trump,
  );
  for (const [extraRank, otherRank] of [
    ['K', 'Q'],
    ['Q', 'K'],
  ] as const) {
    const rankOfCopy = (copy: number): string => hand[copy]![0]!;
    const extraMarriesRun = trumpMarriages.some((marriage) =>
      marriage.copies.every((copy) => (rankOfCopy(copy) === extraRank ? isFree(copy) : inRun.has(copy))),
    );
    if (!extraMarriesRun) continue;
    const freeOthers = hand.flatMap((card, copy) =>
      card === `${otherRank}${trump}` && isFree(copy) ? [copy] : [],
    );
    const marriedToExtra = (copy: number): boolean =>
      trumpMarriages.some(
        (marriage) => marriage.copies.includes(copy) && marriage.copies.every((other) => isFree(other)),
      );
    if (!freeOthers.every(marriedToExtra)) return false;
  }
  return true;
}
