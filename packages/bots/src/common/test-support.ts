/**
 * Helpers for the review tests and bench of every game: a game played by the quick bots
 * until its first hand is played out, and the checks of judged decisions.
 */
import { expect } from 'vitest';
import type { ReviewDecision } from './review.ts';

/** What the helpers read of a game's state. */
interface Playing {
  history: readonly { outcome: unknown }[];
  toAct: readonly number[];
}

/** A game's rules as the helpers use them. */
export interface TestRules<State, Action> {
  apply(
    state: State,
    seat: number,
    action: Action,
  ): { ok: true; state: State } | { ok: false; rejection: { message: string } };
  legal(state: State, seat: number): Action[];
}

/**
 * The actions of a game from `start`, every one `move`d by the bot of the seat to act,
 * until its first hand is played out; null once `givesUp` says the game will not get there.
 */
export function playFirstHand<State extends Playing, Action>(
  start: State,
  rules: Pick<TestRules<State, Action>, 'apply'>,
  move: (state: State, seat: number) => Action,
  givesUp: (state: State) => boolean = () => false,
): { seat: number; action: Action }[] | null {
  let state = start;
  const actions: { seat: number; action: Action }[] = [];
  while (!state.history.some((hand) => hand.outcome === 'played')) {
    if (givesUp(state)) return null;
    const seat = state.toAct[0]!;
    const action = move(state, seat);
    const result = rules.apply(state, seat, action);
    if (!result.ok) throw new Error(result.rejection.message);
    actions.push({ seat, action });
    state = result.state;
  }
  return actions;
}

/** Each action `seat` may take in `state`, valued by `valueAfter` on the state it leads to. */
export function actionValues<State, Action>(
  state: State,
  seat: number,
  rules: TestRules<State, Action>,
  valueAfter: (after: State) => number,
): { action: Action; value: number }[] {
  return rules.legal(state, seat).map((action) => {
    const result = rules.apply(state, seat, action);
    if (!result.ok) throw new Error(result.rejection.message);
    return { action, value: valueAfter(result.state) };
  });
}

/**
 * The decision is exact and judged as `values` (each legal action's value for the
 * deciding seat's side, the higher the better) judge it: its loss against the top and
 * every top action as its best.
 */
export function expectJudgedAs<Action>(
  decision: ReviewDecision<Action>,
  values: readonly { action: Action; value: number }[],
): void {
  const top = Math.max(...values.map((v) => v.value));
  const own = values.find((v) => JSON.stringify(v.action) === JSON.stringify(decision.played))!;
  expect(decision.exact).toBe(true);
  expect(decision.loss).toBe(top - own.value);
  const best = values.filter((v) => v.value === top).map((v) => JSON.stringify(v.action));
  expect(decision.best.map((a) => JSON.stringify(a)).sort()).toEqual(best.sort());
}

/** Every best action legal at its decision's version, no loss below 0, and loss 0 exactly when the card played is best. */
export function expectBestLegal<Action>(
  decisions: readonly ReviewDecision<Action>[],
  legalAt: (decision: ReviewDecision<Action>) => readonly unknown[],
): void {
  for (const decision of decisions) {
    const legal = legalAt(decision).map((a) => JSON.stringify(a));
    for (const best of decision.best) expect(legal).toContain(JSON.stringify(best));
    expect(decision.loss).toBeGreaterThanOrEqual(0);
    const isBest = decision.best.some((best) => JSON.stringify(best) === JSON.stringify(decision.played));
    expect(decision.loss === 0).toBe(isBest);
  }
}
