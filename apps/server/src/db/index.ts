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
  DatabaseUnreachableError,
  DuplicateActionError,
  GameNotFoundError,
  MigrationError,
} from './errors.ts';
export { GameLog, type GameStatus, type LoggedAction } from './game-log.ts';
export type { ChatMessage, Game, GameAction, Player, PrismaClient, Room } from './generated/client.ts';
export { Prisma } from './generated/client.ts';
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
