/** A Bridge move in words, for the replay's move line ("Ann bids 2 hearts", "Bob plays the ace of spades from the dummy"). */

import type { BridgeAction, BridgeView } from '@kibitz/rules/bridge';
import { cardName } from '../../lib/cards.ts';
import { type Locale, translate } from '../../lib/i18n.ts';
import { bidName } from './cards.ts';
import { translateBridge } from './i18n.ts';
import type { BridgeReplayFrame } from './replay.ts';

/** A hint's action in words, for the viewer (`name`) at `view`: a card from the dummy says so. */
export function describeBridgeHint(
  view: BridgeView,
  action: BridgeAction,
  name: string,
  locale: Locale,
): string {
  const fromHand = action.type !== 'play' || (view.hand ?? []).includes(action.card);
  const frame = {
    move: { seat: 0, action },
    view: {
      trick: action.type === 'play' ? [{ card: action.card, hand: fromHand ? 0 : 1 }] : [],
      playerCount: view.playerCount,
    },
  } as unknown as BridgeReplayFrame;
  return describeBridgeMove(frame, [name, name], locale);
}

export function describeBridgeMove(
  frame: BridgeReplayFrame,
  names: readonly string[],
  locale: Locale,
): string {
  const move = frame.move;
  if (move === null) return '';
  const name = names[move.seat] ?? '';
  const action = move.action;
  switch (action.type) {
    case 'bid':
      return translateBridge(locale, 'br.move.bid', {
        name,
        bid: bidName(action.level, action.strain, locale),
      });
    case 'double':
    case 'redouble':
      return translateBridge(locale, `br.move.${action.type}`, { name });
    case 'pass':
    case 'gather':
    case 'continue':
      return translate(locale, `action.${action.type}`, { name });
    case 'play': {
      const card = cardName(action.card, locale);
      const hand = frame.view.trick.find((played) => played.card === action.card)?.hand ?? move.seat;
      if (hand === move.seat) return translate(locale, 'action.play', { name, card });
      const key = frame.view.playerCount === 3 ? 'br.move.playBlind' : 'br.move.playDummy';
      return translateBridge(locale, key, { name, card });
    }
  }
}
