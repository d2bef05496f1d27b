/**
 * The state of one table as plain, never-mutated data: who is here, who sits where,
 * the house rules, the game. The core (step.ts) maps (state, command) to the next
 * state and the effects the shell carries out; nothing here does I/O.
 *
 * Each fact is written in one place: a seat's holder only in `seats`, a member's live
 * connections only in `sockets` (so "connected" cannot disagree with the sockets), a
 * running game only as `game` with a state that is not over.
 */
import type { ServerPayload, TableSettings } from '@kibitz/protocol';
import type { AnyGameModule, SeatIndex } from '@kibitz/rules';
import { seatCountOf, type TableConfig } from './game.ts';

export type BotLevel = 'easy' | 'normal' | 'strong';

export interface Member {
  readonly id: string;
  readonly name: string;
  readonly bot: boolean;
  readonly botLevel: BotLevel | null;
  /**
   * Since when an unseated human has had no connection (ms since epoch); null while
   * connected, seated, or a bot. Such a member expires after `limits.goneMemberMs`.
   */
  readonly goneSince: number | null;
}

/** Who holds a seat. A seat has one holder at most: the array index is the seat. */
export interface SeatHolder {
  readonly memberId: string;
  /**
   * While the holder is away (no connection) or has left the seat during a game: until
   * when it is kept for them. At that moment it is released.
   */
  readonly heldUntil: number | null;
  /** They stood up during a game: the seat is held, they look on as a spectator. */
  readonly left: boolean;
}

export interface GameRecord {
  readonly id: string;
  readonly number: number;
  /** SECRET: drives every shuffle. Never leaves the server while the game runs. */
  readonly seed: string;
  /** The game this is, and its config (the table's may have changed since it ended). */
  readonly module: AnyGameModule;
  readonly config: TableConfig;
  /** The game's own state: only `module` looks inside it. */
  readonly state: unknown;
  /** Which seat each member has held during this game: nobody gets to see two hands. */
  readonly holders: ReadonlyMap<string, SeatIndex>;
  /** When the current version began (ms since epoch): timers count from here. */
  readonly since: number;
  /** The version at which the current phase began (a card pass answers its phase, not a version). */
  readonly phaseSince: number;
  /** When the current phase began (ms since epoch): the hand-end panel's time counts from here. */
  readonly phaseAt: number;
  /**
   * The versions of the last result panel that closed ([since, until)): a Continue that
   * answers it arrives after the panel's timer (or the last press) already closed it.
   */
  readonly closedPanel?: { readonly since: number; readonly until: number };
  /** Hints each seat has asked for in this game (public; stored with the game). */
  readonly hints: readonly number[];
  /**
   * The version each seat last got a hint at (null: none): asking again there is not
   * counted again. Not stored: after a reload a repeat at the same version counts anew.
   */
  readonly hinted: readonly (number | null)[];
}

/** Fixed per process: how long things take, and how much a table keeps. */
export interface CoreLimits {
  /** Length of one second of the table settings (tests shorten it). */
  secondMs: number;
  /**
   * The server's base bot delay (KIBITZ_BOT_DELAY_MS): the normal pace's; a table's pace
   * scales it (protocol's botDelayOf).
   */
  botDelayMs: number;
  /** An unseated member with no connection is forgotten after this long. */
  goneMemberMs: number;
  /** Named members (humans and bots) at most; anonymous watchers are only counted. */
  maxMembers: number;
  chatMessages: number;
  chatWindowMs: number;
  /** Chat messages kept for newcomers. */
  recentChat: number;
}

export interface CoreState {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly listed: boolean;
  readonly hostId: string | null;
  readonly config: TableConfig;
  readonly settings: TableSettings;
  readonly members: ReadonlyMap<string, Member>;
  /** One entry per seat of the game's table. */
  readonly seats: readonly (SeatHolder | null)[];
  /** Live connections: socket id -> member id, or null for an anonymous watcher. */
  readonly sockets: ReadonlyMap<string, string | null>;
  readonly game: GameRecord | null;
  readonly gamesPlayed: number;
  /** Seats that asked for a new game after the last one ended. */
  readonly playAgain: readonly SeatIndex[];
  /** Per member: when they last chatted (rate limit). */
  readonly chatTimes: ReadonlyMap<string, readonly number[]>;
  readonly recentChat: readonly ServerPayload<'chat'>[];
  /** Set on shutdown: nothing more is taken. */
  readonly closing: boolean;
  readonly limits: CoreLimits;
}

export function gameRunning(state: CoreState): boolean {
  return state.game !== null && state.game.module.ownResult(state.game.state) === null;
}

export function seatOf(state: CoreState, memberId: string): SeatIndex | null {
  const seat = state.seats.findIndex((holder) => holder?.memberId === memberId);
  return seat === -1 ? null : seat;
}

/** A human with at least one live connection (bots are always there). */
export function isConnected(state: CoreState, member: Member): boolean {
  if (member.bot) return true;
  for (const id of state.sockets.values()) if (id === member.id) return true;
  return false;
}

export function socketsOf(state: CoreState, memberId: string): string[] {
  const sockets: string[] = [];
  for (const [socketId, id] of state.sockets) if (id === memberId) sockets.push(socketId);
  return sockets;
}

export function memberAt(state: CoreState, socketId: string): Member | undefined {
  const id = state.sockets.get(socketId);
  return id == null ? undefined : state.members.get(id);
}

/** A bot plays this seat: a bot sits there, or one stands in for a held or empty seat (house option). */
export function botPlays(state: CoreState, seat: SeatIndex): boolean {
  const holder = state.seats[seat];
  const member = holder == null ? undefined : state.members.get(holder.memberId);
  if (member?.bot) return true;
  return isStandIn(state, seat);
}

export function isStandIn(state: CoreState, seat: SeatIndex): boolean {
  if (!state.settings.botStandIn || !gameRunning(state)) return false;
  const holder = state.seats[seat];
  if (holder == null) return true;
  const member = state.members.get(holder.memberId);
  return member !== undefined && !member.bot && holder.heldUntil !== null;
}

/** Which view a socket gets: its member's seat (unless they stood up), else the public one. */
export function viewerOf(state: CoreState, socketId: string): SeatIndex | 'spectator' {
  const memberId = state.sockets.get(socketId);
  if (memberId == null) return 'spectator';
  const seat = seatOf(state, memberId);
  if (seat === null || state.seats[seat]?.left) return 'spectator';
  return seat;
}

export function withMember(state: CoreState, member: Member): CoreState {
  const members = new Map(state.members);
  members.set(member.id, member);
  return { ...state, members };
}

export function withSeat(state: CoreState, seat: SeatIndex, holder: SeatHolder | null): CoreState {
  const seats = state.seats.slice();
  seats[seat] = holder;
  return { ...state, seats };
}

/** What a table's state is before anyone has come: its room's facts, nobody here, no game. */
export function freshTableState(
  room: {
    id: string;
    code: string;
    name: string;
    listed: boolean;
    hostId: string | null;
    config: TableConfig;
    settings: TableSettings;
  },
  limits: CoreLimits,
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
    seats: new Array<SeatHolder | null>(seatCountOf(room.config)).fill(null),
    sockets: new Map(),
    game: null,
    gamesPlayed: 0,
    playAgain: [],
    chatTimes: new Map(),
    recentChat: [],
    closing: false,
    limits,
  };
}
