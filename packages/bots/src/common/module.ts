/**
 * What every game's bots provide (one module per game, in `src/<game>/`), so the server,
 * the pool and the tests reach a game's bots only through the registry (registry.ts):
 *
 * - the quick move: the rules of thumb for a seat of a state, in well under a millisecond,
 *   always one the rules accept (the easy level, and every level's stand-in);
 * - the search decision: a level's answer to the seat's view (and memory), a pure function
 *   of the request that the pool's threads run;
 * - memory and recall: what a seat keeps of the hand between its views, and how it is
 *   rebuilt from the game's log after a restart (games whose bots keep none say so).
 */
import type { GameModule, SeatIndex } from '@kibitz/rules';
import type { BotLevel } from './level.ts';
import { seededRandom } from './random.ts';

/** A level's question to a game's bots: the seat's view, its memory, the level and a seed. */
export interface BotRequestOf<View, Memory, Budget> {
  view: View;
  /** What the seat remembers of the hand before this view (null = nothing). */
  memory?: Memory | null;
  level: BotLevel;
  /** Seeds the sampling: equal requests with equal seeds get equal answers (clock allowing). */
  seed: string;
  /** Overrides of the level's search budget (tests and benches; `maxMs: Infinity` = reproducible). */
  budget?: Partial<Budget>;
}

/** A decision: the action, the memory after the view (games that keep one), deals sampled. */
export interface BotAnswer<Action, Memory> {
  action: Action;
  memory?: Memory;
  deals: number;
}

/** A decision as a pool thread returns it: with the time it took in its thread, in milliseconds. */
export type Timed<D> = D & { ms: number };

/** A game's log as the server stores it, for recall. */
export interface StoredLog {
  config: unknown;
  seed: string;
  actions: readonly { seat: number; action: unknown }[];
}

/** Budget fields every game's search has: a test or the server may cap them for all games. */
export interface CommonBudget {
  deals: number;
  maxMs: number;
}

export interface BotModule<
  State,
  View,
  Action extends { type: string },
  Memory,
  Budget extends CommonBudget,
> {
  /** The rules registry's id of the game. */
  id: string;
  /** The game's rules: the seat's view (all a bot reads), the version, what `apply` accepts. */
  rules: GameModule<unknown, State, Action, View>;
  /** The rules of thumb for `seat` now; the first legal action should they ever be refused. */
  quickMove(state: State, seat: SeatIndex): Action;
  /** A level's answer to the request; reads nothing else. */
  decide(request: BotRequestOf<View, Memory, Budget>): BotAnswer<Action, Memory>;
  /** True when the game's bots keep a memory of the hand between their views. */
  remembers: boolean;
  /** The seat's memory after it sees `view` (null for a game whose bots keep none). */
  remember(memory: Memory | null, view: View): Memory | null;
  /** Does a seat without memory at this view miss something its log would give back? */
  needsRecall(view: View): boolean;
  /** The memory `seat` had built by the end of the log (replayed view by view). */
  recall(log: StoredLog, seat: SeatIndex): Memory | null;
  /** A small search that loads and compiles everything a search needs (warms a pool thread). */
  warmUp(): BotRequestOf<View, Memory, Budget>;
}

/**
 * A module whose types are forgotten: what the registry hands out for a game id (methods
 * compare bivariantly, so every game's module is one of these).
 */
export type AnyBotModule = BotModule<unknown, unknown, { type: string }, unknown, CommonBudget>;

/**
 * The quick move of a game, from its rule-of-thumb bot: the bot's answer to the seat's
 * view, seeded by the game's seed, version and seat; the first legal action should the
 * rules ever refuse it (or the bot throw).
 */
export function checkedQuickMove<State extends { seed: string }, View, Action extends { type: string }>(
  rules: GameModule<unknown, State, Action, View>,
  bot: (view: View, random: () => number) => Action,
): (state: State, seat: SeatIndex) => Action {
  return (state, seat) => {
    try {
      const action = bot(
        rules.view(state, seat),
        seededRandom(`${state.seed}:${rules.version(state)}:${seat}`),
      );
      if (rules.apply(state, seat, action).ok) return action;
    } catch {
      // fall through to a move the rules accept
    }
    return rules.legalActions(state, seat)[0]!;
  };
}
