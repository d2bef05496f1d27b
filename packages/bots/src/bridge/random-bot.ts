/**
 * A random legal Bridge player, the yardstick for the rule-based bot. It plays a uniformly
 * random legal card. In the auction it passes or makes one of the three cheapest bids,
 * and doubles or redoubles now and then: uniformly random calls would be mostly
 * seven-level bids, every one of them set, and set contracts score only above the line,
 * so no side would ever win a game and the rubber would never end.
 */
import type { BridgeAction, BridgeView } from '@kibitz/rules/bridge';
import { pick } from '../common/random.ts';
import { type BridgeBot, gathersBridgeTrick } from './bot.ts';

function decide(view: BridgeView, random: () => number): BridgeAction {
  if (gathersBridgeTrick(view)) return { type: 'gather' };
  const prompt = view.prompt;
  if (prompt === null) throw new Error(`seat ${String(view.viewer)} was asked to act without a prompt`);
  switch (prompt.kind) {
    case 'call': {
      const roll = random();
      if (prompt.canRedouble && roll < 0.1) return { type: 'redouble' };
      if (prompt.canDouble && roll < 0.1) return { type: 'double' };
      const cheapest = prompt.bids.slice(0, 3);
      if (cheapest.length > 0 && roll < 0.45) return { type: 'bid', ...pick(cheapest, random) };
      return { type: 'pass' };
    }
    case 'play':
      return { type: 'play', card: pick(prompt.cards, random) };
    case 'continue':
      return { type: 'continue' };
  }
}

export const randomBridgeBot: BridgeBot = { name: 'bridge-random', decide };
