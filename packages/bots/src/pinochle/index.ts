/** The Pinochle family's bots: the heuristic, the levels' search, memory and recall, and the game runner. */
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
export { bidLimit, heuristicBot, suitValues, trickEstimate } from './heuristic/index.ts';
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
  type PoolDecision,
} from './levels.ts';
export { meldOf } from './meld.ts';
export { pinochleBots } from './module.ts';
export {
  DEFAULT_MAX_ACTIONS,
  GameTooLongError,
  type LoggedBotAction,
  type PlayedGame,
  type PlayGameOptions,
  playGame,
  RejectedActionError,
} from './play-game.ts';
export { randomBot } from './random-bot.ts';
export { type BotMemory, emptyMemory, remember, rememberAll } from './search/memory.ts';
export { type LoggedGame, rememberFromLog } from './search/recall.ts';
export type { SearchBudget } from './search/search.ts';
