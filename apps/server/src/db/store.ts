/** What opening a database gives, whichever the store (database.ts opens one). */
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { Client } from './client.ts';
import type { LogAppender } from './log-append.ts';
import type { ApplyResult, MigrationSource } from './migrations.ts';
import type { JournalStats } from './sqlite-journal.ts';

export interface OpenDatabaseOptions {
  /**
   * postgres:// or postgresql:// URL of a PostgreSQL server. When set, PostgreSQL is
   * used through @prisma/adapter-pg; `?schema=name` selects a schema other than
   * `public` (created if missing). The caller decides where it comes from
   * (typically the DATABASE_URL environment variable).
   */
  databaseUrl?: string | undefined;
  /**
   * Directory of the embedded SQLite store (created if missing; the database is its
   * kibitz.db), or 'memory://' for a throwaway one. Ignored when databaseUrl is set.
   * Default: <repo>/.data/sqlite.
   */
  dataDir?: string | undefined;
  /** PostgreSQL only: give up connecting after this long. Default 10 s. */
  connectTimeoutMs?: number | undefined;
  /**
   * SQLite only: open even though a PGlite database of an older Kibitz sits beside the
   * store (which is otherwise refused with LegacyPGliteError). For the importer only.
   */
  importingPGlite?: boolean | undefined;
  /** Where migrations and schema are read from; defaults to the store's own in prisma/. */
  migrations?: MigrationSource | undefined;
}

export interface Database {
  prisma: Client;
  kind: 'sqlite' | 'postgres';
  /** Where the data lives: the SQLite store's directory, or the URL without its password. */
  target: string;
  /** What opening did to the schema. */
  migrations: ApplyResult;
  /** Milliseconds spent opening the database and applying migrations. */
  timings: { connectMs: number; migrateMs: number };
  /** The driver adapter factory the migration engine uses. */
  adapter: SqlMigrationAwareDriverAdapterFactory;
  /**
   * Appends game-log rows in one statement straight on the driver, past Prisma (for the
   * game log's hot path, where Prisma costs several times the statement itself): on
   * SQLite on this thread's connection, on PostgreSQL through a small pool of its own.
   */
  appendLog: LogAppender;
  /** The embedded store's game-log journal (sqlite-journal.ts): folds so far; null on PostgreSQL. */
  journal: JournalStats | null;
  /**
   * How many `appendLog` statements are worth having under way at once: SQLite runs one
   * at a time whatever we do; PostgreSQL runs one per connection of the hot path's pool.
   */
  writeConcurrency: number;
  /**
   * Settles if the database is lost for good in this process. Neither store does that
   * today (SQLite runs in this thread; PostgreSQL's pool replaces dropped connections);
   * kept so a store that can be lost has a way to say it.
   */
  lost: Promise<Error>;
  /** Applies migrations again (a no-op unless new ones appeared on disk). */
  migrate(source?: MigrationSource): Promise<ApplyResult>;
  /** Disconnects Prisma and closes the database. Safe to call twice. */
  close(): Promise<void>;
}

export function errorText(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    // Node reports a refused connection to every address of a host this way.
    return error.errors.map(errorText).join('; ');
  }
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    const message = error.message || error.name;
    return code && !message.includes(code) ? `${message} (${code})` : message;
  }
  return String(error);
}

export function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= fn();
    return closing;
  };
}
