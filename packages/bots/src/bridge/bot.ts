/**
 * Bridge bots: handed only their own seat's view (`bridgeView(state, seat)`: their hand,
 * the dummy once it is face up, the auction and the tricks) and a seeded random source,
 * they answer with one action the engine accepts.
 */
import type { BridgeAction, BridgeView } from '@kibitz/rules/bridge';
import { decideCall } from './bidding.ts';
import { decidePlay } from './play.ts';

export interface BridgeBot {
  name: string;
  decide(view: BridgeView, random: () => number): BridgeAction;
}

/** The seat of a view; a bot never acts for a spectator. */
export function bridgeSeatOf(view: BridgeView): number {
  if (view.viewer === 'spectator') throw new Error('a bot cannot act for a spectator');
  return view.viewer;
}

/**
 * Paced tables: a complete trick waits for its winner (the declarer for the dummy) to
 * gather it. The view has no prompt for that, so a seat asked to act then gathers.
 */
export function gathersBridgeTrick(view: BridgeView): boolean {
  return view.phase === 'trick-end' && view.toAct.includes(bridgeSeatOf(view));
}

function decide(view: BridgeView): BridgeAction {
  if (gathersBridgeTrick(view)) return { type: 'gather' };
  const prompt = view.prompt;
  if (prompt === null) throw new Error(`seat ${String(view.viewer)} was asked to act without a prompt`);
  switch (prompt.kind) {
    case 'call':
      return decideCall(view, prompt);
    case 'play':
      return decidePlay(view, prompt);
    case 'continue':
      return { type: 'continue' };
  }
}

/** The rule-based bot. Deterministic: equal views get equal answers. */
export const ruleBridgeBot: BridgeBot = { name: 'bridge-rules', decide };
