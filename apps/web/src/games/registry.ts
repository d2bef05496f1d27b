/**
 * The web registry: each game of the rules registry by its id, with its web UI (games/<game>/).
 * The conformance suite (conformance.dom.test.ts) checks every game id has an entry (the
 * rules registry's `GameId` is a plain string, so the compiler cannot); the pages find a game's UI here by the
 * game id in a config (the table's, a view's, an export's) and never name a game themselves.
 * Each part loads on first use, so a page carries only the games it shows.
 */

import type { GameId } from '@kibitz/rules';
import { gameIdOf } from '@kibitz/rules/catalogue';
import type { GameUi } from './types.ts';

export const GAME_UIS = {
  pinochle: {
    id: 'pinochle',
    table: async () => (await import('./pinochle/table-ui.ts')).tableUi,
    replay: async () => (await import('./pinochle/replay-ui.ts')).replayUi,
  },
  'auction-bridge': {
    id: 'auction-bridge',
    table: async () => (await import('./bridge/table-ui.ts')).tableUi,
    replay: async () => (await import('./bridge/replay-ui.ts')).replayUi,
  },
} as const satisfies Record<GameId, GameUi>;

const BY_ID: ReadonlyMap<string, GameUi> = new Map(Object.values(GAME_UIS).map((ui) => [ui.id, ui]));

/** The UI of the game a config is for (null: a game this client does not know). */
export function gameUiOf(config: unknown): GameUi | null {
  const id = gameIdOf(config);
  return id === null ? null : (BY_ID.get(id) ?? null);
}
