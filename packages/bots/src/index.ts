/** @kibitz/bots: computer players that see only their own seat's view. */
export {
  type Bot,
  choosePass,
  gathersTrick,
  handOf,
  type Prompt,
  type PromptOf,
  promptOf,
  seatOf,
} from './bot.ts';
export * from './bridge/index.ts';
export { bidLimit, heuristicBot, suitValues, trickEstimate } from './heuristic/index.ts';
// Levels, memory and the worker pool: what the server needs (see packages/bots/README.md).
export {
  BOT_LEVELS,
  type BotDecision,
  type BotLevel,
  type BotRequest,
  decideBot,
  decideFromViews,
  LEVEL_BUDGETS,
  type LevelBotOptions,
  levelBot,
} from './levels.ts';
export { meldOf } from './meld.ts';
export {
  DEFAULT_MAX_ACTIONS,
  GameTooLongError,
  type LoggedBotAction,
  type PlayedGame,
  type PlayGameOptions,
  playGame,
  RejectedActionError,
} from './play-game.ts';
export { BOT_THREAD_NAME, type BotPool, type BotPoolOptions, createBotPool } from './pool.ts';
export type { BridgePoolDecision, PoolDecision, PoolRequest } from './pool-task.ts';
export { pick, sample, seededRandom } from './random.ts';
export { randomBot } from './random-bot.ts';
export { formatScoreSheet, type SheetOptions } from './score-sheet.ts';
export { type BotMemory, emptyMemory, remember, rememberAll } from './search/memory.ts';
export { type LoggedGame, rememberFromLog } from './search/recall.ts';
export type { SearchBudget } from './search/search.ts';
