/** What a table needs from the server around it: storage, the secret, clocks, a way to talk. */
import type { ServerEvent, ServerPayload } from '@kibitz/protocol';
import type { BotPlayers } from '../bots/bot-players.ts';
import type { GameLog, TableStore } from '../db/index.ts';
import type { LogWriter } from './log-writer.ts';

/** What a table appends its actions through: the shared LogWriter, under the table's lease epoch. */
export type TableWriter = Pick<LogWriter, 'appendAll' | 'stats'>;

export interface Timing {
  /** Pause before a bot acts, so people can follow the play (ms). */
  botDelayMs: number;
  /** Length of one second of the table settings (seat grace, turn timer); tests shorten it. */
  secondMs: number;
  /** A table nobody is connected to and with no game running leaves memory after this long (ms). */
  idleTableMs: number;
}

export interface ChatLimits {
  /** At most this many messages per member... */
  messages: number;
  /** ...within this window (ms). */
  windowMs: number;
}

export interface TableOutput {
  emit<E extends ServerEvent>(socketIds: readonly string[], event: E, payload: ServerPayload<E>): void;
  /** The socket no longer belongs to its table (its player was removed by the host). */
  release(socketId: string): void;
  /**
   * The table left this process (its lease went to another): these sockets no longer
   * belong to it, and their transports close so that their clients reconnect by
   * themselves and resume at whichever process runs the table now.
   */
  reconnect(socketIds: readonly string[]): void;
}

/** The subset of pino's logger the rooms use. */
export interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface TableContext {
  store: TableStore;
  log: GameLog;
  /** Appends accepted actions to the game log (grouping concurrent writes). */
  writer: TableWriter;
  secret: string;
  timing: Timing;
  chat: ChatLimits;
  output: TableOutput;
  /** Where bots think (a worker pool shared by every table). */
  bots: BotPlayers;
  logger: Log;
  now(): number;
}
