/**
 * Determinized Monte Carlo search ("perfect information Monte Carlo"): deal the hidden
 * cards many times in ways consistent with what the seat knows, play each candidate out
 * in every one of those deals, and take the candidate with the best total. All
 * candidates are judged on the same deals, so luck of the sample cancels between them.
 */
import type { Action, GameView } from '@kibitz/rules/pinochle';
import { startClock } from '../../common/clock.ts';
import { gathersTrick, handOf, seatOf } from '../bot.ts';
import { heuristicBot } from '../heuristic/index.ts';
import { candidatesFor } from './candidates.ts';
import { determinize, InconsistentViewError } from './determinize.ts';
import { knowledgeOf } from './knowledge.ts';
import type { BotMemory } from './memory.ts';
import { type EndMemos, playOut } from './rollout.ts';

export interface SearchBudget {
  /** Deals sampled at most (each plays out every candidate once) for auction, widow, trump and passing. */
  deals: number;
  /**
   * Deals sampled at most for a card to play: those choices are many and each is worth
   * less than the contract, so a level may spend its time on the few big ones.
   */
  playDeals: number;
  /**
   * Stop sampling when the next deal would likely end past this many milliseconds of the
   * thread's CPU time (search/clock.ts): the same work on a busy machine as on a quiet
   * one. Infinity = no clock (a decision is then reproducible from its inputs).
   */
  maxMs: number;
  /**
   * A wall-clock limit besides (only when maxMs is finite), so a thread starved of a core
   * still answers in reasonable time. Infinity = none.
   */
  maxWallMs: number;
  /** Samples drawn per deal before settling for one whose past plays do not all fit. */
  attempts: number;
  /**
   * Standard errors by which a candidate's mean gain over the heuristic's choice (paired
   * over the same deals) must exceed zero before the search departs from that choice.
   */
  confidence: number;
  /** Prefer sampled deals that agree with the other seats' bids and passes. */
  readBids: boolean;
  /**
   * The prompts the level searches; the heuristic answers the others. A level may differ
   * from another in what it weighs, not only in how long.
   */
  searches: readonly SearchedPrompt[];
  /** The prompts searched in the double deck, where they differ from `searches`. */
  doubleDeckSearches?: readonly SearchedPrompt[];
  /**
   * Double deck: the play-outs play the last this many tricks by an exact solve of the
   * sampled deal (search/solve.ts) instead of by the heuristic; 0 = never.
   */
  endTricks: number;
  /** Double deck: a card decision within the last this many tricks solves every play-out to the end. */
  endSolve: number;
}

/** Prompt kinds a search can weigh (a paced 'gather' or 'continue' has nothing to weigh). */
export type SearchedPrompt = 'bid' | 'discard' | 'name-trump' | 'request-suit' | 'pass-cards' | 'play';
export const ALL_PROMPTS: readonly SearchedPrompt[] = [
  'bid',
  'discard',
  'name-trump',
  'request-suit',
  'pass-cards',
  'play',
];

export interface SearchResult {
  action: Action;
  /** Deals sampled (0 when there was nothing to choose or the view could not be sampled). */
  deals: number;
  /** Candidates weighed. */
  candidates: number;
}

const NO_RANDOM = (): number => 0;

export function searchDecision(
  view: GameView,
  memory: BotMemory,
  budget: SearchBudget,
  random: () => number,
): SearchResult {
  const kind = view.prompt?.kind;
  const searched =
    view.config.variant === 'double-deck' ? (budget.doubleDeckSearches ?? budget.searches) : budget.searches;
  if (kind !== undefined && kind !== 'continue' && !gathersTrick(view) && !searched.includes(kind)) {
    return { action: heuristicBot.decide(view, NO_RANDOM), deals: 0, candidates: 1 };
  }
  const candidates = candidatesFor(view);
  if (candidates.length === 1) return { action: candidates[0]!.action, deals: 0, candidates: 1 };
  const seat = seatOf(view);
  const knowledge = knowledgeOf(view, memory);
  const totals = new Float64Array(candidates.length);
  // Gains over the first candidate (the heuristic's choice), squared: for the paired test.
  const squares = new Float64Array(candidates.length);
  const clock = startClock();
  // Without a CPU budget there is no clock at all, the wall one included.
  const clocked = Number.isFinite(budget.maxMs);
  const maxDeals = view.prompt?.kind === 'play' ? budget.playDeals : budget.deals;
  let deals = 0;
  const endMemos: EndMemos = new Map();
  // Within the last endSolve tricks the play-outs solve all the rest; before, their last endTricks.
  const endTricks =
    view.prompt?.kind === 'play' && handOf(view).length <= budget.endSolve
      ? budget.endSolve
      : budget.endTricks;
  try {
    while (deals < maxDeals) {
      const state = determinize(view, knowledge, random, {
        attempts: budget.attempts,
        readBids: budget.readBids,
      });
      const base = playOut(state, seat, candidates[0]!, endTricks, endMemos);
      totals[0]! += base;
      for (let i = 1; i < candidates.length; i++) {
        const value = playOut(state, seat, candidates[i]!, endTricks, endMemos);
        totals[i]! += value;
        squares[i]! += (value - base) ** 2;
      }
      deals++;
      if (clocked) {
        const cpu = clock.cpuMs();
        const wall = clock.wallMs();
        if (cpu + cpu / deals > budget.maxMs || wall + wall / deals > budget.maxWallMs) break;
      }
    }
  } catch (error) {
    // A memory that missed tricks can leave the hidden cards impossible to place; the
    // heuristic needs no sample, so it answers then.
    if (!(error instanceof InconsistentViewError)) throw error;
    if (deals === 0)
      return { action: heuristicBot.decide(view, NO_RANDOM), deals: 0, candidates: candidates.length };
  }
  let best = 0;
  for (let i = 1; i < candidates.length; i++) if (totals[i]! > totals[best]!) best = i;
  if (best !== 0 && !clearlyBetter(totals[best]! - totals[0]!, squares[best]!, deals, budget.confidence)) {
    best = 0;
  }
  return { action: candidates[best]!.action, deals, candidates: candidates.length };
}

/**
 * Is a mean gain (from its sum and sum of squares over `n` paired deals) more than
 * `z` standard errors above zero? A few lucky deals must not overturn a sound rule of thumb.
 */
function clearlyBetter(sum: number, squares: number, n: number, z: number): boolean {
  if (n < 2 || sum <= 0) return false;
  const mean = sum / n;
  const variance = Math.max(0, (squares - n * mean * mean) / (n - 1));
  return mean > z * Math.sqrt(variance / n);
}
