/**
 * The registry: every game of the card room by its id. A stored game keeps its config,
 * and the config says its game: Bridge configs carry `game`, and Pinochle configs (stored
 * before there was a second game) carry only `variant`, so a config without `game` is
 * Pinochle.
 */
import { auctionBridge } from './bridge.ts';
import { pinochle } from './pinochle.ts';
import type { AnyGameModule, ConfigProblem, GameForm } from './types.ts';

export const GAMES = [pinochle, auctionBridge] as const satisfies readonly AnyGameModule[];

export type GameId = (typeof GAMES)[number]['id'];

const BY_ID: ReadonlyMap<string, AnyGameModule> = new Map(GAMES.map((game) => [game.id, game]));

export function gameById(id: string): AnyGameModule | null {
  return BY_ID.get(id) ?? null;
}

/** The id of the game a config (valid or not) is meant for, or null when it names none. */
export function gameIdOf(config: unknown): string | null {
  if (typeof config !== 'object' || config === null) return null;
  const { game, variant } = config as { game?: unknown; variant?: unknown };
  if (game !== undefined) return typeof game === 'string' ? game : null;
  return typeof variant === 'string' ? pinochle.id : null;
}

export type ParsedGameConfig =
  | { ok: true; game: AnyGameModule; config: unknown }
  | { ok: false; errors: ConfigProblem[] };

/** Validates a host's config for whichever game it names; an unknown game is refused by name. */
export function parseGameConfig(input: unknown): ParsedGameConfig {
  const id = gameIdOf(input);
  const game = id === null ? null : gameById(id);
  if (game === null) {
    const known = GAMES.map((candidate) => candidate.id).join(', ');
    return {
      ok: false,
      errors: [
        {
          option: 'game',
          message:
            id === null
              ? `Name a game ("game") or a Pinochle variant ("variant"); games: ${known}`
              : `Unknown game "${id}"; games: ${known}`,
        },
      ],
    };
  }
  const parsed = game.parseConfig(input);
  return parsed.ok ? { ok: true, game, config: parsed.config } : parsed;
}

/** Every form of every game, in the lobby's order, each with its game. */
export function allForms(): { game: AnyGameModule; form: GameForm }[] {
  return GAMES.flatMap((game) => game.forms.map((form) => ({ game, form })));
}
