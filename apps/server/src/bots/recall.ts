/**
 * A bot seat's memory after a restart. A bot's memory lives only in this process, so a
 * table recovered from its log would have bots that forgot the hand so far (every trick
 * but the last). The log replays the game exactly; the game's bots (`recall` of its
 * BotModule) feed the seat the views it was handed along the way, so the rebuilt memory is
 * what the seat saw, nothing more.
 */
import type { AnyBotModule, StoredLog } from '@kibitz/bots';
import type { BotLog } from './bot-log.ts';

/** A game's log as the database keeps it: its config, its (secret) seed and its actions. */
export type StoredGameLog = StoredLog;

/** Reads the log of the game a table (`owner`) is playing; null when it has none. */
export type BotLogSource = (owner: object) => Promise<StoredGameLog | null>;

/** Does a seat with no memory at this view miss what the log would give back? (its game's bots say) */
export function needsRecall(bots: AnyBotModule, view: unknown): boolean {
  return bots.remembers && bots.needsRecall(view);
}

/** The seat's memory rebuilt from the log, or null (logged) when the log cannot be read. */
export async function recallMemory(
  source: BotLogSource,
  bots: AnyBotModule,
  owner: object,
  seat: number,
  logger: BotLog,
  details: object,
): Promise<unknown> {
  try {
    const log = await source(owner);
    if (log === null) return null;
    const memory = bots.recall(log, seat);
    logger.info({ ...details, actions: log.actions.length }, 'bot memory rebuilt from the game log');
    return memory;
  } catch (error) {
    logger.error({ ...details, err: error }, 'bot memory could not be rebuilt: the bot plays on without it');
    return null;
  }
}

/**
 * The source a server wires up: the table's running game (a Table's `game`) and its log
 * from the database. Anything else for an owner has no log.
 */
export function tableLogSource(log: {
  loadActions(gameId: string): Promise<readonly { seat: number; action: unknown }[]>;
}): BotLogSource {
  return async (owner) => {
    const game = (owner as { game?: unknown }).game;
    if (!isRunningGame(game)) return null;
    return { config: game.config, seed: game.seed, actions: await log.loadActions(game.id) };
  };
}

function isRunningGame(game: unknown): game is { id: string; seed: string; config: object } {
  if (typeof game !== 'object' || game === null) return false;
  const { id, seed, config } = game as { id?: unknown; seed?: unknown; config?: unknown };
  return typeof id === 'string' && typeof seed === 'string' && typeof config === 'object' && config !== null;
}
