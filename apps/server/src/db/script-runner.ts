/**
 * How migration scripts reach the database.
 *
 * The schema engine runs each migration through the adapter's `executeScript`.
 * Neither adapter does what `prisma migrate deploy` does (send the whole script as
 * one simple-protocol query, which PostgreSQL runs as one implicit transaction):
 * - pglite-prisma-adapter does not await the script (errors are lost, the
 *   migration is recorded as applied anyway);
 * - @prisma/adapter-pg splits the script on every ';' (breaking any string or
 *   function body containing one) and runs the pieces one by one, so a failure
 *   half-way leaves half a migration behind.
 * We replace `executeScript` on the adapters we hand the engine with one that sends
 * the script whole, awaits it, and maps database errors the way the adapters do.
 */
import { DriverAdapterError, type SqlDriverAdapter } from '@prisma/driver-adapter-utils';

interface PostgresErrorLike {
  code: string;
  message: string;
  severity?: string | undefined;
  detail?: string | undefined;
  column?: string | undefined;
  hint?: string | undefined;
}

function isPostgresError(error: unknown): error is Error & PostgresErrorLike {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' && 'severity' in error;
}

export function toDriverAdapterError(error: unknown): unknown {
  if (!isPostgresError(error)) return error;
  return new DriverAdapterError({
    kind: 'postgres',
    code: error.code,
    severity: error.severity ?? 'ERROR',
    message: error.message,
    detail: error.detail,
    column: error.column,
    hint: error.hint,
    originalCode: error.code,
    originalMessage: error.message,
  });
}

export function replaceExecuteScript(
  adapter: SqlDriverAdapter,
  run: (script: string) => Promise<void>,
): SqlDriverAdapter {
  adapter.executeScript = async (script: string) => {
    try {
      await run(script);
    } catch (error) {
      throw toDriverAdapterError(error);
    }
  };
  return adapter;
}
