/**
 * A Pinochle game log is (config, seed, actions): replaying it reproduces the game exactly.
 * The fold itself is the seam's one replay (game/replay.ts); this names it for Pinochle.
 */

import {
  type LoggedMove,
  type LogReplay,
  pacedImplied,
  type ReplayStep,
  replayLog,
} from '../common/replay.ts';
import type { GameConfig } from './config.ts';
import { apply, createGame } from './engine.ts';
import type { Rejection } from './errors.ts';
import type { Action, GameState } from './state.ts';

export type LoggedAction = LoggedMove<Action>;

export type ReplayResult = LogReplay<GameState, Action, Rejection>;

const reducer = {
  create: createGame,
  apply,
  implied: pacedImplied<GameState, Action>,
};

/** Stops at the first refused action and says which (a typed `bad-log` error), with the state before it. */
export function replay(
  config: GameConfig,
  seed: string,
  actions: readonly LoggedAction[],
  onStep?: ReplayStep<GameState, Action>,
): ReplayResult {
  return replayLog(reducer, config, seed, actions, onStep);
}
