/**
 * The Pinochle table as the table page draws it (the GameUi contract, games/types.ts),
 * loaded (`import()`) the first time the page shows a Pinochle table.
 */
import type { Action, Card, GameView } from '@kibitz/rules/pinochle';
import { sortHand } from '../../lib/cards.ts';
import { eraseTableUi } from '../types.ts';
import { describeAction } from './labels.ts';
import { mustContinue, phaseOf } from './paced.ts';
import { formatPoints } from './points.ts';
import Felt from './slots/Felt.svelte';
import Mine from './slots/Mine.svelte';
import Prompt from './slots/Prompt.svelte';
import Score from './slots/Score.svelte';
import Status from './slots/Status.svelte';

export const tableUi = eraseTableUi<GameView, Card>({
  Status,
  Felt,
  Prompt,
  Score,
  Mine,
  phase: phaseOf,
  hand(view) {
    const prompt = view.prompt;
    return {
      cards: view.hand ? sortHand(view.hand, view.trump) : [],
      mode:
        prompt?.kind === 'play'
          ? 'play'
          : prompt?.kind === 'discard' || prompt?.kind === 'pass-cards'
            ? 'select'
            : 'view',
      legal: prompt?.kind === 'play' ? prompt.cards : [],
      prompt: prompt?.kind ?? null,
    };
  },
  play: (card) => ({ type: 'play', card }),
  myTurn: (view, me) => view.prompt !== null && !mustContinue(view) && view.toAct.includes(me),
  promptActive: (view) => view.prompt !== null && !mustContinue(view),
  focus(view, mode) {
    if (view.prompt === null || mode !== 'view') return 'hand';
    return mustContinue(view) ? 'continue' : 'prompt';
  },
  hintText: (view, action, name, locale) =>
    describeAction(action as Action, name, locale, (n) => formatPoints(n, view.config)),
});
