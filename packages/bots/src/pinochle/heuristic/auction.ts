/**
 * Bidding: the bot bids the lowest allowed amount while it stays within what its hand
 * is worth (best meld + trick estimate, plus the widow's or partner's likely help,
 * minus a safety margin), and passes otherwise. It never jumps: the auction then shows
 * each bot's limit, and nobody overbids by accident.
 */

import { partnersOf } from '@kibitz/rules';
import {
  type Action,
  type Card,
  type GameConfig,
  type GameView,
  pinochleTable,
} from '@kibitz/rules/pinochle';
import { handOf, type PromptOf, seatOf } from '../bot.ts';
import { counterUnit, suitValues } from './estimate.ts';

/**
 * Limits worked out before, by hand and config. States are never changed, so a hand's
 * array stays the same object all through an auction: search play-outs ask about the
 * same hands again and again, and meld evaluation is the costly part.
 */
const limits = new WeakMap<readonly Card[], { config: GameConfig; limit: number }>();

/** What the hand is worth as a bid: the most this bot would offer. */
export function bidLimit(view: GameView): number {
  const hand = handOf(view);
  const known = limits.get(hand);
  if (known !== undefined && known.config === view.config) return known.limit;
  const limit = handBidLimit(hand, view.config);
  limits.set(hand, { config: view.config, limit });
  return limit;
}

/** bidLimit for a hand outside any view (the search asks it of sampled hands). */
export function handBidLimit(hand: readonly Card[], config: GameConfig): number {
  const best = suitValues(hand, config)[0];
  if (best === undefined || !Number.isFinite(best.total)) return 0;
  const unit = counterUnit(config);
  if (pinochleTable(config).partnerships) {
    // The partner's meld is unknown; an average hand melds about a run's worth less a bit.
    const partnerMeld = 8 * unit;
    // House rule "minimum 20 in meld": a bidding team melding less is set before play.
    if ('minimumMeld20' in config && config.minimumMeld20 && best.meld + partnerMeld < 20 * unit) return 0;
    return best.total + partnerMeld - 2 * unit;
  }
  // Three widow cards "rarely fill more than one gap" [003], but with the counters buried
  // after it the bidder gains about 50 over the hand's estimate (measured on bot games).
  // Keep a margin: a set costs the bid (twice in Cutthroat) while a pass costs nothing.
  const widow = 5 * unit;
  const margin = 'setPenalty' in config && config.setPenalty === 'twice' ? 3 * unit : 2 * unit;
  return best.total + widow - margin;
}

export function decideBid(view: GameView, prompt: PromptOf<'bid'>): Action {
  if (prompt.canCallRedeal) return { type: 'call-redeal' };
  const lowest = prompt.bids[0];
  if (lowest === undefined) return { type: 'pass' };
  if (!prompt.canPass) return { type: 'bid', amount: lowest };
  const seat = seatOf(view);
  // Outbidding one's own partner only raises the team's contract.
  const high = view.highBidder;
  if (high !== null && partnersOf(pinochleTable(view.config), seat).includes(high)) return { type: 'pass' };
  return lowest <= bidLimit(view) ? { type: 'bid', amount: lowest } : { type: 'pass' };
}
