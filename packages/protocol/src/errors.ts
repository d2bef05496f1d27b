/** Codes of the server's refusals; a client can switch on them, people read the message. */
import type { AnyRejectionCode } from './games/index.ts';

/** Problems with the message itself: nothing was looked at, nothing changed. */
export const PROTOCOL_ERROR_CODES = ['unknown-event', 'malformed', 'rate-limited', 'internal'] as const;
export type ProtocolErrorCode = (typeof PROTOCOL_ERROR_CODES)[number];

/** Well-formed requests the table refuses (plus the rules' own rejection codes). */
export const TABLE_REFUSAL_CODES = [
  'no-such-table',
  'not-at-table',
  'already-at-table',
  'bad-token',
  'not-host',
  'no-such-seat',
  'seat-taken',
  'seat-locked',
  /** A player left this seat mid-game: it is held for them for the grace period. */
  'seat-held',
  'no-such-player',
  'not-seated',
  'game-running',
  'no-game',
  'seats-empty',
  'bad-config',
  'stale-version',
  'chat-too-fast',
  /** The host has turned spectator chat off. */
  'spectator-chat-off',
  /** A hint was asked for at a table whose host has not turned hints on. */
  'hints-off',
  /** An action only the server takes (gathering a trick after its pause). */
  'server-action',
  'shutting-down',
  'storage-failed',
  /** Too many tables opened from one address in a short time. */
  'too-many-tables',
  /** A new guest must give a name. */
  'name-needed',
  /** The table has as many named members as it keeps. */
  'table-full',
  'cannot-remove-host',
  /** The table is run by another server process, or moving to this one: retry after `retryAfterMs`. */
  'table-moving',
] as const;
export type TableRefusalCode = (typeof TABLE_REFUSAL_CODES)[number];

/** The refusals that carry `retryAfterMs`: after that long the same request can succeed. */
export const RETRY_AFTER_CODES = [
  'rate-limited',
  'chat-too-fast',
  'table-moving',
] as const satisfies readonly (TableRefusalCode | (typeof PROTOCOL_ERROR_CODES)[number])[];
export type RetryAfterCode = (typeof RETRY_AFTER_CODES)[number];

/** The rules' refusals of an action, of every game. */
export type RulesRejectionCode = AnyRejectionCode;

export type RefusalCode = TableRefusalCode | RulesRejectionCode;

/**
 * Why the server turned a connection away: socket.io's `connect_error` carries it in
 * `error.data.code` (see `connectErrorDataSchema`); `error.message` says it for people.
 */
export const CONNECT_ERROR_CODES = ['starting-up', 'too-many-connections'] as const;
export type ConnectErrorCode = (typeof CONNECT_ERROR_CODES)[number];
