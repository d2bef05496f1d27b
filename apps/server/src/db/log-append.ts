/**
 * The hot path of the game log: PostgreSQL's append straight on the driver, past Prisma
 * (whose raw queries cost several times the statement itself), and reading a failed
 * append as the typed errors of the persistence layer (SQLite appends through its
 * journal, sqlite-journal.ts).
 */
import { DuplicateActionError, FENCED_SQLSTATE, GameNotFoundError, LeaseLostError } from './errors.ts';
import type { Prisma } from './generated/client.ts';

/**
 * A row to append. `epoch`: the lease epoch of the table's owner writing it (db/lease.ts);
 * the database refuses it (LeaseLostError) if the table's lease has another. Default 0:
 * for a game whose table never had a lease.
 */
export type LogRow = {
  gameId: string;
  seq: number;
  seat: number;
  action: Prisma.InputJsonValue;
  epoch?: number;
};

/**
 * Stores the rows in one statement, all or nothing. Rejects with DuplicateActionError,
 * GameNotFoundError or LeaseLostError (naming the first row) when nothing was stored.
 */
export type LogAppender = (rows: readonly LogRow[]) => Promise<void>;

/**
 * PostgreSQL: one INSERT of every row as a plain statement with the values written in
 * (escaped by `sqlString`/`sqlInteger`): no parameters means the simple query protocol,
 * one round trip.
 */
export function postgresInsert(rows: readonly LogRow[]): string {
  const values = rows.map(
    (row) =>
      `(${sqlString(row.gameId)}, ${sqlInteger(row.seq)}, ${sqlInteger(row.seat)}, ${sqlString(JSON.stringify(row.action))}::jsonb, ${sqlInteger(row.epoch ?? 0)})`,
  );
  return `INSERT INTO "GameAction" ("gameId", "seq", "seat", "action", "epoch") VALUES ${values.join(', ')}`;
}

/**
 * The typed error for a failed append, or the error itself if it is none of them.
 * Understands PostgreSQL's SQLSTATEs (pg puts them in `code`), SQLite's extended codes
 * (better-sqlite3's, as the Prisma adapter passes them on in `cause.originalCode`), and
 * the fencing triggers of both stores (KF001).
 */
export function appendError(error: unknown, rows: readonly LogRow[]): unknown {
  const first = rows[0];
  if (first === undefined) return error;
  const { code, message } = driverFailure(error);
  if (code === FENCED_SQLSTATE || message.startsWith(`${FENCED_SQLSTATE}:`))
    return new LeaseLostError(first.gameId, { cause: error });
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE')
    return new DuplicateActionError(first.gameId, first.seq, { cause: error });
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY')
    return new GameNotFoundError(first.gameId, { cause: error });
  return error;
}

/** The driver's own code and message behind an error (or behind a DriverAdapterError's cause). */
export function driverFailure(error: unknown): { code: string | undefined; message: string } {
  const cause = field(error, 'cause');
  const originalCode = field(cause, 'originalCode');
  if (typeof originalCode === 'string') {
    const originalMessage = field(cause, 'originalMessage');
    return { code: originalCode, message: typeof originalMessage === 'string' ? originalMessage : '' };
  }
  const code = field(error, 'code');
  const message = field(error, 'message');
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : '',
  };
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/**
 * A PostgreSQL string literal meaning exactly `text`, whatever the server's settings: an
 * escape string (E'...'), in which a backslash always escapes, with backslashes and quotes
 * doubled. Text with a NUL character cannot be stored and is refused.
 */
export function sqlString(text: string): string {
  if (text.includes('\0')) throw new Error('text with a NUL character cannot be stored');
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** A whole number as SQL; anything else is refused. */
export function sqlInteger(value: number): string {
  return String(wholeNumber(value));
}

function wholeNumber(value: number): number {
  if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
  return value;
}
