/**
 * Client -> server events: one zod schema per event name. The server parses every
 * inbound payload with these before looking at it; anything else is refused.
 */
import { z } from 'zod';
import { actionSchema } from './actions.ts';
import {
  MAX_CHAT_LENGTH,
  MAX_NAME_LENGTH,
  MAX_TABLE_NAME_LENGTH,
  MAX_TOKEN_LENGTH,
  normalizeTableCode,
} from './limits.ts';
import { PACES } from './pace.ts';

/** Trimmed, printable, non-empty text of at most `max` characters. */
function text(max: number) {
  return z
    .string()
    .max(max * 4)
    .transform((value) => value.replace(/\p{Cc}/gu, ' ').trim())
    .pipe(z.string().min(1).max(max));
}

export const tableCodeSchema = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const code = normalizeTableCode(value);
    if (code === null) {
      ctx.addIssue({ code: 'custom', message: 'a table code looks like KQ7M-X3PA-9R' });
      return z.NEVER;
    }
    return code;
  });

export const seatSchema = z.number().int().min(0).max(3);
export const playerIdSchema = z.string().min(1).max(64);
export const displayNameSchema = text(MAX_NAME_LENGTH);

/**
 * A game + house rules as the host sends them: `game` names the game by its registry id, or
 * a config names only its `variant` (the first game's configs, stored before there was a
 * `game`: the rules' `gameIdOf`). Only the outline is checked here: the
 * game's own parseConfig (the rules' `parseGameConfig`) validates the options and names
 * any it refuses.
 */
export const configInputSchema = z
  .looseObject({ game: z.string().max(40).optional(), variant: z.string().max(40).optional() })
  .refine((config) => config.game !== undefined || config.variant !== undefined, {
    message: 'name a game ("game") or a variant ("variant")',
  });

/** How the table (not the game) behaves; every field has a default. */
export const tableSettingsSchema = z.strictObject({
  /** How long a dropped player's seat is held for them. */
  seatGraceSeconds: z.number().int().min(0).max(3600).default(120),
  /** A bot plays a dropped player's seat until they return (house option). */
  botStandIn: z.boolean().default(false),
  /** Seconds a player has to act before the default action is taken; null = no timer. */
  turnTimerSeconds: z.number().int().min(5).max(3600).nullable().default(null),
  /**
   * How fast the table plays: the bots' delay before they act and the pause after each
   * trick (relaxed 1.2 s / 2 s, normal 0.7 s / 1.2 s, fast 0.25 s / 0.5 s at the server's
   * base bot delay). The host may change it while a game runs.
   */
  pace: z.enum(PACES).default('normal'),
  /**
   * How long a completed trick stays on the table before it is gathered (ms), overriding
   * the pace's pause; null = the pace's. Setting a pace without this clears it.
   */
  trickPauseMs: z.number().int().min(0).max(5000).nullable().default(null),
  /**
   * The hand-result panel's time: the next deal starts when every seated player has
   * pressed Continue (bots at once) or when this runs out (0 = at once).
   */
  handEndSeconds: z.number().int().min(0).max(300).default(10),
  /** Named spectators may chat (players and the host always may). */
  spectatorChat: z.boolean().default(true),
  /** Play aids in the page: the auction history, your meld in each trump suit. */
  playAids: z.boolean().default(true),
  /**
   * A player may ask for a hint on their turn (the "hint" event): a search from their own
   * view only. Everyone sees how many hints each seat used (TableState.game.hints).
   */
  hints: z.boolean().default(false),
});
export type TableSettings = z.infer<typeof tableSettingsSchema>;
type SettingsShape = typeof tableSettingsSchema.shape;
/**
 * A change of some settings: only the ones it names. (zod 4's `partial()` would keep each
 * field's default, so a patch of one setting came back with every other at its default,
 * and a change of the pace reset the rest.)
 */
export const tableSettingsPatchSchema = z.strictObject(
  Object.fromEntries(
    Object.entries(tableSettingsSchema.shape).map(([key, field]) => [key, field.unwrap().optional()]),
  ) as { [K in keyof SettingsShape]: z.ZodOptional<ReturnType<SettingsShape[K]['unwrap']>> },
);

/** Settings the host may change while a game runs (the rest wait for the game's end). */
export const LIVE_SETTINGS: readonly (keyof TableSettings)[] = ['pace'];

/** Events without a payload accept none, or an empty object. */
const nothing = z
  .strictObject({})
  .optional()
  .transform(() => ({}));

export const clientEventSchemas = {
  'create-table': z.strictObject({
    name: text(MAX_TABLE_NAME_LENGTH),
    config: configInputSchema,
    listed: z.boolean().default(false),
    settings: tableSettingsPatchSchema.optional(),
    displayName: displayNameSchema,
  }),
  /** `displayName` is needed by a new guest only: with a token it may be left out. */
  join: z.strictObject({
    code: tableCodeSchema,
    displayName: displayNameSchema.optional(),
    token: z.string().min(1).max(MAX_TOKEN_LENGTH).optional(),
  }),
  /** Watch without a name or a seat (an anonymous kibitzer). */
  watch: z.strictObject({ code: tableCodeSchema }),
  'take-seat': z.strictObject({ seat: seatSchema }),
  'leave-seat': nothing,
  'set-rules': z.strictObject({
    config: configInputSchema.optional(),
    settings: tableSettingsPatchSchema.optional(),
    name: text(MAX_TABLE_NAME_LENGTH).optional(),
    listed: z.boolean().optional(),
  }),
  'add-bot': z.strictObject({
    seat: seatSchema,
    level: z.enum(['easy', 'normal', 'strong']).default('easy'),
  }),
  /** Seat a player (seat) or send them to the spectators (null). */
  'move-player': z.strictObject({ playerId: playerIdSchema, seat: seatSchema.nullable() }),
  'remove-player': z.strictObject({ playerId: playerIdSchema }),
  'start-game': nothing,
  /** After a game has ended: deal a new one at the same table. */
  'new-game': nothing,
  /** `version` is the view version the action answers; any other is refused as stale. */
  act: z.strictObject({ version: z.number().int().min(0), action: actionSchema }),
  chat: z.strictObject({ text: text(MAX_CHAT_LENGTH) }),
  /**
   * A hint for your turn at the view `version` (hints on, you seated and to act): the reply
   * (to you alone) holds the action a search from your own view chooses. Each granted
   * hint counts for your seat (TableState.game.hints); asking again at the same version
   * gets the same hint and counts once.
   */
  hint: z.strictObject({ version: z.number().int().min(0) }),
  /**
   * Earlier chat: up to 50 messages said before `before` (a message's `at`; absent: the
   * latest), oldest first. A newcomer is sent the latest on their first join; someone
   * coming back with a token asks for them here.
   */
  'chat-history': z.strictObject({ before: z.iso.datetime().optional() }),
} as const;

export type ClientEventSchemas = typeof clientEventSchemas;
export type ClientEvent = keyof ClientEventSchemas;
export type ClientPayload<E extends ClientEvent> = z.output<ClientEventSchemas[E]>;
/** What a client may send (before defaults are filled in). */
export type ClientPayloadInput<E extends ClientEvent> = z.input<ClientEventSchemas[E]>;

export const CLIENT_EVENTS = Object.keys(clientEventSchemas) as ClientEvent[];

export function isClientEvent(name: unknown): name is ClientEvent {
  return typeof name === 'string' && Object.hasOwn(clientEventSchemas, name);
}

/** One parsed message; switching on `event` narrows `payload`. */
export type ClientMessage = { [E in ClientEvent]: { event: E; payload: ClientPayload<E> } }[ClientEvent];

export type ParsedClientMessage =
  | ({ ok: true } & ClientMessage)
  | { ok: false; code: 'unknown-event' | 'malformed'; message: string };

/** Parses one inbound message; never throws. */
export function parseClientMessage(event: unknown, payload: unknown): ParsedClientMessage {
  if (!isClientEvent(event)) {
    const name = typeof event === 'string' ? JSON.stringify(event.slice(0, 40)) : typeof event;
    return { ok: false, code: 'unknown-event', message: `Unknown event ${name}` };
  }
  const result = clientEventSchemas[event].safeParse(payload);
  if (result.success) return { ok: true, event, payload: result.data } as ParsedClientMessage;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.map(String).join('.')}` : '';
  return {
    ok: false,
    code: 'malformed',
    message: `Malformed "${event}"${where}: ${issue?.message ?? 'invalid'}`,
  };
}
