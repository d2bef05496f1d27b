/**
 * The schemas of what a game sends and takes, per game, told apart by the registry's game
 * id (`gameIdOf(config)` from @kibitz/rules/game): its config, its view, its actions, a
 * hand's and a game's result. The events in server-messages.ts carry whichever game the
 * table plays, so their schemas take the union of the games'; a side that knows the game
 * (the server at a table, a client that has the table's config) takes the game's own from
 * `protocolGame(id)`. A new game adds its file beside pinochle.ts and bridge.ts and one
 * entry in PROTOCOL_GAMES (games/index.test.ts checks every registered game has one).
 */
import { z } from 'zod';
import {
  bridgeActionSchema,
  bridgeConfigSchema,
  bridgeHandResultSchema,
  bridgeResultSchema,
  bridgeViewSchema,
} from './bridge.ts';
import {
  pinochleActionSchema,
  pinochleConfigSchema,
  handResultSchema as pinochleHandResultSchema,
  gameResultSchema as pinochleResultSchema,
  pinochleViewSchema,
} from './pinochle.ts';

/** One game's schemas. */
export interface ProtocolGame {
  id: string;
  configSchema: z.ZodType;
  /** A whole view; its `shape` lists the fields a view without `base` must have. */
  viewSchema: z.ZodObject;
  actionSchema: z.ZodType<{ type: string }>;
  resultSchema: z.ZodType;
  handResultSchema: z.ZodType;
}

export const PROTOCOL_GAMES = {
  pinochle: {
    id: 'pinochle',
    configSchema: pinochleConfigSchema,
    viewSchema: pinochleViewSchema,
    actionSchema: pinochleActionSchema,
    resultSchema: pinochleResultSchema,
    handResultSchema: pinochleHandResultSchema,
  },
  'auction-bridge': {
    id: 'auction-bridge',
    configSchema: bridgeConfigSchema,
    viewSchema: bridgeViewSchema,
    actionSchema: bridgeActionSchema,
    resultSchema: bridgeResultSchema,
    handResultSchema: bridgeHandResultSchema,
  },
} as const satisfies Record<string, ProtocolGame>;

export type ProtocolGameId = keyof typeof PROTOCOL_GAMES;

/** The schemas of game `id` (the registry's id), or null for a game the protocol does not know. */
export function protocolGame(id: string | null): ProtocolGame | null {
  return id !== null && Object.hasOwn(PROTOCOL_GAMES, id) ? PROTOCOL_GAMES[id as ProtocolGameId] : null;
}

/** Any game's config (each game's own schema; a config names its game). */
export const gameConfigSchema = z.union([pinochleConfigSchema, bridgeConfigSchema]);
/** Any game's whole view. */
export const gameViewSchema = z.union([pinochleViewSchema, bridgeViewSchema]);
export const gameResultSchema = z.union([pinochleResultSchema, bridgeResultSchema]);
/** A game's hand-by-hand history: one game's hand results. */
export const gameHistorySchema = z.union([
  z.array(pinochleHandResultSchema),
  z.array(bridgeHandResultSchema),
]);

export {
  bridgeActionSchema,
  bridgeConfigSchema,
  bridgeHandResultSchema,
  bridgeResultSchema,
  bridgeViewSchema,
  pinochleActionSchema,
  pinochleConfigSchema,
  pinochleHandResultSchema,
  pinochleResultSchema,
  pinochleViewSchema,
};
