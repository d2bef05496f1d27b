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
export { bidLimit, heuristicBot, suitValues, trickEstimate } from './heuristic/index.ts';
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
export { pick, sample, seededRandom } from './random.ts';
export { randomBot } from './random-bot.ts';
export { formatScoreSheet, type SheetOptions } from './score-sheet.ts';
