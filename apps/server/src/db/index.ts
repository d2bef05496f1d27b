/** Persistence of the game server: Prisma 7 over embedded PGlite or PostgreSQL. */
export {
  type Database,
  type OpenDatabaseOptions,
  openDatabase,
  type SqlExecutor,
  sqlState,
} from './database.ts';
export {
  DatabaseConfigError,
  DatabaseError,
  DatabaseLockedError,
  DatabaseUnreachableError,
  DuplicateActionError,
  GameNotFoundError,
  LeaseLostError,
  MigrationError,
} from './errors.ts';
export { GameLog, type GameStatus, type LoggedAction, type LogRow } from './game-log.ts';
export type { ChatMessage, Game, GameAction, Player, PrismaClient, Room } from './generated/client.ts';
export { Prisma } from './generated/client.ts';
export { type Acquired, type LeaseChange, type LeaseEvents, LeaseStore, Leases } from './lease.ts';
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
