/**
 * Rooms, their players and their games, as the game server stores them. The game log
 * itself (one row per accepted action) is GameLog's; this is everything around it.
 * Ids are chosen by the caller (random UUIDs) so the server never waits on the
 * database to learn who someone is.
 */

import type { Client, TransactionClient } from './client.ts';
import { DatabaseError } from './errors.ts';
import type { GameStatus } from './game-log.ts';
import { Prisma } from './generated/client.ts';
import type { Database } from './store.ts';

/**
 * A write for a table made under a lease it no longer has (db/lease.ts): another process
 * runs the table now. Nothing was written.
 */
export class TableFencedError extends DatabaseError {
  readonly code = 'lease-lost';
  constructor(
    readonly roomId: string,
    readonly epoch: number,
    what: string,
  ) {
    super(`${what} refused: the table ${roomId} is no longer run under lease epoch ${epoch}`);
  }
}

/** The lease a table's writes are made under, and who to tell when one is refused. */
interface WriteFence {
  roomId: string;
  epoch: number;
  fenced(): void;
}

type Writer = TransactionClient;

export interface StoredPlayer {
  id: string;
  displayName: string;
  seat: number | null;
  isBot: boolean;
  /** A bot's level (easy, normal, strong); null or absent for people. */
  botLevel?: string | null;
  /** While the seat is held for them: when the hold ends (stored, so a restart keeps it). */
  heldUntil?: Date | null;
  /** The hold is of a seat they stood up from during the game. */
  seatLeft?: boolean;
}

export interface StoredGame {
  id: string;
  number: number;
  config: Prisma.JsonValue;
  seed: string;
  status: string;
  result: Prisma.JsonValue;
  /** Who sat where when the game started (GamePlayer[]); null for games stored before it was kept. */
  players: Prisma.JsonValue;
  /** Hints each seat asked for ([n0, n1, ...]); null when nobody has asked. */
  hints: Prisma.JsonValue;
}

/** A seat's occupant when a game started. */
export interface GamePlayer {
  seat: number;
  name: string;
  bot: boolean;
}

export interface StoredRoom {
  id: string;
  code: string;
  name: string;
  config: Prisma.JsonValue;
  settings: Prisma.JsonValue;
  listed: boolean;
  hostPlayerId: string | null;
  players: StoredPlayer[];
  /** The room's latest game, if any. */
  game: StoredGame | null;
}

export interface StoredChat {
  playerId: string;
  name: string;
  text: string;
  at: Date;
}

export interface NewRoom {
  id: string;
  code: string;
  name: string;
  variant: string;
  config: Prisma.InputJsonValue;
  settings: Prisma.InputJsonValue;
  listed: boolean;
  host: StoredPlayer;
}

const playerFields = {
  id: true,
  displayName: true,
  seat: true,
  isBot: true,
  botLevel: true,
  heldUntil: true,
  seatLeft: true,
} as const;
const gameFields = {
  id: true,
  number: true,
  config: true,
  seed: true,
  status: true,
  result: true,
  players: true,
  hints: true,
} as const;
const roomInclude = {
  players: { where: { removedAt: null }, select: playerFields, orderBy: { createdAt: 'asc' } },
  games: { select: gameFields, orderBy: { number: 'desc' }, take: 1 },
} as const;

export class TableStore {
  constructor(
    private readonly db: Pick<Database, 'prisma' | 'kind'>,
    private readonly fence: WriteFence | null = null,
  ) {
    this.#prisma = db.prisma;
  }

  readonly #prisma: Client;

  /**
   * This store for one table run under its lease (several processes on PostgreSQL):
   * every write below first checks, in its own transaction, that the table's lease still
   * has `epoch`, and is refused (TableFencedError, `fenced` called, nothing written) once
   * another process has taken the table. The lease row is read FOR SHARE, as the game-log
   * trigger reads it: a take-over waits for a write under way, and a write after it sees
   * the new epoch. So a process that lost a table (paused, cut off) writes neither its log
   * nor its players, seats, holds, settings, games, results or chat. A room that never had
   * a lease is not fenced (as with log rows). Reads are not fenced.
   */
  fencedBy(roomId: string, epoch: number, fenced: () => void = () => {}): TableStore {
    return new TableStore(this.db, { roomId, epoch, fenced });
  }

  async #write(what: string, work: (db: Writer) => Promise<unknown>): Promise<void> {
    const fence = this.fence;
    if (fence === null) {
      await work(this.#prisma);
      return;
    }
    try {
      await this.#prisma.$transaction(async (tx) => {
        // SQLite has one writer at a time (a transaction there excludes every other
        // write), so only PostgreSQL needs the row lock.
        const lock = Prisma.raw(this.db.kind === 'postgres' ? 'FOR SHARE' : '');
        const lease = await tx.$queryRaw<{ epoch: number }[]>(
          Prisma.sql`SELECT "epoch" FROM "TableLease" WHERE "roomId" = ${fence.roomId} ${lock}`,
        );
        const epoch = lease[0]?.epoch;
        if (epoch !== undefined && Number(epoch) !== fence.epoch)
          throw new TableFencedError(fence.roomId, fence.epoch, what);
        await work(tx);
      });
    } catch (error) {
      if (error instanceof TableFencedError) fence.fenced();
      throw error;
    }
  }

  /** Creates a room with its host as the first player. Throws Prisma's P2002 if the code is taken. */
  async createRoom(room: NewRoom): Promise<void> {
    const { host, ...fields } = room;
    await this.#prisma.room.create({
      data: { ...fields, hostPlayerId: host.id, players: { create: host } },
    });
  }

  async updateRoom(
    roomId: string,
    patch: {
      name?: string;
      listed?: boolean;
      variant?: string;
      config?: Prisma.InputJsonValue;
      settings?: Prisma.InputJsonValue;
    },
  ): Promise<void> {
    await this.#write('updating the room', (db) => db.room.update({ where: { id: roomId }, data: patch }));
  }

  async addPlayer(roomId: string, player: StoredPlayer): Promise<void> {
    await this.#write('adding a player', (db) => db.player.create({ data: { ...player, roomId } }));
  }

  /** Seats several players at once (null = spectator), atomically. */
  async setSeats(changes: readonly { playerId: string; seat: number | null }[]): Promise<void> {
    if (changes.length === 0) return;
    const seat = async (db: Writer) => {
      for (const { playerId, seat } of changes)
        await db.player.update({ where: { id: playerId }, data: { seat } });
    };
    // Fenced: already in one transaction. Unfenced: all at once, in one of their own.
    if (this.fence !== null) await this.#write('seating players', seat);
    else
      await this.#prisma.$transaction(
        changes.map(({ playerId, seat }) =>
          this.#prisma.player.update({ where: { id: playerId }, data: { seat } }),
        ),
      );
  }

  /** A seat held for its player until `heldUntil`, or no longer held (null). */
  async setHold(playerId: string, heldUntil: Date | null, left: boolean): Promise<void> {
    await this.#write('holding a seat', (db) =>
      db.player.update({ where: { id: playerId }, data: { heldUntil, seatLeft: left } }),
    );
  }

  async removePlayer(playerId: string): Promise<void> {
    await this.#write('removing a player', (db) =>
      db.player.update({ where: { id: playerId }, data: { seat: null, removedAt: new Date() } }),
    );
  }

  async createGame(game: {
    id: string;
    roomId: string;
    number: number;
    config: Prisma.InputJsonValue;
    seed: string;
    players: GamePlayer[];
  }): Promise<void> {
    const { players, ...rest } = game;
    await this.#write('starting a game', (db) =>
      db.game.create({
        data: {
          ...rest,
          players: players as unknown as Prisma.InputJsonValue,
          status: 'running' satisfies GameStatus,
        },
      }),
    );
  }

  /** A game's hint counts by seat (issue 26): the table shows them, and a reload keeps them. */
  async setGameHints(gameId: string, hints: readonly number[]): Promise<void> {
    await this.#write('storing hint counts', (db) =>
      db.game.update({ where: { id: gameId }, data: { hints: [...hints] } }),
    );
  }

  async finishGame(gameId: string, result: Prisma.InputJsonValue): Promise<void> {
    await this.#write('storing a result', (db) =>
      db.game.update({
        where: { id: gameId },
        data: { status: 'finished' satisfies GameStatus, result, finishedAt: new Date() },
      }),
    );
  }

  /** Stores a chat message; `at` is when the server took it (what everyone was shown). */
  async addChat(roomId: string, playerId: string, text: string, at: Date = new Date()): Promise<void> {
    await this.#write('storing a chat message', (db) =>
      db.chatMessage.create({ data: { roomId, playerId, text, createdAt: at } }),
    );
  }

  /** The room's last `count` chat messages (said before `before`, if given), oldest first, with who said them. */
  async recentChat(roomId: string, count: number, before?: Date): Promise<StoredChat[]> {
    const rows = await this.#prisma.chatMessage.findMany({
      where: before === undefined ? { roomId } : { roomId, createdAt: { lt: before } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: count,
      select: { text: true, createdAt: true, player: { select: { id: true, displayName: true } } },
    });
    return rows.reverse().map((row) => ({
      playerId: row.player.id,
      name: row.player.displayName,
      text: row.text,
      at: row.createdAt,
    }));
  }

  async loadRoomByCode(code: string): Promise<StoredRoom | null> {
    const room = await this.#prisma.room.findUnique({ where: { code }, include: roomInclude });
    return room && toStoredRoom(room);
  }

  /** Rooms whose latest game is still running: reloaded at start-up. */
  async roomsWithRunningGames(): Promise<StoredRoom[]> {
    const rooms = await this.#prisma.room.findMany({
      where: { games: { some: { status: 'running' satisfies GameStatus } } },
      include: roomInclude,
      orderBy: { createdAt: 'asc' },
    });
    return rooms.map(toStoredRoom).filter((room) => room.game?.status === 'running');
  }

  /** A game with its room's code, for the HTTP records. */
  async findGame(
    gameId: string,
  ): Promise<(StoredGame & { roomCode: string; createdAt: Date; finishedAt: Date | null }) | null> {
    const game = await this.#prisma.game.findUnique({
      where: { id: gameId },
      select: { ...gameFields, createdAt: true, finishedAt: true, room: { select: { code: true } } },
    });
    if (game === null) return null;
    const { room, ...rest } = game;
    return { ...rest, roomCode: room.code };
  }
}

type RoomRow = Omit<StoredRoom, 'players' | 'game'> & { players: StoredPlayer[]; games: StoredGame[] };

function toStoredRoom(row: RoomRow): StoredRoom {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    config: row.config,
    settings: row.settings,
    listed: row.listed,
    hostPlayerId: row.hostPlayerId,
    players: row.players,
    game: row.games[0] ?? null,
  };
}
