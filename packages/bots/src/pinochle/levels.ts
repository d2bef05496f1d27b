/**
 * Bot levels and the one entry point the server needs: `decideBot`, a pure function of
 * the seat's view, its memory of the hand, the level and a sampling seed.
 *
 * - easy: the heuristic bot (rules of thumb, no search, no memory).
 * - normal: determinized search of the card play only, up to 12 sampled deals or about
 *   150 ms per card; the heuristic bids, buries, names trump and passes.
 * - strong: the search of every decision, up to 200 deals for the auction, widow, trump
 *   and passing (the decisions that make or break a contract) and 48 for a card, or about
 *   750 ms; more care that the sampled hands agree with every card seen played, and reading
 *   the auction: it prefers deals in which the others' hands fit their bids and passes. In
 *   the double deck it bids by the heuristic (its bidding search measured no gain there) and
 *   its play-outs play the last tricks by an exact solve of the sampled deal (search/solve.ts).
 * The levels differ in what they search, not only how long: more samples of the same
 * play-outs alone bought no strength (bench:bots found strong and normal even when both
 * searched everything).
 * The clocks count the thread's CPU time (search/clock.ts), so a loaded machine does not
 * starve the search, and keep the 95th percentile inside 250 ms and 1 s on one core; a
 * wall cap guards a thread that gets no core. With `budget.maxMs = Infinity` a decision
 * is fully reproducible from its inputs.
 */
import type { Action, GameView } from '@kibitz/rules/pinochle';
import { threadTimeMs } from '../common/clock.ts';
import { BOT_LEVELS, type BotLevel } from '../common/level.ts';
import type { Timed } from '../common/module.ts';
import { seededRandom } from '../common/random.ts';
import { heuristicBot } from './heuristic/index.ts';
import { type BotMemory, emptyMemory, remember, rememberAll } from './search/memory.ts';
import { ALL_PROMPTS, type SearchBudget, searchDecision } from './search/search.ts';

export { BOT_LEVELS, type BotLevel };

export const LEVEL_BUDGETS: Record<Exclude<BotLevel, 'easy'>, SearchBudget> = {
  normal: {
    deals: 48,
    playDeals: 12,
    maxMs: 150,
    maxWallMs: 1000,
    attempts: 6,
    confidence: 1,
    readBids: false,
    searches: ['play'],
    endTricks: 0,
    endSolve: 0,
  },
  strong: {
    // Saturated sizes: 48 deals of everything measured even with 1500/400 (README), so
    // more only costs CPU (and bench deals); 200 leave a margin for the contract's choices.
    deals: 200,
    playDeals: 48,
    maxMs: 750,
    maxWallMs: 4000,
    attempts: 24,
    confidence: 1,
    readBids: true,
    searches: ALL_PROMPTS,
    // The double deck's bidding search never measured a gain over the heuristic's bids
    // (README: sessions 6 to 8) and doubles strong's CPU there; the heuristic bids.
    doubleDeckSearches: ALL_PROMPTS.filter((kind) => kind !== 'bid'),
    // Double deck: the play-outs solve their last 3 tricks exactly, and all the rest once
    // the decision is within the last 5 (search/solve.ts; a few ms a play-out).
    endTricks: 3,
    endSolve: 5,
  },
};

export interface BotRequest {
  /** The view of the bot's seat, with a prompt to answer. */
  view: GameView;
  /** What the seat remembers of the hand before this view (null = nothing). */
  memory?: BotMemory | null;
  level: BotLevel;
  /** Seeds the sampling: equal requests with equal seeds get equal answers (clock allowing). */
  seed: string;
  /** Overrides of the level's budget (tests and benches). */
  budget?: Partial<SearchBudget>;
}

/** A decision as the pool returns it (pool.ts `decide`): with its time in the thread, ms. */
export type PoolDecision = Timed<BotDecision>;

export interface BotDecision {
  action: Action;
  /** The memory after this view: keep it for the seat's next decision. */
  memory: BotMemory;
  /** Deals the search sampled (0 for easy, or when there was only one choice). */
  deals: number;
}

/** The bot's answer to its view's prompt. Reads nothing but the request. */
export function decideBot(request: BotRequest): BotDecision {
  const { view, level } = request;
  const memory = remember(request.memory ?? emptyMemory(), view);
  if (level === 'easy') return { action: heuristicBot.decide(view, () => 0), memory, deals: 0 };
  const budget = { ...LEVEL_BUDGETS[level], ...request.budget };
  const result = searchDecision(view, memory, budget, seededRandom(`search:${request.seed}`));
  return { action: result.action, memory, deals: result.deals };
}

/** The answer to the last of a seat's views, remembering all of them. */
export function decideFromViews(
  views: readonly GameView[],
  level: BotLevel,
  seed: string,
  budget?: Partial<SearchBudget>,
): Action {
  const last = views.at(-1);
  if (last === undefined) throw new Error('decideFromViews needs at least one view');
  const memory = rememberAll(views.slice(0, -1));
  return decideBot({ view: last, memory, level, seed, ...(budget ? { budget } : {}) }).action;
}

export interface LevelBotOptions {
  budget?: Partial<SearchBudget>;
  /** Called with each decision's wall and thread-CPU milliseconds (benches). */
  onDecision?: (ms: number, deals: number, cpuMs: number) => void;
}

/**
 * A Bot (for playGame, the demo and benches) of a level: it keeps its seat's memory
 * between calls, so use one per seat and game.
 */
export function levelBot(level: BotLevel, options: LevelBotOptions = {}): import('./bot.ts').Bot {
  let memory: BotMemory | null = null;
  return {
    name: level,
    decide(view, random) {
      const seed = Math.floor(random() * 2 ** 32).toString(36);
      const started = performance.now();
      const cpuStarted = threadTimeMs();
      const decision = decideBot({
        view,
        memory,
        level,
        seed,
        ...(options.budget ? { budget: options.budget } : {}),
      });
      options.onDecision?.(performance.now() - started, decision.deals, threadTimeMs() - cpuStarted);
      memory = decision.memory;
      return decision.action;
    },
  };
}
