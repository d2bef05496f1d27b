/**
 * Reading the auction: a bidder who bids shows a hand worth at least the bid, one who
 * passes a hand worth less than the next bid. Worth is judged by the heuristic's own
 * measure (its bid limit), the same rule every bot level bids by; a human bids
 * differently, so a sampled deal that disagrees is only less preferred, never impossible.
 */
import type { Card, GameConfig, GameState } from '@kibitz/rules/pinochle';
import { partnerOf } from '@kibitz/rules/pinochle';
import { handBidLimit } from '../heuristic/auction.ts';

function opening(config: GameConfig): number {
  return config.variant === 'double-deck' ? config.openingBid : Math.max(config.minimumBid, 10);
}

/** The lowest bid allowed above `high` (the engine's rule: steps from the bid increments). */
function nextBid(config: GameConfig, high: number | null): number {
  const candidate = high === null ? opening(config) : Math.max(high + 1, opening(config));
  const increments = config.variant === 'double-deck' ? config.bidIncrements : [{ from: 0, step: 10 }];
  let index = 0;
  for (let i = 0; i < increments.length; i++) if (increments[i]!.from <= candidate) index = i;
  const { from, step } = increments[index]!;
  const amount = from + Math.ceil((candidate - from) / step) * step;
  const next = increments[index + 1];
  return next !== undefined && amount >= next.from ? next.from : amount;
}

/** The cards `seat` held during the auction, from a sampled state; null when passing blurs it. */
function auctionHand(state: GameState, seat: number): Card[] | null {
  const hand = state.hand;
  const played: Card[] = [];
  for (const trick of hand.tricks) for (const p of trick.cards) if (p.seat === seat) played.push(p.card);
  for (const p of hand.trick) if (p.seat === seat) played.push(p.card);
  const now = [...hand.hands[seat]!, ...played];
  if (seat !== hand.bidder) {
    if (hand.passing !== null && hand.bidder !== null && seat === partnerOf(hand.bidder)) return null;
    return now;
  }
  if (hand.passing !== null) return null;
  if (!hand.widowTurned) return now;
  // The bidder took the widow up and buried as many cards.
  const withBuried = [...now, ...hand.discards];
  const rest = [...withBuried];
  for (const card of hand.widow) {
    const at = rest.indexOf(card);
    if (at < 0) return withBuried;
    rest.splice(at, 1);
  }
  return rest;
}

/** How many bids and passes of the other seats disagree with their sampled hands. */
export function auctionMisfits(state: GameState, me: number): number {
  const config = state.config;
  const limits = new Map<number, number | null>();
  const limitOf = (seat: number): number | null => {
    if (!limits.has(seat)) {
      const cards = auctionHand(state, seat);
      limits.set(seat, cards === null ? null : handBidLimit(cards, config));
    }
    return limits.get(seat)!;
  };
  let misfits = 0;
  let high: number | null = null;
  let highBidder: number | null = null;
  for (const entry of state.hand.bidding.entries) {
    if (entry.seat !== me) {
      const limit = limitOf(entry.seat);
      if (limit !== null) {
        if (entry.amount === null) {
          // A bot passes a partner's high bid whatever its hand.
          const partnerHigh = state.seatCount === 4 && highBidder === partnerOf(entry.seat);
          if (!partnerHigh && limit >= nextBid(config, high)) misfits++;
        } else if (high !== null && entry.amount > limit) {
          // (An opening bid may have been forced, so it shows nothing.)
          misfits++;
        }
      }
    }
    if (entry.amount !== null) {
      high = entry.amount;
      highBidder = entry.seat;
    }
  }
  return misfits;
}
