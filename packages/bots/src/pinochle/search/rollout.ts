/**
 * A play-out: from a determinized state, the seat takes a candidate action and then
 * every seat (itself included, following the candidate's plan) plays on by the
 * heuristic until the hand is scored. The value is the seat's side's score change less
 * the average of the other sides', so a choice that only hurts opponents counts too.
 */
import {
  type Action,
  apply,
  counterValue,
  type GameState,
  lastTrickBonus,
  view,
} from '@kibitz/rules/pinochle';
import { heuristicBot } from '../heuristic/index.ts';
import type { Candidate, Plan } from './candidates.ts';
import { bestEndCard, type EndMemo } from './solve.ts';

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

/**
 * Solved end positions by trump, shared by the play-outs of one decision (a position's key
 * holds every card in play, so different deals never clash; the candidates of one deal
 * often reach the same ends).
 */
export type EndMemos = Map<string, EndMemo>;

function memoFor(memos: EndMemos, trump: string): EndMemo {
  let memo = memos.get(trump);
  if (memo === undefined) {
    memo = new Map();
    memos.set(trump, memo);
  }
  return memo;
}

/**
 * The double deck's last tricks, once every hand holds at most `endTricks` cards: the card
 * an exact solve of the deal picks (solve.ts), or null where the rules of thumb play on.
 */
function endCard(state: GameState, seat: number, endTricks: number, memos: EndMemos): Action | null {
  if (endTricks <= 0 || state.phase !== 'play' || state.config.variant !== 'double-deck') return null;
  const hand = state.hand;
  const trump = hand.trump;
  if (trump === null) return null;
  for (const cards of hand.hands) if (cards.length > endTricks) return null;
  const config = state.config;
  const { card } = bestEndCard(
    {
      hands: hand.hands,
      trick: hand.trick,
      turn: seat,
      trump,
      rule: config.trickRule,
      counter: counterValue(config),
      lastTrick: lastTrickBonus(config),
    },
    memoFor(memos, trump),
  );
  return { type: 'play', card };
}

/**
 * The value of `candidate` for `seat` in one determinized deal. With `endTricks` (double
 * deck), every seat plays the last that many tricks by an exact solve instead of the
 * heuristic.
 */
export function playOut(
  start: GameState,
  seat: number,
  candidate: Candidate,
  endTricks = 0,
  memos: EndMemos = new Map(),
): number {
  const scored = start.history.length;
  let state = step(start, seat, candidate.action);
  while (state.history.length === scored) {
    const next = state.toAct[0];
    if (next === undefined) throw new Error(`play-out: nobody to act in phase ${state.phase}`);
    const action =
      endCard(state, next, endTricks, memos) ??
      (next === seat
        ? planned(state, seat, candidate.plan)
        : heuristicBot.decide(view(state, next), NO_RANDOM));
    state = step(state, next, action);
  }
  const delta = state.history[scored]!.delta;
  const mine = sideOf(state, seat);
  let others = 0;
  for (let side = 0; side < delta.length; side++) if (side !== mine) others += delta[side]!;
  return delta[mine]! - others / (delta.length - 1);
}
