/**
 * A bot's memory after a restart: the server keeps BotMemory only in its own memory, so a
 * recovered table's bot would have forgotten the hand so far. The game's log replays the
 * game exactly; each state along the way gives the seat the view it was handed then, and
 * the memory is built from those views alone, as it was the first time (the bot still
 * sees nothing but its own views).
 */
import { type Action, type GameConfig, type GameState, replay, view } from '@kibitz/rules/pinochle';
import { type BotMemory, emptyMemory, remember } from './memory.ts';

export interface LoggedGame {
  config: GameConfig;
  seed: string;
  actions: readonly { seat: number; action: Action }[];
}

function completedTricks(state: GameState): number {
  return state.hand.tricks.length;
}

/**
 * The memory `seat` had built by the end of `log`. It is fed the views the seat was asked
 * to act on (as the live server feeds it) and those just after a trick completed; the views
 * in between show nothing it keeps. A log the rules refuse part-way gives the memory up to there.
 */
export function rememberFromLog(log: LoggedGame, seat: number): BotMemory {
  let memory: BotMemory | null = null;
  const replayed = replay(log.config, log.seed, log.actions, (before, after) => {
    if (after.toAct.includes(seat) || completedTricks(after) !== completedTricks(before)) {
      memory = remember(memory, view(after, seat));
    }
  });
  memory = remember(memory, view(replayed.state, seat));
  return memory ?? emptyMemory();
}
