/**
 * A play-out: from a determinized state, the seat takes a candidate action and then
 * every seat (itself included, following the candidate's plan) plays on by the
 * heuristic until the hand is scored. The value is the seat's side's score change less
 * the average of the other sides', so a choice that only hurts opponents counts too.
 */
import { type Action, apply, type GameState, view } from '@kibitz/rules';
import { heuristicBot } from '../heuristic/index.ts';
import type { Candidate, Plan } from './candidates.ts';

const NO_RANDOM = (): number => 0;

/** Score sides: each seat three-handed, teams 0+2 and 1+3 in the double deck. */
export function sideOf(state: { seatCount: number }, seat: number): number {
  return state.seatCount === 4 ? seat % 2 : seat;
}

function planned(state: GameState, seat: number, plan: Plan): Action {
  const seen = view(state, seat);
  const prompt = seen.prompt;
  if (prompt?.kind === 'bid' && plan.bidLimit !== undefined) {
    const lowest = prompt.bids[0];
    if (lowest === undefined) return { type: 'pass' };
    if (!prompt.canPass || lowest <= plan.bidLimit) return { type: 'bid', amount: lowest };
    return { type: 'pass' };
  }
  if (prompt?.kind === 'name-trump' && plan.trump !== undefined && prompt.suits.includes(plan.trump)) {
    return { type: 'name-trump', suit: plan.trump };
  }
  return heuristicBot.decide(seen, NO_RANDOM);
}

function step(state: GameState, seat: number, action: Action): GameState {
  const result = apply(state, seat, action);
  if (!result.ok) {
    throw new Error(
      `play-out: seat ${seat} ${JSON.stringify(action)} refused in phase ${state.phase}: ${result.rejection.message}`,
    );
  }
  return result.state;
}

/** The value of `candidate` for `seat` in one determinized deal. */
export function playOut(start: GameState, seat: number, candidate: Candidate): number {
  const scored = start.history.length;
  let state = step(start, seat, candidate.action);
  while (state.history.length === scored) {
    const next = state.toAct[0];
    if (next === undefined) throw new Error(`play-out: nobody to act in phase ${state.phase}`);
    const action =
      next === seat
        ? planned(state, seat, candidate.plan)
        : heuristicBot.decide(view(state, next), NO_RANDOM);
    state = step(state, next, action);
  }
  const delta = state.history[scored]!.delta;
  const mine = sideOf(state, seat);
  let others = 0;
  for (let side = 0; side < delta.length; side++) if (side !== mine) others += delta[side]!;
  return delta[mine]! - others / (delta.length - 1);
}
