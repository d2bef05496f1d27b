/**
 * A bot seat's memory after a restart. BotMemory lives only in this process, so a table
 * recovered from its log would have bots that forgot the hand so far (every trick but
 * the last). The log replays the game exactly; `rememberFromLog` feeds the seat the views
 * it was handed along the way, so the rebuilt memory is what the seat saw, nothing more.
 */
import { type BotMemory, rememberFromLog } from '@kibitz/bots';
import type { Action, GameConfig, GameView } from '@kibitz/rules';
import type { BotLog } from './bot-log.ts';

/** A game's log as the database keeps it: its config, its (secret) seed and its actions. */
export interface StoredGameLog {
  config: GameConfig;
  seed: string;
  actions: readonly { seat: number; action: unknown }[];
}

/** Reads the log of the game a table (`owner`) is playing; null when it has none. */
export type BotLogSource = (owner: object) => Promise<StoredGameLog | null>;

/** The tricks a view shows beyond what any memory adds: only the last completed one. */
export function needsRecall(view: GameView): boolean {
  return view.tricksWon.reduce((sum, n) => sum + n, 0) > 1;
}

/** The seat's memory rebuilt from the log, or null (logged) when the log cannot be read. */
export async function recallMemory(
  source: BotLogSource,
  owner: object,
  seat: number,
  logger: BotLog,
  details: object,
): Promise<BotMemory | null> {
  try {
    const log = await source(owner);
    if (log === null) return null;
    // The log holds only actions the engine accepted; a row it refuses stops the replay there.
    const actions = log.actions.map((row) => ({ seat: row.seat, action: row.action as Action }));
    const memory = rememberFromLog({ config: log.config, seed: log.seed, actions }, seat);
    logger.info({ ...details, actions: actions.length }, 'bot memory rebuilt from the game log');
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

function isRunningGame(game: unknown): game is { id: string; seed: string; config: GameConfig } {
  if (typeof game !== 'object' || game === null) return false;
  const { id, seed, config } = game as { id?: unknown; seed?: unknown; config?: unknown };
  return typeof id === 'string' && typeof seed === 'string' && typeof config === 'object' && config !== null;
}
