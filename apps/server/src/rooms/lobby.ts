/**
 * The lobby: every table this process runs, by code. Opens new tables, loads known
 * ones from the database on demand, reloads unfinished games at start-up by replaying
 * their logs, and lists the listed tables.
 */
import { randomUUID } from 'node:crypto';
import { type ClientPayload, type TableSettings, tableSettingsSchema } from '@kibitz/protocol';
import { type Action, gameConfigSchema, parseConfig } from '@kibitz/rules';
import type { StoredRoom } from '../db/index.ts';
import { Prisma } from '../db/index.ts';
import { RECENT_CHAT } from './chat.ts';
import type { TableContext } from './context.ts';
import { finishGame } from './game-flow.ts';
import { newMember } from './member.ts';
import { type Outcome, refuse } from './outcome.ts';
import { RunningGame } from './running-game.ts';
import { holdSeat } from './seating.ts';
import { Table, type Welcome } from './table.ts';
import { newTableCode } from './table-code.ts';

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

  async create(socketId: string, request: ClientPayload<'create-table'>): Promise<Outcome<Welcome>> {
    if (this.closing) return refuse('shutting-down', 'The server is shutting down');
    const parsed = parseConfig(request.config);
    if (!parsed.ok) {
      return refuse(
        'bad-config',
        parsed.errors.map((error) => `${error.option}: ${error.message}`).join('; '),
      );
    }
    const settings = tableSettingsSchema.parse(request.settings ?? {});
    // Whoever opens a table sits down in its first seat at once.
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
      const table = new Table(this.ctx, {
        id: roomId,
        code,
        name: request.name,
        listed: request.listed,
        hostId: host.id,
        config: parsed.config,
        settings,
      });
      table.addMember(newMember(host.id, host.displayName, { seat: host.seat }));
      this.#tables.set(code, table);
      this.ctx.logger.info(
        { table: code, variant: parsed.config.variant, listed: request.listed },
        'table opened',
      );
      // The host joins with their own token, exactly as on any later visit.
      const token = table.welcomeFor(table.members.get(host.id)!).token!;
      return table.run(() => table.join(socketId, request.displayName, token));
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
    const table = new Table(this.ctx, {
      id: room.id,
      code: room.code,
      name: room.name,
      listed: room.listed,
      hostId: room.hostPlayerId,
      config,
      settings: parseSettings(room.settings),
    });
    for (const player of room.players) {
      table.addMember(newMember(player.id, player.displayName, { bot: player.isBot, seat: player.seat }));
    }
    // What was said here before the restart, for whoever comes back.
    for (const message of await this.ctx.store.recentChat(room.id, RECENT_CHAT)) {
      table.recentChat.push({
        from: { playerId: message.playerId, name: message.name },
        text: message.text,
        at: message.at.toISOString(),
      });
    }
    const stored = room.game;
    if (stored !== null) {
      table.gamesPlayed = stored.number;
      await this.#restoreGame(table, stored);
    }
    // Nobody is connected yet: hold every seated player's seat for them.
    for (const member of table.members.values()) {
      if (!member.bot && member.seat !== null) holdSeat(table, member);
    }
    this.#tables.set(room.code, table);
    table.autoplay.reschedule();
    return table;
  }

  async #restoreGame(table: Table, stored: NonNullable<StoredRoom['game']>): Promise<void> {
    const config = gameConfigSchema.parse(stored.config);
    const actions = (await this.ctx.log.loadActions(stored.id)).map((row) => ({
      seat: row.seat,
      action: row.action as unknown as Action,
    }));
    const game = RunningGame.fromLog(stored.id, stored.number, config, stored.seed, actions);
    if (game instanceof Error) {
      this.ctx.logger.error({ table: table.code, game: stored.id, err: game }, 'game log does not replay');
      return;
    }
    table.game = game;
    table.seats.forEach((memberId, seat) => {
      if (memberId !== null) game.seatHolders.set(memberId, seat);
    });
    // The last action was stored but the result was not: finish the record now.
    if (game.finished && stored.status === 'running') await finishGame(table);
    if (stored.status === 'running') {
      this.ctx.logger.info(
        { table: table.code, game: game.id, actions: actions.length, phase: game.state.phase },
        'game recovered from its log',
      );
    }
  }

  /** Listed tables, for the lobby page. */
  listed(): TableSummary[] {
    const list: TableSummary[] = [];
    for (const table of this.#tables.values()) {
      if (!table.listed) continue;
      const seatsTaken = table.seats.filter((id) => id !== null).length;
      const snapshot = table.snapshot();
      list.push({
        code: table.code,
        name: table.name,
        variant: table.config.variant,
        seats: table.seats.length,
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
    for (const table of this.#tables.values()) table.closing = true;
    await Promise.all([...this.#tables.values()].map((table) => table.idle()));
    for (const table of this.#tables.values()) table.stopTimers();
  }
}

function parseSettings(stored: unknown): TableSettings {
  const parsed = tableSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : tableSettingsSchema.parse({});
}
