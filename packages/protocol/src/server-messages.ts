/**
 * Server -> client events. The server builds these from typed values, so the schemas
 * here serve clients and tests (every payload the server emits must parse).
 * A game view is never built by hand: it is exactly the rules' `view(state, viewer)`,
 * or the changes to the one the client got just before (view-delta.ts).
 */

import { gameIdOf } from '@kibitz/rules';
import { z } from 'zod';
import { tableSettingsSchema } from './client-messages.ts';
import { CONNECT_ERROR_CODES, PROTOCOL_ERROR_CODES, type RefusalCode } from './errors.ts';
import {
  FIRST_PROTOCOL_GAME,
  gameConfigSchema,
  gameHistorySchema,
  gameResultSchema,
  gameSentViewSchema,
  protocolGame,
} from './games/index.ts';

/**
 * A view as sent: whole, or (with `base`) only the fields that changed (view-delta.ts), of
 * whichever game the table plays (games/index.ts).
 */
export const sentViewSchema = gameSentViewSchema;

/** The fields a whole view of the game its config names must have (the first game's when it names none). */
function viewFields(config: unknown): string[] {
  const game = protocolGame(gameIdOf(config)) ?? FIRST_PROTOCOL_GAME;
  return Object.keys(game.viewSchema.shape);
}
const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

export const seatOccupantSchema = z.object({
  id: z.string(),
  name: z.string(),
  bot: z.boolean(),
  /** A bot's strength (null for humans). */
  botLevel: z.enum(['easy', 'normal', 'strong']).nullable(),
  /** A human with at least one open connection (bots are always connected). */
  connected: z.boolean(),
  /** A bot is playing this dropped player's cards until they return. */
  standIn: z.boolean(),
  /** While the player is away: when the seat stops being held (ms since epoch). */
  heldUntil: z.number().nullable(),
});
export type SeatOccupant = z.infer<typeof seatOccupantSchema>;

export const tableStateSchema = z.object({
  code: z.string(),
  name: z.string(),
  listed: z.boolean(),
  hostId: z.string().nullable(),
  rules: gameConfigSchema,
  settings: tableSettingsSchema,
  seats: z.array(
    z.object({
      seat: z.number(),
      player: seatOccupantSchema.nullable(),
      /**
       * A player who left this seat while the game runs: it is theirs to take back until
       * `until` (ms since epoch), nobody else may sit there meanwhile (a bot stands in
       * when the table says so). Null otherwise.
       */
      heldFor: z.object({ playerId: z.string(), name: z.string(), until: z.number() }).nullable(),
    }),
  ),
  spectators: z.array(z.object({ id: z.string(), name: z.string(), connected: z.boolean() })),
  /** Anonymous watchers (joined with "watch"): counted, never listed. */
  watchers: z.number(),
  game: z
    .object({
      id: z.string(),
      number: z.number(),
      status: z.enum(['running', 'finished']),
      version: z.number(),
      /** Hints each seat has asked for in this game, by seat (all 0 while hints are off). */
      hints: z.array(z.number().int().min(0)),
    })
    .nullable(),
  /** After game over: the seats that asked for a new game ("Play again"), in seat order. */
  playAgain: z.array(z.number()),
});
export type TableState = z.infer<typeof tableStateSchema>;

export const serverEventSchemas = {
  /** Who you are at this table: keep the token to come back to the same seat. */
  welcome: z.object({
    /** The table code. */
    table: z.string(),
    playerId: z.string().nullable(),
    token: z.string().nullable(),
    seat: z.number().nullable(),
    host: z.boolean(),
  }),
  table: tableStateSchema,
  /**
   * Your view of the game after action number `version`. With `base`, `view` holds only
   * the fields that differ from the view of version `base`, the one you got just before
   * (see view-delta.ts; ViewAssembler puts it together).
   */
  view: z
    .object({
      gameId: z.string(),
      version: z.number(),
      view: sentViewSchema,
      base: z.number().optional(),
      /**
       * Milliseconds until the turn timer makes the default move for the seat(s) to act,
       * counted when the server sent this; absent when no turn timer runs.
       */
      turnTimeLeft: z.number().int().nonnegative().optional(),
    })
    .superRefine((payload, ctx) => {
      // Without `base` the view stands alone: every field must be there.
      if (payload.base !== undefined) return;
      const view = payload.view as Record<string, unknown>;
      const missing = viewFields(view.config).filter((field) => view[field] === undefined);
      if (missing.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['view'],
          message: `a whole view (no \`base\`) lacks ${missing.join(', ')}`,
        });
      }
    }),
  /** A well-formed request the table refused; nothing changed. */
  rejection: z.object({
    event: z.string(),
    code: z.custom<RefusalCode>((value) => typeof value === 'string'),
    message: z.string(),
  }),
  /** A message that was not understood (unknown event, bad payload, too fast); nothing changed. */
  'protocol-error': z.object({
    event: z.string().nullable(),
    code: z.enum(PROTOCOL_ERROR_CODES),
    message: z.string(),
    /** With rate-limited: after this long a message is let through again. */
    retryAfterMs: z.number().int().nonnegative().optional(),
  }),
  chat: z.object({
    from: z.object({ playerId: z.string(), name: z.string() }),
    text: z.string(),
    at: z.string(),
  }),
  /** A new deal: the SHA-256 of its seed, published before any card of it is seen. */
  deal: z.object({ gameId: z.string(), deal: z.number(), commitment: sha256Schema }),
  /** The deal's seed, once its hand has ended: sha256Hex(seed) equals the commitment. */
  'seed-reveal': z.object({
    gameId: z.string(),
    deal: z.number(),
    seed: z.string(),
    commitment: sha256Schema,
  }),
  /** The game's own result and hand-by-hand history (as that game's views show them). */
  'game-over': z.object({
    gameId: z.string(),
    result: gameResultSchema,
    history: gameHistorySchema,
  }),
  /** The host removed you from the table. */
  removed: z.object({ table: z.string(), reason: z.string() }),
} as const;

export type ServerEventSchemas = typeof serverEventSchemas;

/** `data` of a refused connection's `connect_error` (try again later; nothing is wrong with the client). */
export const connectErrorDataSchema = z.object({ code: z.enum(CONNECT_ERROR_CODES) });
export type ConnectErrorData = z.infer<typeof connectErrorDataSchema>;
export type ServerEvent = keyof ServerEventSchemas;
export type ServerPayload<E extends ServerEvent> = z.output<ServerEventSchemas[E]>;

/** Replies to a client's acknowledgement callback (optional: the events above say the same). */
export type Reply<T extends object = object> =
  | ({ ok: true } & T)
  | {
      ok: false;
      code: RefusalCode | (typeof PROTOCOL_ERROR_CODES)[number];
      message: string;
      /** With rate-limited and chat-too-fast: when the same request can succeed. */
      retryAfterMs?: number;
    };

/** What a successful reply to each client event carries, beside `ok: true`. */
export interface ReplyData {
  'create-table': ServerPayload<'welcome'>;
  join: ServerPayload<'welcome'>;
  watch: ServerPayload<'welcome'>;
  'add-bot': { playerId: string };
  'start-game': { gameId: string };
  /** `gameId` when the new game started; without it the request counted as a vote (TableState.playAgain). */
  'new-game': { gameId?: string };
  /** The game's version after the action. */
  act: { version: number };
  /** The hinted action (one of the game's actions, for you to make or not) at `version`. */
  hint: { version: number; action: { type: string } & Record<string, unknown> };
  /** Oldest first; `more`: there are older ones still (ask again with the first one's `at`). */
  'chat-history': { messages: ServerPayload<'chat'>[]; more: boolean };
}

/** The reply to client event `E`. */
export type ReplyTo<E extends string> = Reply<E extends keyof ReplyData ? ReplyData[E] : object>;

/** Typed event maps for socket.io's generics (`Server<ClientToServer, ServerToClient>`). */
export type ServerToClientEvents = {
  [E in ServerEvent]: (payload: ServerPayload<E>) => void;
};
