/**
 * The dummy rule on the wire, worked out from the Bridge state itself (not from the
 * rules' view, which the leak check already compares): "Unmittelbar nach der Eröffnung
 * legt die Blind-Person ihr gesamtes Blatt offen" [002] — nobody sees the dummy before the
 * opening lead, everybody sees it after; the blind hand of the three-person form is
 * "verdeckt" (face down) until then and belongs to no seat; only the declarer is asked to
 * play the dummy's cards. Returns what is wrong with one received view (empty when all holds).
 */

import { type BridgeCard, type BridgeState, type BridgeView, sortBridgeCards } from '@kibitz/rules/bridge';
import type { Viewer } from '@kibitz/rules/pinochle';

function same(a: readonly BridgeCard[] | null, b: readonly BridgeCard[]): boolean {
  return a !== null && JSON.stringify(sortBridgeCards(a)) === JSON.stringify(sortBridgeCards(b));
}

export function checkDummyRule(
  state: BridgeState,
  sent: BridgeView,
  wire: unknown,
  viewer: Viewer,
): string[] {
  const problems: string[] = [];
  const hand = state.hand;
  const contract = hand.contract;
  const leadMade = contract !== null && (hand.trick.length > 0 || hand.tricks.length > 0);
  const packet = (wire as { view?: Record<string, unknown> }).view ?? {};
  if (!leadMade) {
    if (sent.dummy !== null) problems.push('the dummy is shown before the opening lead');
    if (packet.dummy != null) problems.push('the packet carries dummy cards before the opening lead');
  } else if (state.phase === 'play' || state.phase === 'trick-end') {
    if (!same(sent.dummy, hand.hands[contract.dummyHand]!))
      problems.push(`the dummy (hand ${contract.dummyHand}) is not shown face up after the opening lead`);
  }
  // A seat's own cards, and nobody else's; the blind hand (hand 3 of three players) is no seat's.
  if (viewer === 'spectator') {
    if (sent.hand !== null) problems.push('a spectator is shown a hand');
  } else if (!same(sent.hand, hand.hands[viewer]!)) {
    problems.push(`seat ${viewer} is not shown exactly its own cards`);
  }
  // Only the declarer plays the dummy's cards; the dummy's own seat is never asked to.
  const prompt = sent.prompt;
  if (prompt?.kind === 'play' && contract !== null) {
    const playsDummy = prompt.hand === contract.dummyHand;
    if (playsDummy && viewer !== contract.declarer)
      problems.push(`seat ${String(viewer)}, not the declarer, is asked to play the dummy's cards`);
    if (!playsDummy && prompt.hand !== viewer)
      problems.push(`seat ${String(viewer)} is asked to play hand ${prompt.hand}`);
  }
  return problems;
}
