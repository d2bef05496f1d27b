/**
 * Migrating the embedded store. The schema engine is WebAssembly that stays in memory once
 * loaded (~60 MiB of RSS measured, bench:memory), so a store with migrations pending applies
 * them in a thread of its own (migrate-worker.mjs) that ends when they are done: its memory
 * goes with it, and a first start idles as small as every later one.
 */
import { Worker } from 'node:worker_threads';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { MigrationError } from './errors.ts';
import { type ApplyResult, applyPendingMigrations } from './migrations.ts';
import { SqliteConnection } from './sqlite-connection.ts';

/** The adapter factory of a store file: DateTime columns as Unix milliseconds, which raw SQL (leases) can compare with the database's clock. */
export function sqliteFactory(file: string): PrismaBetterSqlite3 {
  return new PrismaBetterSqlite3({ url: file }, { timestampFormat: 'unixepoch-ms' });
}

/**
 * The migration engine on the store's own connection (a second connection would find the
 * database locked by the first while the engine sets up its table), each migration's
 * script in a transaction of its own: one that fails half-way leaves nothing behind.
 * The shadow database (for `diff`) is an in-memory one of the adapter's.
 */
export function migrationsOn(
  connection: SqliteConnection,
  factory: SqlMigrationAwareDriverAdapterFactory,
): SqlMigrationAwareDriverAdapterFactory {
  const adapter: SqlDriverAdapter = {
    provider: connection.provider,
    adapterName: connection.adapterName,
    queryRaw: (query) => connection.queryRaw(query),
    executeRaw: (query) => connection.executeRaw(query),
    startTransaction: (level) => connection.startTransaction(level),
    executeScript: async (script) => {
      try {
        await connection.executeScript(`BEGIN;\n${script}\n;\nCOMMIT;`);
      } catch (error) {
        await connection.executeScript('ROLLBACK').catch(() => {});
        throw error;
      }
    },
    // The connection outlives the engine: the store closes it.
    dispose: () => Promise.resolve(),
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: () => Promise.resolve(adapter),
    connectToShadowDb: () => factory.connectToShadowDb(),
  };
}

/** What the migration thread is given: the store's file and where the migrations are. */
export interface MigrationJob {
  file: string;
  migrationsDir: string;
  schemaPath: string;
}

export type MigrationOutcome = { ok: true; result: ApplyResult } | { ok: false; message: string };

/** Applies what is pending on its own connection (in the migration thread). Foreign keys are off while it does. */
export async function migrateStoreFile(job: MigrationJob): Promise<ApplyResult> {
  const factory = sqliteFactory(job.file);
  const connection = new SqliteConnection(await factory.connect());
  try {
    // Off while migrating: a migration that rebuilds a table (SQLite's way to alter one)
    // drops the old one, and with foreign keys on that would delete the rows referring to it.
    await connection.executeScript('PRAGMA foreign_keys = OFF');
    return await applyPendingMigrations(migrationsOn(connection, factory), job);
  } finally {
    await connection.dispose();
  }
}

const MIGRATE_WORKER = new URL('./migrate-worker.mjs', import.meta.url);

/** Runs `migrateStoreFile` in a thread that ends with it; its failure as this thread's MigrationError. */
export function migrateInThread(job: MigrationJob): Promise<ApplyResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(MIGRATE_WORKER, { workerData: job });
    let outcome: MigrationOutcome | undefined;
    worker.once('message', (message: MigrationOutcome) => {
      outcome = message;
    });
    worker.once('error', (error) => {
      outcome ??= { ok: false, message: error.message };
    });
    worker.once('exit', (code) => {
      if (outcome === undefined)
        reject(new MigrationError(`the migration thread stopped (exit code ${code})`));
      else if (outcome.ok) resolve(outcome.result);
      else reject(new MigrationError(outcome.message));
    });
  });
}
