/** The Pinochle family's bots as the registry takes them (common/module.ts). */
import {
  type Action,
  defaultConfig,
  type GameConfig,
  type GameState,
  type GameView,
  pinochle,
} from '@kibitz/rules/pinochle';
import type { BotModule } from '../common/module.ts';
import { checkedQuickMove } from '../common/module.ts';
import { heuristicBot } from './heuristic/index.ts';
import { decideBot } from './levels.ts';
import { type BotMemory, remember } from './search/memory.ts';
import { rememberFromLog } from './search/recall.ts';
import type { SearchBudget } from './search/search.ts';

/** The tricks a view shows beyond what any memory adds: only the last completed one. */
function needsRecall(view: GameView): boolean {
  return view.tricksWon.reduce((sum, n) => sum + n, 0) > 1;
}

export const pinochleBots: BotModule<GameState, GameView, Action, BotMemory, SearchBudget> = {
  id: pinochle.id,
  rules: pinochle,
  quickMove: checkedQuickMove(pinochle, (view, random) => heuristicBot.decide(view, random)),
  decide: decideBot,
  remembers: true,
  remember,
  needsRecall,
  // The log holds only actions the engine accepted; a row it refuses stops the replay there.
  recall: (log, seat) =>
    rememberFromLog(
      {
        config: log.config as GameConfig,
        seed: log.seed,
        actions: log.actions.map((row) => ({ seat: row.seat, action: row.action as Action })),
      },
      seat,
    ),
  warmUp: () => {
    const state = pinochle.create(defaultConfig('cutthroat'), 'warm-up');
    return {
      view: pinochle.view(state, state.toAct[0]!),
      level: 'normal',
      seed: 'warm-up',
      budget: { deals: 2, maxMs: 50 },
    };
  },
};
