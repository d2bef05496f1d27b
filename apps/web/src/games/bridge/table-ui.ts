/**
 * The Bridge table as the table page draws it (the GameUi contract, games/types.ts), in one
 * module that the page loads (`import()`) the first time it shows a Bridge table: the lobby
 * and the other games' tables never download it.
 */
import type { BridgeAction, BridgeCard, BridgeView } from '@kibitz/rules/bridge';
import { eraseTableUi } from '../types.ts';
import { sortBridgeHand } from './cards.ts';
import { describeBridgeHint } from './move-text.ts';
import Felt from './slots/Felt.svelte';
import Prompt from './slots/Prompt.svelte';
import Score from './slots/Score.svelte';
import Status from './slots/Status.svelte';
import { bridgeFocus, bridgeHandMode } from './table.ts';

export const tableUi = eraseTableUi<BridgeView, BridgeCard>({
  Status,
  Felt,
  Prompt,
  Score,
  Mine: null,
  phase: (view) => view.phase,
  hand(view) {
    const mode = bridgeHandMode(view);
    return {
      cards: view.hand ? sortBridgeHand(view.hand, view.contract?.strain ?? null) : [],
      mode,
      legal: mode === 'play' && view.prompt?.kind === 'play' ? view.prompt.cards : [],
      prompt: view.prompt?.kind ?? null,
    };
  },
  play: (card) => ({ type: 'play', card }),
  myTurn: (view, me) => view.prompt !== null && view.prompt.kind !== 'continue' && view.toAct.includes(me),
  promptActive: (view) => view.prompt !== null,
  focus: (view) => bridgeFocus(view),
  hintText: (view, action, name, locale) => describeBridgeHint(view, action as BridgeAction, name, locale),
});
