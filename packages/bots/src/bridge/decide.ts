/** How a Bridge bot of each level answers its view: the search's budgets and the one decision. */
import type { BridgeAction, BridgeView } from '@kibitz/rules/bridge';
import type { BotLevel } from '../common/level.ts';
import type { Timed } from '../common/module.ts';
import { seededRandom } from '../common/random.ts';
import { gathersBridgeTrick, ruleBridgeBot } from './bot.ts';
import { type BridgeSearchBudget, searchBridgePlay } from './search/search.ts';

/**
 * Card play budgets per level (bidding stays rule-based at every level). The clocks are CPU
 * time and leave room under the 95th-percentile targets (normal 250 ms, strong 1 s).
 * Strong differs from normal in how a layout is judged, not only in how many: it solves
 * each layout exactly, every candidate to the end of the hand (search/exact.ts), while
 * that fits 200 000 nodes a layout (from about the fifth trick; up to 80 layouts, the
 * best average wins); before that, its play-outs end in an exact solve of the last six
 * tricks (search/solve.ts), a few ms a layout, so 48 layouts are their cap (400 layouts
 * of rule play-outs measured no better than 12).
 * Strong also reads the auction: its layouts are drawn to fit the calls the rule bidder made
 * (search/auction-fit.ts, up to 200 draws a layout).
 */
export const BRIDGE_LEVEL_BUDGETS: Record<Exclude<BotLevel, 'easy'>, BridgeSearchBudget> = {
  normal: {
    deals: 12,
    maxMs: 150,
    attempts: 8,
    confidence: 1,
    solveLast: 0,
    auctionTries: 0,
    exactNodes: 0,
    exactDeals: 0,
  },
  strong: {
    deals: 48,
    maxMs: 700,
    attempts: 24,
    confidence: 1,
    solveLast: 6,
    auctionTries: 200,
    exactNodes: 200_000,
    exactDeals: 80,
  },
};

export interface BridgeBotRequest {
  /** The view of the bot's seat (`bridgeView(state, seat)`), with something to answer. */
  view: BridgeView;
  /** easy: the rule-based bot; normal and strong: the card-play search (bidding is rule-based). */
  level: BotLevel;
  /** Seeds the search's sampling: equal requests with equal seeds get equal answers (clock allowing). */
  seed: string;
  /** Overrides of the level's search budget (tests and benches; `maxMs: Infinity` = reproducible). */
  budget?: Partial<BridgeSearchBudget>;
}

/** A decision as the pool returns it (the pool's `ask`): with its time in the thread, ms. */
export type BridgePoolDecision = Timed<BridgeBotDecision>;

export interface BridgeBotDecision {
  action: BridgeAction;
  /** Layouts the search sampled (0 for easy, calls, or a single sensible card). */
  deals: number;
}

/**
 * The bot's answer to its view, a pure function of the request. easy answers well under a
 * millisecond; normal and strong search each card for up to their budget's CPU time.
 */
export function decideBridgeBot(request: BridgeBotRequest): BridgeBotDecision {
  const { view, level } = request;
  const prompt = view.prompt;
  if (level === 'easy' || prompt?.kind !== 'play' || gathersBridgeTrick(view)) {
    return { action: ruleBridgeBot.decide(view, seededRandom(`bridge:${request.seed}`)), deals: 0 };
  }
  const budget = { ...BRIDGE_LEVEL_BUDGETS[level], ...request.budget };
  const result = searchBridgePlay(view, prompt, budget, seededRandom(`bridge-search:${request.seed}`));
  return { action: result.action, deals: result.deals };
}
