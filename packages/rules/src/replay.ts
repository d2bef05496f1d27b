/** A game log is (config, seed, actions): replaying it reproduces the game exactly. */
import type { GameConfig } from './config.ts';
import { apply, createGame } from './engine.ts';
import type { Rejection } from './errors.ts';
import type { Action, GameState, Seat } from './state.ts';

export interface LoggedAction {
  seat: Seat;
  action: Action;
}

export type ReplayResult =
  | { ok: true; state: GameState }
  | { ok: false; index: number; rejection: Rejection; state: GameState };

export function replay(config: GameConfig, seed: string, actions: readonly LoggedAction[]): ReplayResult {
  let state = createGame(config, seed);
  for (let index = 0; index < actions.length; index++) {
    const { seat, action } = actions[index]!;
    const result = apply(state, seat, action);
    if (!result.ok) return { ok: false, index, rejection: result.rejection, state };
    state = result.state;
  }
  return { ok: true, state };
}
