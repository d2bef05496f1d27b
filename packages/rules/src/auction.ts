/**
 * The auction, shared by every variant: seats bid in turn clockwise from forehand
 * (the seat left of the dealer); a seat that passes is out; the auction ends when all
 * others have passed. Variants differ only in the data below.
 */
import type { Bidding, Seat } from './state.ts';

export interface AuctionRules {
  seatCount: number;
  openingBid: number;
  maximumBid: number;
  /** Bids at or above `from` must be `from` plus a multiple of `step` (rising list). */
  increments: readonly { from: number; step: number }[];
  /** Forehand must open (cannot pass on its first turn). */
  forehandMustOpen: boolean;
  /** When every other seat has passed without a bid, the last seat ... */
  lastSeat: 'may-bid' | 'may-take-opening-bid' | 'must-take-opening-bid';
  /** Turns per seat; null = until all others pass. */
  rounds: number | null;
}

export function emptyBidding(seatCount: number): Bidding {
  return {
    entries: [],
    highBid: null,
    highBidder: null,
    passed: new Array<boolean>(seatCount).fill(false),
    turns: new Array<number>(seatCount).fill(0),
  };
}

export function isValidBidAmount(rules: AuctionRules, amount: number): boolean {
  if (!Number.isInteger(amount) || amount < rules.openingBid || amount > rules.maximumBid) return false;
  let rule = rules.increments[0]!;
  for (const increment of rules.increments) if (increment.from <= amount) rule = increment;
  return (amount - rule.from) % rule.step === 0;
}

/** The lowest valid amount strictly above `above` (or the opening bid), or null if none is allowed. */
export function nextBidAmount(rules: AuctionRules, above: number | null): number | null {
  const candidate = above === null ? rules.openingBid : Math.max(above + 1, rules.openingBid);
  const increments = rules.increments;
  let index = 0;
  for (let i = 0; i < increments.length; i++) if (increments[i]!.from <= candidate) index = i;
  const { from, step } = increments[index]!;
  let amount = from + Math.ceil((candidate - from) / step) * step;
  // Rounding up may cross into the next segment, whose first amount is always valid.
  const next = increments[index + 1];
  if (next !== undefined && amount >= next.from) amount = next.from;
  return amount <= rules.maximumBid ? amount : null;
}

function othersAllPassed(bidding: Bidding, seat: Seat): boolean {
  return bidding.passed.every((passed, other) => other === seat || passed);
}

export interface AuctionChoices {
  canPass: boolean;
  /** Every amount this seat may bid now, lowest first. */
  bids: number[];
}

/** What `seat` may do when it is its turn. */
export function auctionChoices(
  rules: AuctionRules,
  bidding: Bidding,
  seat: Seat,
  dealer: Seat,
): AuctionChoices {
  const forehand = (dealer + 1) % rules.seatCount;
  const lastStanding = bidding.highBid === null && othersAllPassed(bidding, seat);
  if (lastStanding && rules.lastSeat !== 'may-bid') {
    return { canPass: rules.lastSeat === 'may-take-opening-bid', bids: [rules.openingBid] };
  }
  const bids: number[] = [];
  for (
    let amount = nextBidAmount(rules, bidding.highBid);
    amount !== null;
    amount = nextBidAmount(rules, amount)
  ) {
    bids.push(amount);
  }
  const mustOpen = rules.forehandMustOpen && seat === forehand && bidding.turns[seat] === 0;
  return { canPass: !mustOpen || bids.length === 0, bids };
}

export type AuctionState =
  | { kind: 'open'; next: Seat }
  | { kind: 'won'; bidder: Seat; bid: number }
  | { kind: 'passed-out' };

/** Records a bid (amount) or pass (null); the caller has checked legality. */
export function recordBid(bidding: Bidding, seat: Seat, amount: number | null): Bidding {
  const passed = amount === null ? bidding.passed.map((p, s) => p || s === seat) : bidding.passed;
  const turns = bidding.turns.map((t, s) => (s === seat ? t + 1 : t));
  return {
    entries: [...bidding.entries, { seat, amount }],
    highBid: amount ?? bidding.highBid,
    highBidder: amount === null ? bidding.highBidder : seat,
    passed,
    turns,
  };
}

/** Where the auction stands after the last entry: whose turn, or how it ended. */
export function auctionState(rules: AuctionRules, bidding: Bidding, dealer: Seat): AuctionState {
  const { highBidder, highBid, passed, turns } = bidding;
  if (highBidder !== null && othersAllPassed(bidding, highBidder)) {
    return { kind: 'won', bidder: highBidder, bid: highBid! };
  }
  if (passed.every(Boolean)) return { kind: 'passed-out' };
  const last = bidding.entries.at(-1);
  const start = last === undefined ? (dealer + 1) % rules.seatCount : (last.seat + 1) % rules.seatCount;
  for (let i = 0; i < rules.seatCount; i++) {
    const seat = (start + i) % rules.seatCount;
    if (passed[seat]) continue;
    if (rules.rounds !== null && turns[seat]! >= rules.rounds) continue;
    return { kind: 'open', next: seat };
  }
  // Limited rounds used up: the highest bid stands.
  if (highBidder !== null) return { kind: 'won', bidder: highBidder, bid: highBid! };
  return { kind: 'passed-out' };
}

/** Would `amount` be accepted from `seat` now? (The same rule as auctionChoices, without listing.) */
export function canBid(rules: AuctionRules, bidding: Bidding, seat: Seat, amount: number): boolean {
  const lastStanding = bidding.highBid === null && othersAllPassed(bidding, seat);
  if (lastStanding && rules.lastSeat !== 'may-bid') return amount === rules.openingBid;
  return isValidBidAmount(rules, amount) && (bidding.highBid === null || amount > bidding.highBid);
}
