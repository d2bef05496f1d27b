/**
 * What the table page must know of a Bridge view: whose cards the viewer's hand is now
 * (the declarer plays the dummy's from the dummy), and where focus goes for its prompt.
 */
import type { BridgeView } from '@kibitz/rules/bridge';
import type { FocusTarget } from '../../lib/focus.ts';

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
