/**
 * @kibitz/bots: computer players that see only their own seat's view. Each game's bots are
 * a BotModule in `src/<game>/`, found by game id in the registry (registry.ts); a game's
 * own bots are its entry, `@kibitz/bots/<game>` (package.json `exports`).
 */
export { BOT_LEVELS, type BotLevel } from './common/level.ts';
export {
  type AnyBotModule,
  type BotAnswer,
  type BotModule,
  type BotRequestOf,
  type CommonBudget,
  checkedQuickMove,
  type StoredLog,
  type Timed,
} from './common/module.ts';
export { pick, sample, seededRandom } from './common/random.ts';
export type { GameReview, HandPar, HandReview, ReviewDecision } from './common/review.ts';
export { type Hint, type HintRequest, hint, UnknownHintGameError } from './hint.ts';
export { BOT_THREAD_NAME, type BotPool, type BotPoolOptions, createBotPool } from './pool.ts';
export { type PoolAnswer, type PoolRequest, UnknownBotGameError } from './pool-task.ts';
export { BOT_GAMES, BOT_MODULES, botModule, FIRST_BOT_MODULE } from './registry.ts';
export { REVIEWERS, ReviewError, reviewExport } from './review.ts';
