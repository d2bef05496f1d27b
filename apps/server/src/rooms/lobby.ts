/**
 * The lobby: every table this process runs, by code. Opens new tables, finds known ones
 * (loading them from the database on demand under their lease: `stored-table.ts` builds
 * their state), reloads unfinished games at start-up, and lists the listed tables. Tables
 * leaving for another process (lost, handed over) are `hand-over.ts`'s.
 */
import { randomUUID } from 'node:crypto';
import { type ClientPayload, tableSettingsSchema } from '@kibitz/protocol';
import type { Leases, StoredRoom } from '../db/index.ts';
import { Prisma } from '../db/index.ts';
import { type Reply, refused } from '../table-core/commands.ts';
import { formIdOf, parseTableConfig } from '../table-core/game.ts';
import type { Member } from '../table-core/state.ts';
import type { TableContext } from './context.ts';
import { HANDOVER_RETRY_MS, TableMoves } from './hand-over.ts';
import { type LobbyHooks, type LobbyOptions, leasedWriter, TableElsewhereError } from './ownership.ts';
import { emptyTable, storedTableState } from './stored-table.ts';
import { Table } from './table.ts';
import { newTableCode } from './table-code.ts';

export { type LobbyHooks, type LobbyOptions, TableElsewhereError } from './ownership.ts';
export { coreLimits, RECENT_CHAT } from './stored-table.ts';

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
  readonly #leases: Leases | undefined;
  readonly #hooks: LobbyHooks;
  /** Tables leaving for another process (lost, handed over). */
  readonly #moves: TableMoves;
  /** Cluster mode: tables are taken over on first use, not recovered at start-up (ownership.ts). */
  readonly #lazy: boolean;
  closing = false;

  constructor(
    readonly ctx: TableContext,
    options: LobbyOptions = {},
  ) {
    this.#leases = options.leases;
    this.#hooks = options.hooks ?? {};
    this.#lazy = options.lazyTakeOver ?? false;
    this.#moves = new TableMoves(ctx, this.#tables, this.#leases, this.#hooks);
  }

  /** Takes the room's lease (a new epoch); TableElsewhereError if another process holds it. */
  async #acquire(roomId: string): Promise<number> {
    if (this.#leases === undefined) return 0;
    const lease = await this.#leases.acquire(roomId);
    if (!lease.ok) throw new TableElsewhereError(lease.retryAfterMs);
    return lease.epoch;
  }

  /** The table's context: its log rows go out under its lease's epoch. */
  #contextFor(roomId: string, epoch: number): TableContext {
    // After this turn: the refusal reaches its sender before the table's sockets close.
    const fenced = () => setImmediate(() => this.#leases?.fenced(roomId, epoch));
    const writer = leasedWriter(this.ctx.writer, epoch, { stored: this.#hooks.actionStored, fenced });
    // Its other writes (players, seats, games, results, chat) under the lease too, where
    // another process could hold it (PostgreSQL); PGlite has one process only.
    const store = this.#leases?.shared ? this.ctx.store.fencedBy(roomId, epoch, fenced) : this.ctx.store;
    return { ...this.ctx, writer, store };
  }

  #add(table: Table): void {
    this.#tables.set(table.code, table);
    this.#hooks.tableLoaded?.(table);
  }

  /** The table's lease is gone: it leaves memory at once (see `TableMoves.drop`). */
  drop(roomId: string): void {
    this.#moves.drop(roomId);
  }

  /** Another process asked for this table: hand it over (see `TableMoves.handOver`). */
  handOver(code: string): Promise<boolean> {
    return this.#moves.handOver(code);
  }

  /** A join here found the table held elsewhere: ask its owner for it; try again soon. */
  askHandover(code: string, refusal: TableElsewhereError): TableElsewhereError {
    return this.#moves.askHandover(code, refusal);
  }

  get tables(): IterableIterator<Table> {
    return this.#tables.values();
  }

  /** Opens a table; its creator is its host and sits in seat 0 at once. */
  async create(
    socketId: string,
    request: ClientPayload<'create-table'>,
  ): Promise<{ table: Table | null; reply: Reply }> {
    if (this.closing) return { table: null, reply: refused('shutting-down', 'The server is shutting down') };
    // Any game's config, judged by that game's own schema.
    const parsed = parseTableConfig(request.config);
    if (!parsed.ok) return { table: null, reply: refused('bad-config', parsed.message) };
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
          variant: formIdOf(parsed.config),
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
      const epoch = await this.#acquire(roomId);
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
      const table = new Table(this.#contextFor(roomId, epoch), { ...empty, members, seats });
      this.#add(table);
      this.ctx.logger.info(
        { table: code, variant: formIdOf(parsed.config), listed: request.listed },
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

  /**
   * The table with this code: in memory, or loaded from the database and its log (null
   * if unknown). TableElsewhereError if another process holds its lease.
   */
  find(code: string): Promise<Table | null> {
    // Stopping while other processes can take the tables: whoever comes now is told to
    // try again (at the process that takes the table over), not refused for good.
    if (this.closing && this.#leases?.shared)
      return Promise.reject(new TableElsewhereError(HANDOVER_RETRY_MS));
    const table = this.#tables.get(code);
    if (table) {
      // Someone is about to use it: keep the sweeper off it.
      table.lastActive = this.ctx.now();
      return Promise.resolve(table);
    }
    if (this.#moves.handingOver(code)) return Promise.reject(new TableElsewhereError(HANDOVER_RETRY_MS));
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

  /**
   * Reloads every table with an unfinished game that no other live process runs.
   * Returns how many games carry on. A table whose lease has not lapsed yet (its owner
   * may be a process that just died) is tried again once it can have. In cluster mode
   * (lazyTakeOver) nothing: each table is taken over when someone comes for it.
   */
  async recover(): Promise<number> {
    if (this.#lazy) return 0;
    const rooms = await this.ctx.store.roomsWithRunningGames();
    let games = 0;
    for (const room of rooms) {
      if (this.#tables.has(room.code)) continue;
      // One unreadable room must not keep every other game from carrying on.
      try {
        const table = await this.#restore(room);
        if (table.game !== null && !table.game.finished) games++;
      } catch (error) {
        if (error instanceof TableElsewhereError) this.#recoverLater(room.code, error.retryAfterMs);
        else this.ctx.logger.error({ err: error, table: room.code }, 'could not recover this table');
      }
    }
    return games;
  }

  /** Once: if nobody renewed the lease meanwhile, the table is ours to carry on. */
  #recoverLater(code: string, afterMs: number): void {
    const retry = setTimeout(() => {
      if (this.closing || this.#tables.has(code)) return;
      this.find(code).catch((error: unknown) => {
        if (!(error instanceof TableElsewhereError))
          this.ctx.logger.error({ err: error, table: code }, 'could not recover this table');
      });
    }, afterMs + 50);
    retry.unref();
  }

  async #restore(room: StoredRoom): Promise<Table> {
    // The lease first: a take-over's replay then sees every row its last owner stored.
    const epoch = await this.#acquire(room.id);
    try {
      // Where another process may have run it: read again under the lease, so that what
      // its last owner stored before the take-over (seats, a new game) is all there.
      const fresh = this.#leases?.shared ? await this.ctx.store.loadRoomByCode(room.code) : room;
      return await this.#load(fresh ?? room, epoch);
    } catch (error) {
      await this.#leases?.release([room.id]).catch(() => {});
      throw error;
    }
  }

  async #load(room: StoredRoom, epoch: number): Promise<Table> {
    const state = await storedTableState(this.ctx, room);
    const table = new Table(this.#contextFor(room.id, epoch), state);
    this.#add(table);
    table.start();
    return table;
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
        variant: formIdOf(table.state.config),
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
    const unloaded: string[] = [];
    for (const [code, table] of this.#tables) {
      if (!table.isIdleSince(now - this.ctx.timing.idleTableMs)) continue;
      table.stopTimers();
      this.#tables.delete(code);
      this.#hooks.tableUnloaded?.(table, 'idle');
      unloaded.push(table.id);
    }
    void this.#leases?.release(unloaded).catch((error: unknown) => {
      this.ctx.logger.error({ err: error }, 'releasing leases failed: they lapse by themselves');
    });
    return unloaded.length;
  }

  /**
   * Stops taking changes, lets every table finish what it is doing, stops all timers, and
   * then (after the last write) lets every lease go, so another process can take the
   * tables over at once: a rolling restart stops no game.
   */
  async shutdown(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.#tables.values()].map((table) => table.run({ type: 'shutdown' })));
    for (const table of this.#tables.values()) {
      table.stopTimers();
      this.#hooks.tableUnloaded?.(table, 'shutdown');
    }
  }

  /**
   * After the sockets have closed: waits until every table has stored what their leaving
   * did (held seats), then lets the leases go, so the database closes with nothing pending
   * and no other process takes a table over before it is stored.
   */
  async release(): Promise<void> {
    await Promise.all([...this.#tables.values()].map((table) => table.idle()));
    // A leave sets the timers a held seat calls for: this process will not see them fire.
    for (const table of this.#tables.values()) table.stopTimers();
    this.#leases?.stop();
    await this.#leases?.release().catch((error: unknown) => {
      this.ctx.logger.error({ err: error }, 'releasing leases failed: they lapse by themselves');
    });
  }
}
