/**
 * The one Prisma client type the persistence layer is written against. Two clients are
 * generated from two schemas with the same models (PostgreSQL: generated/, SQLite:
 * generated-sqlite/); they are not interchangeable as whole classes (aggregate, groupBy
 * and $extends have provider-specific generic types), so `Client` is the part we use:
 * the models' reads and writes, raw SQL and transactions, typed as the SQLite client
 * (whose inputs are the narrower). The checks at the bottom fail to compile if either
 * generated client stops fitting it.
 */
import type { PrismaClient as PostgresClient } from './generated/client.ts';
import type { PrismaClient as SqliteClient } from './generated-sqlite/client.ts';
import type { PrismaPromise } from './generated-sqlite/internal/prismaNamespace.ts';

type Operations =
  | 'count'
  | 'create'
  | 'createMany'
  | 'delete'
  | 'deleteMany'
  | 'findFirst'
  | 'findFirstOrThrow'
  | 'findMany'
  | 'findUnique'
  | 'findUniqueOrThrow'
  | 'update'
  | 'updateMany'
  | 'upsert';
type Models = 'room' | 'player' | 'game' | 'gameAction' | 'chatMessage' | 'tableLease';

/** What a transaction's callback gets: the models and raw SQL. */
export type TransactionClient = { [M in Models]: Pick<SqliteClient[M], Operations> } & Pick<
  SqliteClient,
  '$queryRaw' | '$queryRawUnsafe' | '$executeRaw' | '$executeRawUnsafe'
>;

export type Client = TransactionClient &
  Pick<SqliteClient, '$disconnect'> & {
    /** An interactive transaction, or a batch of writes made at once. */
    $transaction<R>(fn: (tx: TransactionClient) => Promise<R>): Promise<R>;
    $transaction(writes: PrismaPromise<unknown>[]): Promise<unknown[]>;
  };

/** Compile-time checks only: both generated clients are a `Client`. */
type Fits<T extends Client> = T;
export type CheckPostgresClient = Fits<PostgresClient>;
export type CheckSqliteClient = Fits<SqliteClient>;
