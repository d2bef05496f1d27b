/**
 * What a pool thread does with one request: find the game's bots in the registry, decide
 * (and time the decision). A request names its game; one without a name is the first
 * game's of the registry (requests from when the pool played one game).
 */
import type { AnyBotModule, BotAnswer, BotRequestOf, CommonBudget, Timed } from './common/module.ts';
import type { GameReview } from './common/review.ts';
import { type Hint, type HintRequest, hint } from './hint.ts';
import { botModule, FIRST_BOT_MODULE } from './registry.ts';
import { reviewExport } from './review.ts';

/** Any game's request, naming its game by the registry's id. */
export type PoolRequest = BotRequestOf<unknown, unknown, CommonBudget> & { game?: string };

/** Any game's decision (its action and memory as the game types them), with its time. */
export type PoolAnswer = Timed<BotAnswer<{ type: string }, unknown>>;

/** Thrown in the thread for a request of a game no bots play. */
export class UnknownBotGameError extends Error {
  override name = 'UnknownBotGameError';
  constructor(readonly game: string) {
    super(`no bots play "${game}"`);
  }
}

function moduleOf(request: PoolRequest): AnyBotModule {
  if (request.game === undefined) return FIRST_BOT_MODULE;
  const module = botModule(request.game);
  if (module === null) throw new UnknownBotGameError(request.game);
  return module;
}

export function runPoolTask(request: PoolRequest): PoolAnswer {
  const started = performance.now();
  const { game: _game, ...asked } = request;
  const decision = moduleOf(request).decide(asked);
  return { ...decision, ms: performance.now() - started };
}

/**
 * The double-dummy review of every finished hand of a game export (review.ts): seconds of
 * search, so it runs on a pool thread at the pool's lowest priority, never the caller's.
 */
export function runReviewTask(exported: unknown): GameReview {
  return reviewExport(exported);
}

/** A learner's hint from their own view (hint.ts): a search, so off the caller's thread too. */
export function runHintTask(request: HintRequest): Hint {
  return hint(request);
}
