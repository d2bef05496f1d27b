/**
 * Determinized Monte Carlo card play for Bridge: sample the hidden hands many times in ways
 * consistent with the view, play every candidate card out in each sampled layout with the
 * rule-based player, and take the card with the best total for the seat's side. All
 * candidates are judged on the same layouts, so the luck of the sample cancels between
 * them; the rule player's own card stands unless another is clearly better.
 */
import {
  BRIDGE_DECK,
  type BridgeAction,
  type BridgeCard,
  type BridgeView,
  bridgeSuitOf,
  sortBridgeCards,
} from '@kibitz/rules/bridge';
import { startClock } from '../../common/clock.ts';
import { decidePlay } from '../play.ts';
import { type PlayPrompt, power } from '../table.ts';
import { auctionMisfits } from './auction-fit.ts';
import { exactValues } from './exact.ts';
import { playOut } from './rollout.ts';
import { type HiddenCards, hiddenCards, sampleLayout } from './sample.ts';
import type { SolveMemo } from './solve.ts';

export interface BridgeSearchBudget {
  /** Layouts sampled at most (each plays out every candidate once). */
  deals: number;
  /** Stop when the next layout would likely end past this much of the thread's CPU time, in ms. Infinity = no clock. */
  maxMs: number;
  /** Tries at honouring the shown voids before a layout lets them go. */
  attempts: number;
  /** Standard errors by which a card's mean gain over the rule player's must exceed zero. */
  confidence: number;
  /**
   * Once this many tricks or fewer remain, a layout's play-out ends in an exact solve
   * (solve.ts) instead of rule-based play; 0 = rule play to the end.
   */
  solveLast: number;
  /**
   * Layouts drawn for each one sampled, keeping the one whose hidden hands' calls the rule
   * bidder would have made most of (auction-fit.ts); 0 = the auction is not read.
   */
  auctionTries: number;
  /**
   * Nodes the exact solves of one layout may search (every candidate, solved to the end
   * double-dummy: exact.ts); 0 = no exact solving. Past it the layout, and every later one
   * of the decision, is played out instead (`solveLast` still applies to those).
   */
  exactNodes: number;
  /** Layouts sampled at most while every layout is solved exactly (then `deals` caps the play-outs). */
  exactDeals: number;
}

export interface BridgeSearchResult {
  action: BridgeAction;
  /** Layouts sampled (0 when there was nothing to choose). */
  deals: number;
  /** Of them, layouts judged by exact solves (the others were played out). */
  exactDeals: number;
  candidates: number;
}

/**
 * The legal cards worth trying: of cards touching in a suit (every card between them held
 * by the same hand or already played) only one, since they play alike. The rule player's
 * card comes first and stands for its group.
 */
export function distinctCandidates(
  view: BridgeView,
  prompt: PlayPrompt,
  preferred: BridgeCard,
): BridgeCard[] {
  const held = new Set(prompt.hand === view.ownHand ? (view.hand ?? []) : (view.dummy ?? []));
  const gone = new Set<BridgeCard>(
    [...view.tricks.flatMap((t) => t.cards), ...view.trick].map((p) => p.card),
  );
  const touching = (a: BridgeCard, b: BridgeCard): boolean => {
    if (bridgeSuitOf(a) !== bridgeSuitOf(b)) return false;
    const low = Math.min(power(a), power(b));
    const high = Math.max(power(a), power(b));
    return BRIDGE_DECK.every(
      (c) =>
        bridgeSuitOf(c) !== bridgeSuitOf(a) ||
        power(c) <= low ||
        power(c) >= high ||
        held.has(c) ||
        gone.has(c),
    );
  };
  const chosen: BridgeCard[] = [preferred];
  for (const card of prompt.cards) {
    if (!chosen.some((other) => touching(card, other))) chosen.push(card);
  }
  return chosen;
}

export function searchBridgePlay(
  view: BridgeView,
  prompt: PlayPrompt,
  budget: BridgeSearchBudget,
  random: () => number,
): BridgeSearchResult {
  const rule = decidePlay(view, prompt);
  if (rule.type !== 'play') return { action: rule, deals: 0, exactDeals: 0, candidates: 1 };
  const candidates = distinctCandidates(view, prompt, rule.card);
  if (candidates.length === 1) return { action: rule, deals: 0, exactDeals: 0, candidates: 1 };
  const hidden = hiddenCards(view);
  const misfits = budget.auctionTries > 0 ? auctionMisfits(view, hidden) : null;
  const totals = new Float64Array(candidates.length);
  // Gains over the rule player's card, squared: for the paired test.
  const squares = new Float64Array(candidates.length);
  // The deciding thread's CPU time (the Pinochle search's clock): on a loaded machine wall
  // time would starve the search, and on a pool the process's CPU counts the other threads.
  const clock = startClock();
  // One contract throughout: every solve of this decision may reuse the others' positions.
  const memo: SolveMemo = new Map();
  let deals = 0;
  let exactDeals = 0;
  // Exact solving until a layout does not fit the node budget: the rest are played out.
  let exact = budget.exactNodes > 0;
  while (deals < (exact ? budget.exactDeals : budget.deals)) {
    const layout = (
      misfits === null
        ? sampleLayout(hidden, random, budget.attempts)
        : fittingLayout(hidden, random, budget, misfits)
    ).map((cards) => sortBridgeCards(cards));
    let values = exact
      ? exactValues(view, layout, candidates, memo, { nodes: budget.exactNodes, used: 0 })
      : null;
    if (values === null) {
      exact = false;
      values = candidates.map((card) => playOut(view, layout, card, budget.solveLast, memo));
    } else exactDeals++;
    const base = values[0]!;
    for (let i = 0; i < candidates.length; i++) {
      totals[i]! += values[i]!;
      squares[i]! += (values[i]! - base) ** 2;
    }
    deals++;
    if (budget.maxMs !== Number.POSITIVE_INFINITY) {
      const elapsed = clock.cpuMs();
      if (elapsed + elapsed / deals > budget.maxMs) break;
    }
  }
  let best = 0;
  for (let i = 1; i < candidates.length; i++) if (totals[i]! > totals[best]!) best = i;
  // Every layout solved exactly: the best average stands (ties go to the rule player's card,
  // then to the earlier candidate). Play-outs are biased by the rule player, so a card must
  // beat its card clearly.
  const allExact = exactDeals === deals;
  if (
    !allExact &&
    best !== 0 &&
    !clearlyBetter(totals[best]! - totals[0]!, squares[best]!, deals, budget.confidence)
  )
    best = 0;
  return {
    action: { type: 'play', card: candidates[best]! },
    deals,
    exactDeals,
    candidates: candidates.length,
  };
}

/** Of up to `budget.auctionTries` layouts, the first that fits the auction, else the one that fits best. */
function fittingLayout(
  hidden: HiddenCards,
  random: () => number,
  budget: BridgeSearchBudget,
  misfits: NonNullable<ReturnType<typeof auctionMisfits>>,
): BridgeCard[][] {
  let best: BridgeCard[][] | null = null;
  let fewest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < budget.auctionTries && fewest > 0; i++) {
    const layout = sampleLayout(hidden, random, budget.attempts);
    const count = misfits(layout, fewest);
    if (count < fewest) {
      best = layout;
      fewest = count;
    }
  }
  return best!;
}

/** Is a mean gain (its sum and sum of squares over `n` paired layouts) more than `z` standard errors above zero? */
function clearlyBetter(sum: number, squares: number, n: number, z: number): boolean {
  if (n < 2 || sum <= 0) return false;
  const mean = sum / n;
  const variance = Math.max(0, (squares - n * mean * mean) / (n - 1));
  return mean > z * Math.sqrt(variance / n);
}
