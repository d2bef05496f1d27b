/** Persistence of the game server: Prisma 7 over the embedded SQLite store or PostgreSQL. */
export type { Client, TransactionClient } from './client.ts';
export { type Database, type OpenDatabaseOptions, openDatabase, sqlState } from './database.ts';
export {
  DatabaseConfigError,
  DatabaseError,
  DatabaseLockedError,
  DatabaseUnreachableError,
  DuplicateActionError,
  GameNotFoundError,
  LeaseLostError,
  LegacyPGliteError,
  MigrationError,
} from './errors.ts';
export { GameLog, type GameStatus, type LoggedAction, type LogRow } from './game-log.ts';
export type { ChatMessage, Game, GameAction, Player, Room } from './generated/client.ts';
export { Prisma } from './generated/client.ts';
export {
  type Acquired,
  type LeaseChange,
  type LeaseEvents,
  LeaseStore,
  Leases,
  leaseOwner,
  nodeOfOwner,
  type Peers,
} from './lease.ts';
export type { LogAppender } from './log-append.ts';
export type { ApplyResult } from './migrations.ts';
export {
  type GamePlayer,
  type NewRoom,
  type StoredChat,
  type StoredGame,
  type StoredPlayer,
  type StoredRoom,
  TableStore,
} from './table-store.ts';
