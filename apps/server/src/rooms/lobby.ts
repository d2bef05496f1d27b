/**
 * The lobby: every table this process runs, by code. Opens new tables, loads known
 * ones from the database on demand, reloads unfinished games at start-up by replaying
 * their logs, and lists the listed tables.
 */
import { randomUUID } from 'node:crypto';
import { BOT_LEVELS } from '@kibitz/bots';
import { type ClientPayload, type TableSettings, tableSettingsSchema } from '@kibitz/protocol';
import {
  type Action,
  type GameConfig,
  gameConfigSchema,
  parseConfig,
  replay,
  seatCount,
} from '@kibitz/rules';
import type { StoredRoom } from '../db/index.ts';
import { Prisma } from '../db/index.ts';
import { type Reply, refused } from '../table-core/commands.ts';
import type { BotLevel, CoreLimits, CoreState, GameRecord, Member, SeatHolder } from '../table-core/state.ts';
import type { TableContext } from './context.ts';
import { Table } from './table.ts';
import { newTableCode } from './table-code.ts';

/** Messages a newcomer is shown (and reloaded from the database after a restart). */
export const RECENT_CHAT = 50;

/** What a table keeps and how long things take, from the server's settings. */
export function coreLimits(ctx: TableContext): CoreLimits {
  return {
    secondMs: ctx.timing.secondMs,
    botDelayMs: ctx.timing.botDelayMs,
    goneMemberMs: 300 * ctx.timing.secondMs,
    maxMembers: 64,
    chatMessages: ctx.chat.messages,
    chatWindowMs: ctx.chat.windowMs,
    recentChat: RECENT_CHAT,
  };
}

function emptyTable(
  ctx: TableContext,
  room: {
    id: string;
    code: string;
    name: string;
    listed: boolean;
    hostId: string | null;
    config: GameConfig;
    settings: TableSettings;
  },
): CoreState {
  return {
    id: room.id,
    code: room.code,
    name: room.name,
    listed: room.listed,
    hostId: room.hostId,
    config: room.config,
    settings: room.settings,
    members: new Map(),
    seats: new Array<SeatHolder | null>(seatCount(room.config)).fill(null),
    sockets: new Map(),
    game: null,
    gamesPlayed: 0,
    playAgain: [],
    chatTimes: new Map(),
    recentChat: [],
    closing: false,
    limits: coreLimits(ctx),
  };
}

export interface TableSummary {
  code: string;
  name: string;
  variant: string;
  seats: number;
  seatsTaken: number;
  spectators: number;
  status: 'waiting' | 'playing' | 'finished';
}

export class Lobby {
  readonly #tables = new Map<string, Table>();
  readonly #loading = new Map<string, Promise<Table | null>>();
  closing = false;

  constructor(readonly ctx: TableContext) {}

  get tables(): IterableIterator<Table> {
    return this.#tables.values();
  }

  /** Opens a table; its creator is its host and sits in seat 0 at once. */
  async create(
    socketId: string,
    request: ClientPayload<'create-table'>,
  ): Promise<{ table: Table | null; reply: Reply }> {
    if (this.closing) return { table: null, reply: refused('shutting-down', 'The server is shutting down') };
    const parsed = parseConfig(request.config);
    if (!parsed.ok) {
      return {
        table: null,
        reply: refused(
          'bad-config',
          parsed.errors.map((error) => `${error.option}: ${error.message}`).join('; '),
        ),
      };
    }
    const settings = tableSettingsSchema.parse(request.settings ?? {});
    const host = { id: randomUUID(), displayName: request.displayName, seat: 0, isBot: false };
    const roomId = randomUUID();
    // ~48 bits: a collision is all but impossible, but the unique index has the last word.
    for (let attempt = 0; ; attempt++) {
      const code = newTableCode();
      try {
        await this.ctx.store.createRoom({
          id: roomId,
          code,
          name: request.name,
          variant: parsed.config.variant,
          config: parsed.config,
          settings,
          listed: request.listed,
          host,
        });
      } catch (error) {
        const taken = error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
        if (taken && attempt < 5) continue;
        throw error;
      }
      const empty = emptyTable(this.ctx, {
        id: roomId,
        code,
        name: request.name,
        listed: request.listed,
        hostId: host.id,
        config: parsed.config,
        settings,
      });
      const members = new Map<string, Member>([
        [host.id, { id: host.id, name: host.displayName, bot: false, botLevel: null, goneSince: null }],
      ]);
      const seats = empty.seats.slice();
      seats[0] = { memberId: host.id, heldUntil: null, left: false };
      const table = new Table(this.ctx, { ...empty, members, seats });
      this.#tables.set(code, table);
      this.ctx.logger.info(
        { table: code, variant: parsed.config.variant, listed: request.listed },
        'table opened',
      );
      // The host joins as their own member, exactly as on any later visit with their token.
      const reply = await table.run({
        type: 'join',
        socketId,
        displayName: null,
        claim: host.id,
        newId: randomUUID(),
      });
      table.start();
      return { table, reply };
    }
  }

  /** The table with this code: in memory, or loaded from the database (null if unknown). */
  find(code: string): Promise<Table | null> {
    const table = this.#tables.get(code);
    if (table) {
      // Someone is about to use it: keep the sweeper off it.
      table.lastActive = this.ctx.now();
      return Promise.resolve(table);
    }
    let loading = this.#loading.get(code);
    if (loading === undefined) {
      loading = this.ctx.store
        .loadRoomByCode(code)
        .then((room) => (room === null ? null : this.#restore(room)))
        .finally(() => this.#loading.delete(code));
      this.#loading.set(code, loading);
    }
    return loading;
  }

  /** Reloads every table with an unfinished game. Returns how many games carry on. */
  async recover(): Promise<number> {
    const rooms = await this.ctx.store.roomsWithRunningGames();
    let games = 0;
    for (const room of rooms) {
      if (this.#tables.has(room.code)) continue;
      // One unreadable room must not keep every other game from carrying on.
      try {
        const table = await this.#restore(room);
        if (table.game !== null && !table.game.finished) games++;
      } catch (error) {
        this.ctx.logger.error({ err: error, table: room.code }, 'could not recover this table');
      }
    }
    return games;
  }

  async #restore(room: StoredRoom): Promise<Table> {
    const config = gameConfigSchema.parse(room.config);
    const settings = parseSettings(room.settings);
    const empty = emptyTable(this.ctx, {
      id: room.id,
      code: room.code,
      name: room.name,
      listed: room.listed,
      hostId: room.hostPlayerId,
      config,
      settings,
    });
    const now = this.ctx.now();
    const members = new Map<string, Member>();
    const seats = empty.seats.slice();
    for (const player of room.players) {
      const seated = player.seat !== null && player.seat < seats.length && seats[player.seat] === null;
      members.set(player.id, {
        id: player.id,
        name: player.displayName,
        bot: player.isBot,
        botLevel: player.isBot ? storedBotLevel(player.botLevel) : null,
        // Nobody is connected yet: seated players' seats are held, the others start to expire.
        goneSince: seated || player.isBot ? null : now,
      });
      if (seated) {
        // A hold that began before the restart keeps its deadline (it may be past: then
        // the seat is released at once); anyone else seated is away from now on.
        const held =
          player.heldUntil?.getTime() ?? now + settings.seatGraceSeconds * this.ctx.timing.secondMs;
        seats[player.seat!] = {
          memberId: player.id,
          heldUntil: player.isBot ? null : held,
          left: !player.isBot && player.seatLeft === true,
        };
      }
    }
    // What was said here before the restart, for whoever comes back.
    const recentChat = (await this.ctx.store.recentChat(room.id, RECENT_CHAT)).map((message) => ({
      from: { playerId: message.playerId, name: message.name },
      text: message.text,
      at: message.at.toISOString(),
    }));
    let state: CoreState = { ...empty, members, seats, recentChat };
    const stored = room.game;
    if (stored !== null) {
      state = { ...state, gamesPlayed: stored.number, game: await this.#restoreGame(state, stored) };
    }
    const table = new Table(this.ctx, state);
    this.#tables.set(room.code, table);
    table.start();
    return table;
  }

  async #restoreGame(state: CoreState, stored: NonNullable<StoredRoom['game']>): Promise<GameRecord | null> {
    const config = gameConfigSchema.parse(stored.config);
    const actions = (await this.ctx.log.loadActions(stored.id)).map((row) => ({
      seat: row.seat,
      action: row.action as unknown as Action,
    }));
    const replayed = replay(config, stored.seed, actions);
    if (!replayed.ok) {
      this.ctx.logger.error(
        { table: state.code, game: stored.id, index: replayed.index, rejection: replayed.rejection },
        'game log does not replay',
      );
      return null;
    }
    const holders = new Map<string, number>();
    state.seats.forEach((holder, seat) => {
      if (holder !== null) holders.set(holder.memberId, seat);
    });
    const game: GameRecord = {
      id: stored.id,
      number: stored.number,
      seed: stored.seed,
      state: replayed.state,
      holders,
      since: this.ctx.now(),
      phaseSince: replayed.state.version,
      phaseAt: this.ctx.now(),
    };
    const finished = replayed.state.phase === 'game-over';
    // The last action was stored but the result was not: finish the record now.
    if (finished && stored.status === 'running') {
      try {
        await this.ctx.store.finishGame(stored.id, replayed.state.result as unknown as Prisma.InputJsonValue);
      } catch (error) {
        this.ctx.logger.error(
          { err: error, table: state.code, game: stored.id },
          'storing the result failed',
        );
      }
    }
    if (stored.status === 'running') {
      this.ctx.logger.info(
        { table: state.code, game: stored.id, actions: actions.length, phase: replayed.state.phase },
        'game recovered from its log',
      );
    }
    return game;
  }

  /** Listed tables, for the lobby page. */
  listed(): TableSummary[] {
    const list: TableSummary[] = [];
    for (const table of this.#tables.values()) {
      if (!table.listed) continue;
      const snapshot = table.snapshot();
      const seatsTaken = snapshot.seats.filter((seat) => seat.player !== null).length;
      list.push({
        code: table.code,
        name: table.state.name,
        variant: table.state.config.variant,
        seats: snapshot.seats.length,
        seatsTaken,
        spectators: snapshot.spectators.filter((s) => s.connected).length + snapshot.watchers,
        status: table.game === null ? 'waiting' : table.game.finished ? 'finished' : 'playing',
      });
    }
    return list;
  }

  /** Lets idle tables go from memory; `find` loads them again from the database when someone comes back. */
  sweep(now = this.ctx.now()): number {
    let unloaded = 0;
    for (const [code, table] of this.#tables) {
      if (!table.isIdleSince(now - this.ctx.timing.idleTableMs)) continue;
      table.stopTimers();
      this.#tables.delete(code);
      unloaded++;
    }
    return unloaded;
  }

  /** Stops taking changes, lets every table finish what it is doing, and stops all timers. */
  async shutdown(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.#tables.values()].map((table) => table.run({ type: 'shutdown' })));
    for (const table of this.#tables.values()) table.stopTimers();
  }
}

/** A stored bot's level; bots stored before levels were kept (or with an unknown one) play easy. */
function storedBotLevel(stored: string | null | undefined): BotLevel {
  return BOT_LEVELS.find((level) => level === stored) ?? 'easy';
}

function parseSettings(stored: unknown): TableSettings {
  const parsed = tableSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : tableSettingsSchema.parse({});
}
