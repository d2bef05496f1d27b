/**
 * The choices a search bot weighs for each prompt, each with a plan for the seat's own
 * later decisions in the play-outs (how far it will go on bidding, which trump it means
 * to name), so that a choice is judged together with how it is meant to be followed up.
 * Every action is taken from the prompt or built as the heuristic builds it, so it is legal.
 */
import { type Action, type Card, type GameView, SUITS, type Suit } from '@kibitz/rules/pinochle';
import { gathersTrick, handOf, type PromptOf, promptOf } from '../bot.ts';
import { bidLimit, heuristicBot } from '../heuristic/index.ts';
import { passFor, planDiscard } from '../heuristic/widow.ts';

export interface Plan {
  /** The highest bid the seat will make later in the auction. */
  bidLimit?: number;
  /** The trump the seat will name. */
  trump?: Suit;
}

export interface Candidate {
  action: Action;
  plan: Plan;
}

const NO_RANDOM = (): number => 0;

/** Bidding: pass, or go on bidding up to a limit (the heuristic's, or the lowest bid plus 0, 2, 4 steps). */
function bidCandidates(view: GameView, prompt: PromptOf<'bid'>): Candidate[] {
  const candidates: Candidate[] = [];
  const lowest = prompt.bids[0];
  if (lowest === undefined) candidates.push({ action: { type: 'pass' }, plan: {} });
  else if (!prompt.canPass) candidates.push({ action: { type: 'bid', amount: lowest }, plan: {} });
  else {
    const step = prompt.bids.length > 1 ? prompt.bids[1]! - lowest : 10;
    const limits = [Math.max(lowest, bidLimit(view)), ...[0, 2, 4].map((k) => lowest + k * step)];
    for (const limit of new Set(limits)) {
      candidates.push({ action: { type: 'bid', amount: lowest }, plan: { bidLimit: limit } });
    }
    candidates.push({ action: { type: 'pass' }, plan: {} });
  }
  if (prompt.canCallRedeal) candidates.push({ action: { type: 'call-redeal' }, plan: {} });
  // The heuristic's own answer first (with its own limit when it bids).
  return orderFirst(heuristicBot.decide(view, NO_RANDOM), candidates);
}

function sameCards(a: readonly Card[], b: readonly Card[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

function discardCandidates(view: GameView, prompt: PromptOf<'discard'>): Candidate[] {
  const hand = handOf(view);
  const plans = SUITS.map((suit) => ({ suit, plan: planDiscard(hand, suit, prompt.count, view.config) }));
  plans.sort((a, b) => b.plan.value - a.plan.value);
  return plans.map(({ suit, plan }) => ({
    action: { type: 'discard', cards: plan.cards },
    plan: { trump: suit },
  }));
}

function passCandidates(view: GameView, prompt: PromptOf<'pass-cards'>): Candidate[] {
  const heuristic = heuristicBot.decide(view, NO_RANDOM);
  const candidates: Candidate[] = [{ action: heuristic, plan: {} }];
  const known = view.trump ?? view.passing?.requestedSuit ?? null;
  const assumptions: (Suit | null)[] = known === null ? [...SUITS, null] : [known];
  for (const trump of assumptions) {
    const cards = passFor(view, prompt, trump);
    const seen = candidates.some((c) => c.action.type === 'pass-cards' && sameCards(c.action.cards, cards));
    if (!seen) candidates.push({ action: { type: 'pass-cards', cards }, plan: trump ? { trump } : {} });
  }
  return candidates;
}

/**
 * The candidates for the view's prompt. The first is always the heuristic's own choice
 * (with the heuristic's plan): the search departs from it only on clear evidence.
 */
export function candidatesFor(view: GameView): Candidate[] {
  // Paced hands: gathering a finished trick and continuing after a scored hand are the
  // only actions there are.
  if (gathersTrick(view)) return [{ action: { type: 'gather' }, plan: {} }];
  const prompt = promptOf(view);
  switch (prompt.kind) {
    case 'continue':
      return [{ action: { type: 'continue' }, plan: {} }];
    case 'bid':
      return bidCandidates(view, prompt);
    case 'discard':
      return discardCandidates(view, prompt);
    case 'name-trump':
      return orderFirst(
        heuristicBot.decide(view, NO_RANDOM),
        prompt.suits.map((suit) => ({ action: { type: 'name-trump', suit }, plan: { trump: suit } })),
      );
    case 'request-suit':
      return orderFirst(
        heuristicBot.decide(view, NO_RANDOM),
        SUITS.map((suit) => ({ action: { type: 'request-suit', suit }, plan: { trump: suit } })),
      );
    case 'pass-cards':
      return passCandidates(view, prompt);
    case 'play': {
      const plays: Candidate[] = prompt.cards.map((card) => ({ action: { type: 'play', card }, plan: {} }));
      if (prompt.canConcede) plays.push({ action: { type: 'concede' }, plan: {} });
      return orderFirst(heuristicBot.decide(view, NO_RANDOM), plays);
    }
  }
}

function orderFirst(first: Action, candidates: Candidate[]): Candidate[] {
  const key = JSON.stringify(first);
  const index = candidates.findIndex((c) => JSON.stringify(c.action) === key);
  if (index <= 0) return candidates;
  return [candidates[index]!, ...candidates.slice(0, index), ...candidates.slice(index + 1)];
}
