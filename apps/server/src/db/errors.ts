/** Typed errors of the persistence layer. Each carries a stable `code` for callers. */

export abstract class DatabaseError extends Error {
  abstract readonly code: string;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The database could not be reached or opened (server down, bad credentials, unreadable data dir...). */
export class DatabaseUnreachableError extends DatabaseError {
  readonly code = 'database-unreachable';
  constructor(
    /** Where we tried to connect, with any password removed. */
    readonly target: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`Database unreachable at ${target}: ${detail}`, options);
  }
}

/** The options given to openDatabase cannot work (e.g. a URL that is not a PostgreSQL URL). */
export class DatabaseConfigError extends DatabaseError {
  readonly code = 'database-config';
}

/** Another running process has the embedded store's directory open (db/dir-lock.ts). */
export class DatabaseLockedError extends DatabaseError {
  readonly code = 'database-locked';
  constructor(
    readonly dir: string,
    readonly pid: number | null,
  ) {
    super(
      `The data directory ${dir} is in use by another Kibitz process${pid === null ? '' : ` (pid ${pid})`}: ` +
        'stop it, or give each process its own KIBITZ_DATA_DIR, or run several processes on PostgreSQL (DATABASE_URL)',
    );
  }
}

/**
 * A PGlite database left by a Kibitz from before the SQLite store sits beside the store's
 * directory: not started, so that its tables and games are never silently left behind.
 */
export class LegacyPGliteError extends DatabaseError {
  readonly code = 'legacy-pglite';
  constructor(readonly dir: string) {
    super(
      `${dir} holds a PGlite database from an older Kibitz: run \`pnpm db:import-pglite\` to copy it into ` +
        'the SQLite store (the directory is then renamed pglite.imported), or move it away to start empty',
    );
  }
}

/** Applying (or reading) the migration history failed; the database was left as the engine left it. */
export class MigrationError extends DatabaseError {
  readonly code = 'migration-failed';
}

/** An action with this (gameId, seq) is already in the log: it is never stored twice. */
export class DuplicateActionError extends DatabaseError {
  readonly code = 'duplicate-action';
  constructor(
    readonly gameId: string,
    readonly seq: number,
    options?: { cause?: unknown },
  ) {
    super(`Game ${gameId} already has an action with seq ${seq}`, options);
  }
}

/** appendAction was given a game id that does not exist. */
export class GameNotFoundError extends DatabaseError {
  readonly code = 'game-not-found';
  constructor(
    readonly gameId: string,
    options?: { cause?: unknown },
  ) {
    super(`No game with id ${gameId}`, options);
  }
}

/** The SQLSTATE the fencing trigger (migration lease_fencing) raises for a row of another epoch. */
export const FENCED_SQLSTATE = 'KF001';

/** A game-log row written under a lease the table no longer has (db/lease.ts): nothing was stored. */
export class LeaseLostError extends DatabaseError {
  readonly code = 'lease-lost';
  constructor(
    readonly gameId: string,
    options?: { cause?: unknown },
  ) {
    super(`The table of game ${gameId} is run by another process now: nothing was stored`, options);
  }
}

/** Removes the password (and any password-like query parameter) from a connection URL for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    for (const key of [...parsed.searchParams.keys()]) {
      if (/pass|secret|token/i.test(key)) parsed.searchParams.set(key, '***');
    }
    return parsed.toString();
  } catch {
    // Not a URL we can parse: show only the scheme so nothing secret leaks.
    const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0];
    return scheme ? `${scheme}//<unparseable url>` : '<unparseable url>';
  }
}
