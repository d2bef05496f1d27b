/**
 * Which game a view (or a table's config) belongs to, from the registry's game id: the
 * table page draws Pinochle's components for a Pinochle view and Bridge's for a Bridge
 * view. A view carries its config, so an assembled view always says its game.
 */
import type { GameView as PinochleView } from '@kibitz/rules';
import type { BridgeView } from '@kibitz/rules/bridge';
import { gameIdOf } from '@kibitz/rules/catalogue';
import type { FocusTarget } from './focus.ts';

export type AnyGameView = PinochleView | BridgeView;

export function isBridgeView(view: AnyGameView | object): view is BridgeView {
  return gameIdOf((view as { config?: unknown }).config) === 'auction-bridge';
}

export function bridgeView(view: AnyGameView | object | null): BridgeView | null {
  return view !== null && isBridgeView(view) ? view : null;
}

export function pinochleView(view: AnyGameView | object | null): PinochleView | null {
  return view !== null && gameIdOf((view as { config?: unknown }).config) === 'pinochle'
    ? (view as PinochleView)
    : null;
}

/** The viewer's own Bridge cards: played only when the prompt is to play from their own hand. */
export function bridgeHandMode(view: BridgeView): 'play' | 'view' {
  return view.prompt?.kind === 'play' && view.prompt.hand === view.ownHand ? 'play' : 'view';
}

/** Where focus goes for a Bridge prompt: the hand, the dummy (the declarer plays from it), the box, Continue. */
export function bridgeFocus(view: BridgeView): FocusTarget | null {
  const prompt = view.prompt;
  if (prompt === null) return null;
  if (prompt.kind === 'play') return prompt.hand === view.ownHand ? 'hand' : 'dummy';
  return prompt.kind === 'continue' ? 'continue' : 'prompt';
}
