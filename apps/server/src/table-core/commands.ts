/**
 * What can happen to a table: requests from a socket, and what the clock and the bots
 * bring. Everything a command needs from outside (the time, fresh ids, a fresh seed,
 * whether a token was genuine) is in the command, so the core stays pure and a run of
 * commands replays the same way every time.
 */
import type {
  ClientPayload,
  RefusalCode,
  RetryAfterCode,
  ServerEvent,
  ServerPayload,
} from '@kibitz/protocol';
import type { SeatIndex } from '@kibitz/rules';
import type { GameAction, TableConfig } from './game.ts';
import type { BotLevel } from './state.ts';

type FromSocket<T> = T & { socketId: string };

export type Command =
  /**
   * A named guest joins. `claim`: the member their token names (checked by the shell),
   * 'bad-token' when a token was sent that is not genuine for this table, or null when
   * no token was sent; `newId` is used if a new member is made.
   */
  | FromSocket<{
      type: 'join';
      displayName: string | null;
      claim: string | 'bad-token' | null;
      newId: string;
    }>
  | FromSocket<{ type: 'watch' }>
  /** The socket closed, or it now belongs to another table. */
  | FromSocket<{ type: 'leave' }>
  | FromSocket<{ type: 'take-seat'; seat: SeatIndex }>
  | FromSocket<{ type: 'leave-seat' }>
  | FromSocket<{ type: 'set-rules'; patch: ClientPayload<'set-rules'> }>
  /** `gameId`/`seed`: fresh, in case the bot completes a vote to play again. */
  | FromSocket<{
      type: 'add-bot';
      seat: SeatIndex;
      level: BotLevel;
      newId: string;
      gameId: string;
      seed: string;
    }>
  | FromSocket<{ type: 'move-player'; playerId: string; seat: SeatIndex | null }>
  | FromSocket<{ type: 'remove-player'; playerId: string }>
  /** start-game / new-game; `gameId` and `seed` are fresh. */
  | FromSocket<{ type: 'start-game'; kind: 'start' | 'new'; gameId: string; seed: string }>
  | FromSocket<{ type: 'act'; version: number; action: GameAction }>
  | FromSocket<{ type: 'chat'; text: string }>
  /** A hint for the socket's seat at `version` (the reply carries the seat's view for the search). */
  | FromSocket<{ type: 'hint'; version: number }>
  /** A timer the core asked for came due. */
  | { type: 'timer'; timer: TimerCommand }
  /** A bot's answer to `ask-bot`. */
  | { type: 'bot-move'; seat: SeatIndex; version: number; action: GameAction }
  | { type: 'shutdown' };

export type TimerCommand =
  | { kind: 'release-seat'; seat: SeatIndex; memberId: string }
  | { kind: 'forget-member'; memberId: string }
  | { kind: 'bot-turn'; seat: SeatIndex; version: number }
  | { kind: 'turn-timeout'; seat: SeatIndex; version: number }
  /** Paced hands: the finished trick has lain long enough. */
  | { kind: 'gather'; version: number }
  /** Paced hands: a bot continues after a scored hand. */
  | { kind: 'continue'; seat: SeatIndex; version: number }
  /** Paced hands: the result panel's time ran out; everyone left continues. */
  | { kind: 'hand-end'; phaseSince: number };

/** Store operations, in the order they must be done. */
export type StoreOp =
  | {
      op: 'add-player';
      player: { id: string; displayName: string; seat: number | null; isBot: boolean; botLevel?: BotLevel };
    }
  | { op: 'set-seats'; changes: { playerId: string; seat: number | null }[] }
  | { op: 'remove-player'; playerId: string }
  /** A seat held for its player (heldUntil: ms since epoch), or no longer held (null). */
  | { op: 'set-hold'; playerId: string; heldUntil: number | null; left: boolean }
  | {
      op: 'update-room';
      changes: {
        config: TableConfig;
        settings: ServerPayload<'table'>['settings'];
        name?: string;
        listed?: boolean;
      };
    }
  | {
      op: 'create-game';
      game: {
        id: string;
        number: number;
        config: TableConfig;
        seed: string;
        players: { seat: number; name: string; bot: boolean }[];
      };
    }
  | { op: 'append-action'; gameId: string; seq: number; seat: SeatIndex; action: GameAction }
  /** May fail without undoing the step: the log holds the last action, recovery finishes the record. */
  | { op: 'finish-game'; gameId: string; result: unknown }
  /** The game's hint counts, by seat, after a hint was granted. */
  | { op: 'set-hints'; gameId: string; hints: readonly number[] }
  | { op: 'add-chat'; playerId: string; text: string; at: number };

export interface Timer {
  /** Stable while the same timer is wanted: the shell keeps a running timer whose key is still wanted. */
  key: string;
  /** When it fires (ms since epoch). */
  at: number;
  command: TimerCommand;
}

export type Effect =
  | { kind: 'store'; store: StoreOp }
  | { kind: 'send'; to: readonly string[]; message: OutMessage }
  /** Each socket its view of the current game version; `fresh`: a whole view, not changes. */
  | { kind: 'views'; to: readonly string[] | 'all'; fresh: boolean }
  /** These sockets no longer belong to the table (their member was removed). */
  | { kind: 'release'; socketIds: readonly string[] }
  /** Who the socket is here (the shell adds the member's token). */
  | { kind: 'welcome'; socketId: string; memberId: string | null; seat: SeatIndex | null; host: boolean }
  | { kind: 'ask-bot'; seat: SeatIndex; version: number; level: BotLevel }
  | { kind: 'log'; level: 'info' | 'warn'; message: string; details: Record<string, unknown> };

export type OutMessage = { [E in ServerEvent]: { event: E; payload: ServerPayload<E> } }[ServerEvent];

/**
 * A refused command. Only the refusals that pass with time (protocol's RETRY_AFTER_CODES)
 * say when trying again can succeed, so the protocol README's list is the whole truth.
 */
export type Refused =
  | { ok: false; code: RefusalCode; message: string; retryAfterMs?: undefined }
  | { ok: false; code: RefusedForAWhile; message: string; retryAfterMs: number };

/** The table's refusals that pass with time (`rate-limited` is the transport's). */
type RefusedForAWhile = Extract<RetryAfterCode, RefusalCode>;

export type Reply = ({ ok: true } & Record<string, unknown>) | Refused;

export function refused(code: RefusalCode, message: string): Refused {
  return { ok: false, code, message };
}

/** A refusal that passes with time: the same request can succeed after `retryAfterMs`. */
export function refusedFor(code: RefusedForAWhile, message: string, retryAfterMs: number): Refused {
  return { ok: false, code, message, retryAfterMs };
}

export function isRefused<T extends object>(value: T | Refused): value is Refused {
  return 'ok' in value && value.ok === false;
}
