/**
 * Tests that know which game their table plays read its state through these: the core
 * keeps a game's state opaque (only its module looks inside), a test states the game it
 * expects and fails loudly on any other.
 */

import type { AnyGameModule } from '@kibitz/rules';
import type { BridgeState } from '@kibitz/rules/bridge';
import type { GameState } from '@kibitz/rules/pinochle';

interface RunningGame {
  readonly module: AnyGameModule;
  readonly state: unknown;
}

function stateOf(game: RunningGame | null | undefined, id: string): unknown {
  if (game == null) throw new Error('no game at this table');
  if (game.module.id !== id) throw new Error(`the table plays ${game.module.id}, not ${id}`);
  return game.state;
}

export function pinochleState(game: RunningGame | null | undefined): GameState {
  return stateOf(game, 'pinochle') as GameState;
}

export function bridgeState(game: RunningGame | null | undefined): BridgeState {
  return stateOf(game, 'auction-bridge') as BridgeState;
}
