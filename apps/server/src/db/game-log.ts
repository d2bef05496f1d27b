/**
 * The game log: every accepted action of a game, in order. Replaying the actions
 * over the game's (config, seed) reproduces it exactly, so this is also what crash
 * recovery reads back at start-up.
 *
 * Appends rely on the database's unique (gameId, seq) constraint, not on a read
 * before the write: two processes (or a retried request) racing to store the same
 * seq cannot both succeed, and the loser gets a DuplicateActionError.
 */
import { type SqlExecutor, sqlState } from './database.ts';
import { DuplicateActionError, FENCED_SQLSTATE, GameNotFoundError, LeaseLostError } from './errors.ts';
import { type Game, Prisma, type PrismaClient } from './generated/client.ts';

export type GameStatus = 'running' | 'finished' | 'abandoned';

export interface LoggedAction {
  seq: number;
  seat: number;
  action: Prisma.JsonValue;
  createdAt: Date;
}

const loggedActionFields = { seq: true, seat: true, action: true, createdAt: true } as const;

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
type Row = LogRow;

export class GameLog {
  /**
   * `execute`: the database's direct statement runner (Database.execute); with it the
   * hot path (record, recordMany) bypasses Prisma, without it goes through `$executeRaw`.
   */
  constructor(
    private readonly prisma: PrismaClient,
    private readonly execute?: SqlExecutor,
  ) {}

  /**
   * Stores action number `seq` of a game. Throws DuplicateActionError if the game
   * already has an action with that seq (nothing is written), GameNotFoundError if
   * the game does not exist.
   */
  async appendAction(
    gameId: string,
    seq: number,
    seat: number,
    action: Prisma.InputJsonValue,
  ): Promise<LoggedAction> {
    try {
      return await this.prisma.gameAction.create({
        data: { gameId, seq, seat, action },
        select: loggedActionFields,
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError) {
        // The only unique constraint is the key, (gameId, seq).
        if (error.code === 'P2002') throw new DuplicateActionError(gameId, seq, { cause: error });
        if (error.code === 'P2003') throw new GameNotFoundError(gameId, { cause: error });
      }
      throw error;
    }
  }

  /**
   * appendAction for the game server's hot path: one INSERT statement, nothing read
   * back. Prisma's create costs several times a plain statement (measured: ~8 ms vs
   * ~2 ms per action on PGlite), and every action waits for this write. Same
   * guarantees and errors as appendAction.
   */
  async record(
    gameId: string,
    seq: number,
    seat: number,
    action: Prisma.InputJsonValue,
    epoch = 0,
  ): Promise<void> {
    if (this.execute) return this.#insert([{ gameId, seq, seat, action, epoch }]);
    try {
      await this.prisma.$executeRaw`
        INSERT INTO "GameAction" ("gameId", "seq", "seat", "action", "epoch")
        VALUES (${gameId}, ${seq}, ${seat}, ${JSON.stringify(action)}::jsonb, ${epoch})`;
    } catch (error) {
      if (isFenced(error)) throw new LeaseLostError(gameId, { cause: error });
      const kind = driverErrorKind(error);
      if (kind === 'UniqueConstraintViolation') throw new DuplicateActionError(gameId, seq, { cause: error });
      if (kind === 'ForeignKeyConstraintViolation') throw new GameNotFoundError(gameId, { cause: error });
      throw error;
    }
  }

  /**
   * Several actions (of any games) in one INSERT, all or nothing: the game server
   * groups the writes of many tables this way. On a DuplicateActionError or
   * GameNotFoundError nothing was stored; the caller may retry the rows one by one.
   */
  async recordMany(rows: readonly LogRow[]): Promise<void> {
    if (rows.length === 0) return;
    if (this.execute) return this.#insert(rows);
    const values = rows.map(
      (row) =>
        Prisma.sql`(${row.gameId}, ${row.seq}, ${row.seat}, ${JSON.stringify(row.action)}::jsonb, ${row.epoch ?? 0})`,
    );
    try {
      await this.prisma.$executeRaw`
        INSERT INTO "GameAction" ("gameId", "seq", "seat", "action", "epoch") VALUES ${Prisma.join(values)}`;
    } catch (error) {
      const first = rows[0]!;
      if (isFenced(error)) throw new LeaseLostError(first.gameId, { cause: error });
      const kind = driverErrorKind(error);
      if (kind === 'UniqueConstraintViolation')
        throw new DuplicateActionError(first.gameId, first.seq, { cause: error });
      if (kind === 'ForeignKeyConstraintViolation')
        throw new GameNotFoundError(first.gameId, { cause: error });
      throw error;
    }
  }

  /**
   * One INSERT of every row, straight on the driver, as a plain statement with the values
   * written in (escaped by `sqlString`/`sqlInteger`): no parameters means PostgreSQL's
   * simple query protocol, which on PGlite costs about two thirds of a parameterised
   * statement of the same rows, and this is the statement every action waits for.
   */
  async #insert(rows: readonly Row[]): Promise<void> {
    const values = rows.map(
      (row) =>
        `(${sqlString(row.gameId)}, ${sqlInteger(row.seq)}, ${sqlInteger(row.seat)}, ${sqlString(JSON.stringify(row.action))}::jsonb, ${sqlInteger(row.epoch ?? 0)})`,
    );
    try {
      await this.execute!(
        `INSERT INTO "GameAction" ("gameId", "seq", "seat", "action", "epoch") VALUES ${values.join(', ')}`,
        [],
      );
    } catch (error) {
      const first = rows[0]!;
      const state = sqlState(error);
      if (state === FENCED_SQLSTATE) throw new LeaseLostError(first.gameId, { cause: error });
      if (state === UNIQUE_VIOLATION)
        throw new DuplicateActionError(first.gameId, first.seq, { cause: error });
      if (state === FOREIGN_KEY_VIOLATION) throw new GameNotFoundError(first.gameId, { cause: error });
      throw error;
    }
  }

  /** The game's actions ordered by seq (empty for an unknown game). */
  loadActions(gameId: string): Promise<LoggedAction[]> {
    return this.prisma.gameAction.findMany({
      where: { gameId },
      orderBy: { seq: 'asc' },
      select: loggedActionFields,
    });
  }

  /** Games still running (to reload from their logs at start-up), oldest first. */
  listUnfinishedGames(): Promise<Game[]> {
    return this.prisma.game.findMany({
      where: { status: 'running' satisfies GameStatus },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }
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
  if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
  return String(value);
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/** The fencing trigger's refusal, as Prisma's raw query reports it (P2010 with the SQLSTATE). */
function isFenced(error: unknown): boolean {
  if (sqlState(error) === FENCED_SQLSTATE) return true;
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2010') return false;
  const meta = error.meta as { driverAdapterError?: { cause?: { originalCode?: unknown } } } | undefined;
  return (
    meta?.driverAdapterError?.cause?.originalCode === FENCED_SQLSTATE ||
    error.message.includes(FENCED_SQLSTATE)
  );
}

/** The driver adapter's error kind behind a failed raw query (Prisma reports those as P2010). */
function driverErrorKind(error: unknown): string | undefined {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2010') return undefined;
  const meta = error.meta as { driverAdapterError?: { cause?: { kind?: unknown } } } | undefined;
  const kind = meta?.driverAdapterError?.cause?.kind;
  return typeof kind === 'string' ? kind : undefined;
}
