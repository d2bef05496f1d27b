/**
 * The registry of the games' bots: one BotModule per game id (the rules registry's), in
 * the rules registry's order, and each game's double-dummy reviewer. The pool task, the
 * server's bot players, the review and the conformance suite reach a game's bots only
 * through it.
 */
import { bridgeBots } from './bridge/module.ts';
import { bridgeReviewer } from './bridge/review.ts';
import type { AnyBotModule } from './common/module.ts';
import type { GameReviewer } from './common/review.ts';
import { pinochleBots } from './pinochle/module.ts';
import { pinochleReviewer } from './pinochle/review.ts';

export const BOT_MODULES = [pinochleBots, bridgeBots] as const satisfies readonly AnyBotModule[];

/** The ids of the games bots play. */
export const BOT_GAMES: readonly string[] = BOT_MODULES.map((module) => module.id);

const BY_ID: ReadonlyMap<string, AnyBotModule> = new Map(BOT_MODULES.map((module) => [module.id, module]));

/** The bots of game `id`, or null when no bots play it. */
export function botModule(id: string): AnyBotModule | null {
  return BY_ID.get(id) ?? null;
}

/** The game a request that names none is for: the first (requests from before there were two games). */
export const FIRST_BOT_MODULE: AnyBotModule = BOT_MODULES[0];

/** Each game's double-dummy reviewer of finished hands (review.ts dispatches through it). */
export const REVIEWERS = [pinochleReviewer, bridgeReviewer] as const satisfies readonly GameReviewer[];
