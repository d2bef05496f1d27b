/**
 * The registry of the games on the wire: one module per game (`games/<game>/`), told apart
 * by the rules registry's id (`gameIdOf(config)` from @kibitz/rules). Every union the
 * events carry (config, view, sent view, action, result, history, refusal codes) is built
 * here from the list, never written out per game; a side that knows the game (the server
 * at a table, a client that has the table's config) takes the game's own from
 * `protocolGame(id)`. A new game adds its folder and one entry in PROTOCOL_GAME_LIST
 * (games/index.test.ts checks every game of the rules registry has one).
 */
import { z } from 'zod';
import { type BridgeWireAction, type BridgeWireView, bridgeProtocol } from './bridge/index.ts';
import type { ProtocolGame } from './game.ts';
import { type PinochleWireAction, type PinochleWireView, pinochleProtocol } from './pinochle/index.ts';

export type { ProtocolGame, ProtocolGameDocs } from './game.ts';

/**
 * Every game, in the registry's order. The order is the unions' order: a config or action
 * is tried against the first game's schema first (Pinochle's: a Pinochle action never
 * takes another game's branch), and a config naming no game is the first game's.
 */
export const PROTOCOL_GAME_LIST = [pinochleProtocol, bridgeProtocol] as const;

/** A whole view of any game: exactly the rules' `view(state, viewer)` of the table's game. */
export type AnyGameView = PinochleWireView | BridgeWireView;
/** Any game's action, as the rules type it. */
export type AnyGameAction = PinochleWireAction | BridgeWireAction;

type Games = typeof PROTOCOL_GAME_LIST;
type Game = Games[number];
type SchemaKey = 'configSchema' | 'viewSchema' | 'sentViewSchema' | 'actionSchema' | 'resultSchema';

/**
 * The games' schemas of one kind, as a tuple in the registry's order (what z.union takes,
 * keeping each game's type). A mapped type keeps a tuple a tuple only over a type parameter.
 */
type EachOf<T extends readonly unknown[], K extends PropertyKey> = {
  -readonly [I in keyof T]: T[I] extends Record<K, infer S> ? S : never;
};
type Each<K extends SchemaKey> = EachOf<Games, K>;
function each<K extends SchemaKey>(key: K): Each<K> {
  return PROTOCOL_GAME_LIST.map((game) => game[key]) as unknown as Each<K>;
}
type ArraysOf<T extends readonly unknown[]> = {
  -readonly [I in keyof T]: T[I] extends { handResultSchema: infer S extends z.ZodType }
    ? z.ZodArray<S>
    : never;
};

export type ProtocolGameId = Game['id'];

/** The games by id. */
export const PROTOCOL_GAMES = Object.fromEntries(PROTOCOL_GAME_LIST.map((game) => [game.id, game])) as {
  [G in Game as G['id']]: G;
};

/** The schemas of game `id` (the registry's id), or null for a game the protocol does not know. */
export function protocolGame(id: string | null): ProtocolGame | null {
  return id !== null && Object.hasOwn(PROTOCOL_GAMES, id) ? PROTOCOL_GAMES[id as ProtocolGameId] : null;
}

/** The game whose view fields a config naming no known game gets (the first). */
export const FIRST_PROTOCOL_GAME: ProtocolGame = PROTOCOL_GAME_LIST[0];

/** Any game's config (each game's own schema; a config names its game). */
export const gameConfigSchema = z.union(each('configSchema'));
/** Any game's whole view. */
export const gameViewSchema = z.union(each('viewSchema'));
/**
 * A view as sent: whole, or (with `base`) only the fields that changed (view-delta.ts), of
 * whichever game the table plays. Strict, so a view is never cut down to the fields of the
 * wrong game: a change that is not all one game's fields is refused.
 */
export const gameSentViewSchema = z.union(each('sentViewSchema'));
/** An action of any game. */
export const gameActionSchema = z.union(each('actionSchema'));
export const gameResultSchema = z.union(each('resultSchema'));
/** A game's hand-by-hand history: one game's hand results. */
export const gameHistorySchema = z.union(
  PROTOCOL_GAME_LIST.map((game) => z.array(game.handResultSchema)) as unknown as ArraysOf<Games>,
);

/** Every code the rules of some game refuse an action with. */
export type AnyRejectionCode = Game['rejectionCodes'][number];
/** The same, each once, in the registry's order. */
export const RULES_REJECTION_CODES: readonly AnyRejectionCode[] = [
  ...new Set<AnyRejectionCode>(PROTOCOL_GAME_LIST.flatMap((game) => game.rejectionCodes)),
];

// The card schemas of the first game: what `actionSchema` is documented with.
export { cardSchema, suitSchema } from './pinochle/index.ts';
