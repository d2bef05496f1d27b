/**
 * Judging candidate cards in one sampled layout exactly: each candidate is played, and the
 * rest of the hand is solved double-dummy (solve.ts, by MTD(f) null-window searches as the
 * hand review does), every hand seen. The strong level's way of judging a layout wherever
 * the solve fits its node budget; where it does not (early tricks), the layout is played
 * out instead (rollout.ts).
 */
import type { BridgeCard, BridgeView, PlayedBridgeCard } from '@kibitz/rules/bridge';
import { mtd } from '../../common/mtd.ts';
import { type SolveBudget, SolveBudgetError } from '../../common/solve-budget.ts';
import { trickWinner } from '../table.ts';
import { sideValue } from './rollout.ts';
import { type SolveMemo, solveTricks } from './solve.ts';

/**
 * The value of each candidate in `layout` (four hands holding every unplayed card) for the
 * side of the view's seat, on rollout.ts's scale (`sideValue`): tricks by best play of all
 * after it, plus the contract bonus. Null when the solves together need more nodes than
 * `budget` allows (the layout is then judged another way; `memo` stays valid).
 */
export function exactValues(
  view: BridgeView,
  layout: readonly (readonly BridgeCard[])[],
  candidates: readonly BridgeCard[],
  memo: SolveMemo,
  budget: SolveBudget,
): number[] | null {
  const contract = view.contract!;
  const trump = contract.strain === 'NT' || contract.strain === 'NULLO' ? null : contract.strain;
  const declaring = [contract.declarerHand, contract.dummyHand];
  const taken = view.tricks.filter((t) => declaring.includes(t.winner)).length;
  const table = view.table;
  const turn = view.turn!;
  let guess = Math.ceil((13 - view.tricks.length) / 2);
  const values: number[] = [];
  try {
    for (const card of candidates) {
      const hands = layout.map((cards, h) => (h === turn ? cards.filter((c) => c !== card) : cards));
      let trick: PlayedBridgeCard[] = [...view.trick, { hand: turn, card }];
      let gained = 0;
      let next = table[(table.indexOf(turn) + 1) % 4]!;
      if (trick.length === 4) {
        next = trickWinner(trick, trump);
        gained = declaring.includes(next) ? 1 : 0;
        trick = [];
      }
      const left = hands.some((cards) => cards.length > 0);
      const position = {
        hands,
        trick,
        turn: next,
        table,
        trump,
        declaring,
        declaringWantsTricks: contract.strain !== 'NULLO',
      };
      const rest = left
        ? mtd(guess, (alpha, beta) => solveTricks(position, memo, budget, [alpha, beta]), 14)
        : 0;
      guess = rest;
      values.push(sideValue(view, taken + gained + rest));
    }
  } catch (error) {
    if (error instanceof SolveBudgetError) return null;
    throw error;
  }
  return values;
}
