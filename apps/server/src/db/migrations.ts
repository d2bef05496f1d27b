/**
 * The committed migration history (prisma/migrations) and the two things we do
 * with it through the wasm schema engine: apply what is pending, and diff it
 * against schema.prisma to write the next migration.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { MigrationError } from './errors.ts';
import { migrationsDir as defaultMigrationsDir, schemaPath as defaultSchemaPath } from './paths.ts';
import { type EngineLog, type MigrationList, withSchemaEngine } from './schema-engine.ts';

export const LOCKFILE = 'migration_lock.toml';
export const MIGRATION_FILE = 'migration.sql';

const noFilters = { externalTables: [], externalEnums: [] };

export interface MigrationSource {
  /** Directory holding migration_lock.toml and one directory per migration. */
  migrationsDir?: string;
  /** prisma/schema.prisma */
  schemaPath?: string;
  /** Receives the engine's log lines (JSON). */
  log?: EngineLog;
}

/** Reads prisma/migrations the way Prisma's CLI hands it to the engine. */
export async function readMigrationList(migrationsDir = defaultMigrationsDir): Promise<MigrationList> {
  let lockfileContent: string | null = null;
  try {
    lockfileContent = await readFile(join(migrationsDir, LOCKFILE), 'utf8');
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  let entries: string[] = [];
  try {
    entries = (await readdir(migrationsDir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  const migrationDirectories = await Promise.all(
    entries.map(async (name) => {
      const file = join(migrationsDir, name, MIGRATION_FILE);
      try {
        return {
          path: name,
          migrationFile: {
            path: MIGRATION_FILE,
            content: { tag: 'ok' as const, value: await readFile(file, 'utf8') },
          },
        };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return {
          path: name,
          migrationFile: { path: MIGRATION_FILE, content: { tag: 'error' as const, value: message } },
        };
      }
    }),
  );
  return {
    baseDir: migrationsDir,
    lockfile: { path: LOCKFILE, content: lockfileContent },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

export interface ApplyResult {
  /** Names of the migrations applied by this call (empty when the database was up to date). */
  applied: string[];
  durationMs: number;
}

/**
 * Applies every migration of prisma/migrations not yet recorded in the database's
 * `_prisma_migrations` table (what `prisma migrate deploy` does). Idempotent.
 */
export async function applyPendingMigrations(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  source: MigrationSource = {},
): Promise<ApplyResult> {
  const started = performance.now();
  const schemaPath = source.schemaPath ?? defaultSchemaPath;
  try {
    const [migrationsList, content] = await Promise.all([
      readMigrationList(source.migrationsDir),
      readFile(schemaPath, 'utf8'),
    ]);
    if (migrationsList.migrationDirectories.length === 0) {
      throw new MigrationError(`No migrations found in ${migrationsList.baseDir}`);
    }
    const output = await withSchemaEngine(
      adapterFactory,
      { path: schemaPath, content },
      (engine) => engine.applyMigrations({ migrationsList, filters: noFilters }),
      source.log,
    );
    return { applied: output.appliedMigrationNames, durationMs: performance.now() - started };
  } catch (error) {
    if (error instanceof MigrationError) throw error;
    throw new MigrationError(`Applying migrations failed: ${describe(error)}`, { cause: error });
  }
}

/**
 * SQL that takes a database from the committed migration history to the current
 * schema.prisma; empty string when they already agree. Replays the history on the
 * adapter's shadow database.
 */
export async function diffMigrationsToSchema(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  source: MigrationSource = {},
): Promise<string> {
  const schemaPath = source.schemaPath ?? defaultSchemaPath;
  const [migrationsList, content] = await Promise.all([
    readMigrationList(source.migrationsDir),
    readFile(schemaPath, 'utf8'),
  ]);
  const from =
    migrationsList.migrationDirectories.length === 0
      ? { tag: 'empty' as const }
      : { tag: 'migrations' as const, ...migrationsList };
  const result = await withSchemaEngine(
    adapterFactory,
    { path: schemaPath, content },
    (engine) =>
      engine.diff({
        from,
        to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content }] },
        script: true,
        exitCode: null,
        filters: noFilters,
      }),
    source.log,
  );
  const sql = result.stdout ?? '';
  return isEmptyScript(sql) ? '' : sql;
}

/** The engine answers an empty diff with a comment line only. */
function isEmptyScript(sql: string): boolean {
  return sql
    .split('\n')
    .map((line) => line.trim())
    .every((line) => line === '' || line.startsWith('--'));
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** Engine errors are plain objects or Errors with JSON messages; make them one readable line. */
export function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
