/** Builders for the Pinochle review tests and bench: a game the quick bots play, the rules as the review checks use them. */
import {
  type Action,
  apply,
  createGame,
  type GameConfig,
  type GameState,
  legalActions,
} from '@kibitz/rules/pinochle';
import { playFirstHand, type TestRules } from '../common/test-support.ts';
import { pinochleBots } from './module.ts';

export const pinochleRules: TestRules<GameState, Action> = { apply, legal: legalActions };

/** A game played by the quick bots until its first hand played out (null when none in 30 deals). */
export function firstPlayedHand(config: GameConfig, seed: string): { seat: number; action: Action }[] | null {
  return playFirstHand(
    createGame(config, seed),
    pinochleRules,
    (state, seat) => pinochleBots.quickMove(state, seat),
    (state) => state.phase === 'game-over' || state.history.length > 30,
  );
}
