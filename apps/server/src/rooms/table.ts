/**
 * One room = one table: its members (seated players, bots, spectators), the sockets
 * they are connected with, the house rules and the running game. Every change goes
 * through `run`, one at a time. Game play lives in game-flow.ts, seats in seating.ts,
 * host powers in host-powers.ts; this file is who is here and what they are told.
 */
import { randomUUID } from 'node:crypto';
import {
  type ServerEvent,
  type ServerPayload,
  type TableSettings,
  type TableState,
  toSentView,
  type ViewPayload,
} from '@kibitz/protocol';
import { type GameConfig, seatCount, type Viewer } from '@kibitz/rules';
import { issueToken, verifyToken } from '../identity/token.ts';
import { Autoplay } from './autoplay.ts';
import type { TableContext } from './context.ts';
import { commitmentOf } from './fair-deal.ts';
import { isAway, type Member, newMember } from './member.ts';
import { type Outcome, refuse } from './outcome.ts';
import type { RunningGame } from './running-game.ts';
import type { SeatHold } from './seat-holds.ts';
import { holdSeat, returnToSeat } from './seating.ts';
import { SerialQueue } from './serial-queue.ts';

export interface TableInit {
  id: string;
  code: string;
  name: string;
  listed: boolean;
  hostId: string | null;
  config: GameConfig;
  settings: TableSettings;
}

export type Welcome = ServerPayload<'welcome'>;

export class Table {
  readonly id: string;
  readonly code: string;
  name: string;
  listed: boolean;
  hostId: string | null;
  config: GameConfig;
  settings: TableSettings;
  readonly members = new Map<string, Member>();
  /** Member id per seat (null = empty); as many seats as the variant has. */
  seats: (string | null)[];
  /** Socket id -> member id, or null for an anonymous watcher. */
  readonly connections = new Map<string, string | null>();
  game: RunningGame | null = null;
  /** Games played here so far (the next one gets number + 1). */
  gamesPlayed = 0;
  /** Set on shutdown: no more changes are taken. */
  closing = false;
  readonly autoplay: Autoplay;
  readonly #queue = new SerialQueue();
  /** Seats their players left mid-game, held for them (seating.ts `leaveSeat`). */
  readonly heldSeats = new Map<number, SeatHold>();
  /** After game over: the seats that asked to play again (game-flow.ts `newGame`). */
  readonly playAgain = new Set<number>();
  /** Per member: times of their recent chat messages (rate limit). */
  readonly chatTimes = new Map<string, number[]>();
  /** Per socket: the view it was sent last (for the parts the next one may leave out). */
  readonly #sentViews = new Map<string, ViewPayload>();
  /** The last messages said here, for whoever arrives (reloaded from the database with the table). */
  readonly recentChat: ServerPayload<'chat'>[] = [];

  constructor(
    readonly ctx: TableContext,
    init: TableInit,
  ) {
    this.id = init.id;
    this.code = init.code;
    this.name = init.name;
    this.listed = init.listed;
    this.hostId = init.hostId;
    this.config = init.config;
    this.settings = init.settings;
    this.seats = new Array<string | null>(seatCount(init.config)).fill(null);
    this.autoplay = new Autoplay(this);
    this.lastActive = ctx.now();
  }

  /** When anything last happened here (ms since epoch). */
  lastActive: number;

  /** Runs one change after every change queued before it. */
  run<T>(task: () => Promise<T> | T): Promise<T> {
    this.lastActive = this.ctx.now();
    return this.#queue.run(task);
  }

  /** Nobody here, nothing running, nothing queued: the table may leave memory (it stays stored). */
  isIdleSince(cutoff: number): boolean {
    const running = this.game !== null && !this.game.finished;
    return this.connections.size === 0 && !running && this.#queue.pending === 0 && this.lastActive < cutoff;
  }

  idle(): Promise<void> {
    return this.#queue.idle();
  }

  // --- who is here ---------------------------------------------------------------

  addMember(member: Member): void {
    this.members.set(member.id, member);
    if (member.seat !== null && member.seat < this.seats.length) this.seats[member.seat] = member.id;
    else member.seat = null;
  }

  memberOf(socketId: string): Member | undefined {
    const id = this.connections.get(socketId);
    return id == null ? undefined : this.members.get(id);
  }

  occupant(seat: number): Member | undefined {
    const id = this.seats[seat];
    return id == null ? undefined : this.members.get(id);
  }

  isHost(socketId: string): boolean {
    const member = this.memberOf(socketId);
    return member !== undefined && member.id === this.hostId;
  }

  get humanCount(): number {
    let count = 0;
    for (const member of this.members.values()) if (!member.bot) count++;
    return count;
  }

  // --- joining and leaving ---------------------------------------------------------

  /** A named guest joins (new), or comes back with their token (same member, same seat). */
  async join(socketId: string, displayName: string, token: string | undefined): Promise<Outcome<Welcome>> {
    if (this.closing) return refuse('shutting-down', 'The server is shutting down');
    let member: Member | undefined;
    if (token !== undefined) {
      const playerId = verifyToken(this.ctx.secret, token, this.id);
      member = playerId === null ? undefined : this.members.get(playerId);
      if (member === undefined || member.bot) {
        return refuse(
          'bad-token',
          'That token does not belong to this table (join without one to start afresh)',
        );
      }
    } else {
      member = newMember(randomUUID(), displayName);
      await this.ctx.store.addPlayer(this.id, { id: member.id, displayName, seat: null, isBot: false });
      this.addMember(member);
    }
    this.detach(socketId, { quiet: true });
    this.connections.set(socketId, member.id);
    member.sockets.add(socketId);
    if (member.heldUntil !== null) returnToSeat(this, member);
    const welcome = this.welcomeFor(member);
    this.emit([socketId], 'welcome', welcome);
    this.broadcastTable();
    // Timers first (a stand-in bot may have given the seat back): the view tells the turn time.
    this.autoplay.reschedule();
    this.catchUp(socketId, { chat: true });
    return { ok: true, ...welcome };
  }

  /** An anonymous kibitzer: sees the public table only, cannot sit or chat. */
  watch(socketId: string): Outcome<Welcome> {
    this.detach(socketId, { quiet: true });
    this.connections.set(socketId, null);
    const welcome: Welcome = { code: this.code, playerId: null, token: null, seat: null, host: false };
    this.emit([socketId], 'welcome', welcome);
    this.broadcastTable();
    this.catchUp(socketId, { chat: true });
    return { ok: true, ...welcome };
  }

  /** A socket leaves (disconnect, or it joined another table). A seated player's seat is held. */
  detach(socketId: string, options: { quiet?: boolean } = {}): void {
    if (!this.connections.has(socketId)) return;
    const member = this.memberOf(socketId);
    this.connections.delete(socketId);
    this.#sentViews.delete(socketId);
    if (member !== undefined) {
      member.sockets.delete(socketId);
      if (isAway(member) && member.seat !== null) holdSeat(this, member);
    }
    if (!options.quiet) this.broadcastTable();
    this.autoplay.reschedule();
  }

  /** Forgets a socket outright (its member was removed): no seat to hold, nobody to tell. */
  forgetSocket(socketId: string): void {
    this.connections.delete(socketId);
    this.#sentViews.delete(socketId);
  }

  welcomeFor(member: Member): Welcome {
    return {
      code: this.code,
      playerId: member.id,
      token: issueToken(this.ctx.secret, member.id, this.id),
      seat: member.seat,
      host: member.id === this.hostId,
    };
  }

  // --- what people are told -----------------------------------------------------------

  emit<E extends ServerEvent>(socketIds: readonly string[], event: E, payload: ServerPayload<E>): void {
    if (socketIds.length > 0) this.ctx.output.emit(socketIds, event, payload);
  }

  allSockets(): string[] {
    return [...this.connections.keys()];
  }

  socketsAt(seat: number): string[] {
    const member = this.occupant(seat);
    return member === undefined ? [] : [...member.sockets];
  }

  /** Everyone who sees the public table only: unseated members and anonymous watchers. */
  spectatorSockets(): string[] {
    const sockets: string[] = [];
    for (const [socketId, memberId] of this.connections) {
      const member = memberId === null ? undefined : this.members.get(memberId);
      if (member?.seat == null) sockets.push(socketId);
    }
    return sockets;
  }

  snapshot(): TableState {
    const now = this.ctx.now();
    const seats = this.seats.map((id, seat) => {
      const member = id === null ? undefined : this.members.get(id);
      const hold = this.heldSeats.get(seat);
      const holder = hold === undefined ? undefined : this.members.get(hold.memberId);
      const heldFor =
        hold === undefined || holder === undefined
          ? null
          : { playerId: holder.id, name: holder.name, until: hold.until };
      if (member === undefined) return { seat, player: null, heldFor };
      return {
        seat,
        heldFor,
        player: {
          id: member.id,
          name: member.name,
          bot: member.bot,
          connected: !isAway(member),
          standIn: this.autoplay.isStandIn(seat),
          heldUntil: member.heldUntil !== null && member.heldUntil > now ? member.heldUntil : null,
        },
      };
    });
    const spectators = [...this.members.values()]
      .filter((member) => member.seat === null && !member.bot)
      .map((member) => ({ id: member.id, name: member.name, connected: !isAway(member) }));
    let watchers = 0;
    for (const memberId of this.connections.values()) if (memberId === null) watchers++;
    const game = this.game;
    return {
      code: this.code,
      name: this.name,
      listed: this.listed,
      hostId: this.hostId,
      rules: this.config,
      settings: this.settings,
      seats,
      spectators,
      watchers,
      game:
        game === null
          ? null
          : {
              id: game.id,
              number: game.number,
              status: game.finished ? 'finished' : 'running',
              version: game.version,
            },
      playAgain: [...this.playAgain].sort((a, b) => a - b),
    };
  }

  broadcastTable(): void {
    this.emit(this.allSockets(), 'table', this.snapshot());
  }

  /** Each seat its own view, everyone else the public one: the only way game state leaves. */
  sendViews(): void {
    const game = this.game;
    if (game === null) return;
    const turnTimeLeft = this.autoplay.turnTimeLeft();
    for (let seat = 0; seat < this.seats.length; seat++) {
      const sockets = this.socketsAt(seat);
      if (sockets.length > 0) this.#sendView(sockets, game, seat, turnTimeLeft);
    }
    const spectators = this.spectatorSockets();
    if (spectators.length > 0) this.#sendView(spectators, game, 'spectator', turnTimeLeft);
  }

  /**
   * `viewer`'s view of the current version to these sockets, as changes to the view each
   * got just before (view-delta.ts). Sockets that got the same view
   * before (as a rule: all of them) get one packet, encoded once.
   */
  #sendView(
    socketIds: readonly string[],
    game: RunningGame,
    viewer: Viewer,
    turnTimeLeft = this.autoplay.turnTimeLeft(),
  ): void {
    const current = { gameId: game.id, version: game.version, view: game.viewFor(viewer) };
    const packet = (before: ViewPayload | undefined) => {
      const sent = toSentView(before, current);
      return turnTimeLeft === null ? sent : { ...sent, turnTimeLeft };
    };
    if (socketIds.length === 1) {
      const [socketId] = socketIds as [string];
      this.emit([socketId], 'view', packet(this.#sentViews.get(socketId)));
      this.#sentViews.set(socketId, current);
      return;
    }
    const groups = new Map<ViewPayload | undefined, string[]>();
    for (const socketId of socketIds) {
      const before = this.#sentViews.get(socketId);
      const group = groups.get(before);
      if (group === undefined) groups.set(before, [socketId]);
      else group.push(socketId);
      this.#sentViews.set(socketId, current);
    }
    for (const [before, group] of groups) this.emit(group, 'view', packet(before));
  }

  /** Brings one socket up to date: recent chat, the current deal's commitment, then its view. */
  catchUp(socketId: string, options: { chat?: boolean } = {}): void {
    if (options.chat) for (const message of this.recentChat) this.emit([socketId], 'chat', message);
    const game = this.game;
    if (game === null) return;
    const commitment = commitmentOf(game.state);
    if (commitment !== null) this.emit([socketId], 'deal', { gameId: game.id, ...commitment });
    const seat = this.memberOf(socketId)?.seat ?? null;
    // A whole view: whatever the socket had before, it starts afresh from this one.
    this.#sentViews.delete(socketId);
    this.#sendView([socketId], game, seat === null ? 'spectator' : seat);
    if (game.finished && game.state.result !== null) {
      this.emit([socketId], 'game-over', {
        gameId: game.id,
        result: game.state.result,
        history: game.state.history,
      });
    }
  }

  /** A member's sockets see a different viewer now (seat taken, left or moved): resend. */
  refreshViewer(member: Member): void {
    for (const socketId of member.sockets) this.catchUp(socketId);
  }

  /** Stops every timer: the table is being shut down or unloaded. */
  stopTimers(): void {
    this.autoplay.stop();
    for (const member of this.members.values()) {
      if (member.holdTimer !== null) clearTimeout(member.holdTimer);
      member.holdTimer = null;
    }
    for (const hold of this.heldSeats.values()) clearTimeout(hold.timer);
    this.heldSeats.clear();
  }
}
