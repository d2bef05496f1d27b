/** Auction Bridge's bots as the registry takes them (common/module.ts). They keep no memory: the view shows what they need. */
import type { BridgeAction, BridgeState, BridgeView } from '@kibitz/rules/bridge';
import { auctionBridge } from '@kibitz/rules/bridge';
import type { BotModule } from '../common/module.ts';
import { checkedQuickMove } from '../common/module.ts';
import { ruleBridgeBot } from './bot.ts';
import { decideBridgeBot } from './decide.ts';
import type { BridgeSearchBudget } from './search/search.ts';

export const bridgeBots: BotModule<BridgeState, BridgeView, BridgeAction, never, BridgeSearchBudget> = {
  id: auctionBridge.id,
  rules: auctionBridge,
  quickMove: checkedQuickMove(auctionBridge, (view, random) => ruleBridgeBot.decide(view, random)),
  decide: (request) => decideBridgeBot(request),
  remembers: false,
  remember: () => null,
  needsRecall: () => false,
  recall: () => null,
  warmUp: () => {
    const state = auctionBridge.create(auctionBridge.defaultConfig(), 'warm-up');
    return {
      view: auctionBridge.view(state, state.toAct[0]!),
      level: 'normal',
      seed: 'warm-up',
      budget: { deals: 2, maxMs: 50 },
    };
  },
};
