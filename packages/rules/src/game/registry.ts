/**
 * The registry: every game of the card room by its id, with its engine. The catalogue
 * (catalogue.ts) is the same games without their engines, and says which game a config
 * is for.
 */
import { auctionBridge } from '../bridge/module.ts';
import type { AnyGameModule, GameForm } from '../common/types.ts';
import { pinochle } from '../pinochle/module.ts';
import { formsAmong, type ParsedAmong, parseConfigAmong } from './catalogue.ts';

export { gameIdOf } from './catalogue.ts';

export const GAMES = [pinochle, auctionBridge] as const satisfies readonly AnyGameModule[];

export type GameId = (typeof GAMES)[number]['id'];

const BY_ID: ReadonlyMap<string, AnyGameModule> = new Map(GAMES.map((game) => [game.id, game]));

export function gameById(id: string): AnyGameModule | null {
  return BY_ID.get(id) ?? null;
}

export type ParsedGameConfig = ParsedAmong<AnyGameModule>;

/** Validates a host's config for whichever game it names; an unknown game is refused by name. */
export function parseGameConfig(input: unknown): ParsedGameConfig {
  return parseConfigAmong<AnyGameModule>(GAMES, input);
}

/** Every form of every game, in the lobby's order, each with its game. */
export function allForms(): { game: AnyGameModule; form: GameForm }[] {
  return formsAmong<AnyGameModule>(GAMES);
}
