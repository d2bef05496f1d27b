/**
 * The game log: every accepted action of a game, in order. Replaying the actions
 * over the game's (config, seed) reproduces it exactly, so this is also what crash
 * recovery reads back at start-up.
 *
 * Appends rely on the database's unique (gameId, seq) constraint, not on a read
 * before the write: two processes (or a retried request) racing to store the same
 * seq cannot both succeed, and the loser gets a DuplicateActionError.
 */
import type { Client } from './client.ts';
import { DuplicateActionError, GameNotFoundError } from './errors.ts';
import type { Game } from './generated/client.ts';
import { Prisma } from './generated/client.ts';
import { appendError, type LogAppender, type LogRow } from './log-append.ts';

export { type LogRow, sqlInteger, sqlString } from './log-append.ts';

export type GameStatus = 'running' | 'finished' | 'abandoned';

export interface LoggedAction {
  seq: number;
  seat: number;
  action: Prisma.JsonValue;
  createdAt: Date;
}

const loggedActionFields = { seq: true, seat: true, action: true, createdAt: true } as const;

export class GameLog {
  /**
   * `append`: the database's own appender (Database.appendLog); with it the hot path
   * (record, recordMany) bypasses Prisma, without it goes through Prisma's createMany.
   */
  constructor(
    private readonly prisma: Client,
    private readonly append?: LogAppender,
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
   * back. Prisma's create costs several times a plain statement, and every action waits
   * for this write. Same guarantees and errors as appendAction, and LeaseLostError when
   * `epoch` is not the table's lease's.
   */
  record(gameId: string, seq: number, seat: number, action: Prisma.InputJsonValue, epoch = 0): Promise<void> {
    return this.recordMany([{ gameId, seq, seat, action, epoch }]);
  }

  /**
   * Several actions (of any games) in one INSERT, all or nothing: the game server
   * groups the writes of many tables this way. On a DuplicateActionError or
   * GameNotFoundError nothing was stored; the caller may retry the rows one by one.
   */
  async recordMany(rows: readonly LogRow[]): Promise<void> {
    if (rows.length === 0) return;
    if (this.append) return this.append(rows);
    try {
      await this.prisma.gameAction.createMany({
        data: rows.map(({ gameId, seq, seat, action, epoch }) => ({
          gameId,
          seq,
          seat,
          action,
          epoch: epoch ?? 0,
        })),
      });
    } catch (error) {
      throw prismaAppendError(error, rows);
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
 * A failed createMany as the typed error appendError would give. Prisma keeps the driver's
 * failure (its own code and message: the fencing triggers' KF001) in the error's
 * meta.driverAdapterError; without it, its P2002/P2003 say enough.
 */
function prismaAppendError(error: unknown, rows: readonly LogRow[]): unknown {
  const first = rows[0]!;
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return appendError(error, rows);
  const driver = (error.meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError;
  if (driver !== undefined) {
    const mapped = appendError(driver, rows);
    if (mapped !== driver) return mapped;
  }
  if (error.code === 'P2002') return new DuplicateActionError(first.gameId, first.seq, { cause: error });
  if (error.code === 'P2003') return new GameNotFoundError(first.gameId, { cause: error });
  return error;
}
