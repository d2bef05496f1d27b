/**
 * The card room's games as a lobby knows them: name, forms and config, without their
 * engines, so a page that lists every game loads the code of none of them (a game's UI
 * loads its engine when a table of it is shown). The registry (registry.ts) is the same
 * games with their engines; its modules are these entries and more.
 *
 * A stored game keeps its config, and the config says its game: Bridge configs carry
 * `game`, and Pinochle configs (stored before there was a second game) carry only
 * `variant`, so a config without `game` is Pinochle.
 */
import { bridgeEntry } from '../bridge/entry.ts';
import type { AnyGameEntry, ConfigProblem, GameForm } from '../common/types.ts';
import { pinochleEntry } from '../pinochle/entry.ts';

export { bridgeEntry, pinochleEntry };

/** Every game, in the lobby's order (the registry's order too). */
export const CATALOGUE = [pinochleEntry, bridgeEntry] as const;

/** The id of the game a config (valid or not) is meant for, or null when it names none. */
export function gameIdOf(config: unknown): string | null {
  if (typeof config !== 'object' || config === null) return null;
  const { game, variant } = config as { game?: unknown; variant?: unknown };
  if (game !== undefined) return typeof game === 'string' ? game : null;
  return typeof variant === 'string' ? pinochleEntry.id : null;
}

export type ParsedAmong<G extends AnyGameEntry> =
  | { ok: true; game: G; config: unknown }
  | { ok: false; errors: ConfigProblem[] };

/** Validates a host's config for whichever of `games` it names; an unknown game is refused by name. */
export function parseConfigAmong<G extends AnyGameEntry>(
  games: readonly G[],
  input: unknown,
): ParsedAmong<G> {
  const id = gameIdOf(input);
  const game = id === null ? undefined : games.find((candidate) => candidate.id === id);
  if (game === undefined) {
    const known = games.map((candidate) => candidate.id).join(', ');
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

/** Every form of each of `games`, in order, each with its game. */
export function formsAmong<G extends AnyGameEntry>(games: readonly G[]): { game: G; form: GameForm }[] {
  return games.flatMap((game) => game.forms.map((form) => ({ game, form })));
}

/** The catalogue's entry of a game id, or null. */
export function entryById(id: string): AnyGameEntry | null {
  return (CATALOGUE as readonly AnyGameEntry[]).find((entry) => entry.id === id) ?? null;
}
