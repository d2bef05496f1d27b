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
  const passed = bidding.passed;
  for (let other = 0; other < passed.length; other++) if (other !== seat && !passed[other]) return false;
  return true;
}

const ladders = new WeakMap<AuctionRules, readonly number[]>();

/** Every allowed amount from the opening bid up, worked out once per rules object. */
export function bidLadder(rules: AuctionRules): readonly number[] {
  let ladder = ladders.get(rules);
  if (ladder === undefined) {
    const amounts: number[] = [];
    for (let a = nextBidAmount(rules, null); a !== null; a = nextBidAmount(rules, a)) amounts.push(a);
    // Not frozen: V8 slices frozen arrays on a slow path, and callers get slices.
    ladder = amounts;
    ladders.set(rules, amounts);
  }
  return ladder;
}

/**
 * Where the bids above `highBid` start in the ladder: they are the ladder's tail from the
 * first of them, since each amount's successor is a function of the amount alone. -1 when
 * that first amount is somehow not on the ladder (then the caller lists them one by one).
 */
function ladderStart(rules: AuctionRules, highBid: number | null): number {
  const first = nextBidAmount(rules, highBid);
  const ladder = bidLadder(rules);
  if (first === null) return ladder.length;
  return ladder.indexOf(first);
}

export interface AuctionChoices<T = number> {
  canPass: boolean;
  /** Every amount this seat may bid now, lowest first. */
  bids: T[];
}

/** What `seat` may do when it is its turn. */
export function auctionChoices(
  rules: AuctionRules,
  bidding: Bidding,
  seat: Seat,
  dealer: Seat,
): AuctionChoices {
  return auctionChoicesFrom(rules, bidding, seat, dealer, bidLadder(rules), sameAmount);
}

function sameAmount(amount: number): number {
  return amount;
}

/**
 * auctionChoices with each bid as `byRung[i]` for the ladder's rung i (`make(amount)` for
 * an amount off the ladder): the engine lists its shared bid actions this way, copying
 * one list instead of building two.
 */
export function auctionChoicesFrom<T>(
  rules: AuctionRules,
  bidding: Bidding,
  seat: Seat,
  dealer: Seat,
  byRung: readonly T[],
  make: (amount: number) => T,
): AuctionChoices<T> {
  if (onlyOpeningBid(rules, bidding, seat)) {
    const rung = bidLadder(rules).indexOf(rules.openingBid);
    const bid = rung >= 0 ? byRung[rung]! : make(rules.openingBid);
    return { canPass: rules.lastSeat === 'may-take-opening-bid', bids: [bid] };
  }
  const start = ladderStart(rules, bidding.highBid);
  let bids: T[];
  if (start >= 0) {
    bids = byRung.slice(start);
  } else {
    bids = [];
    for (let a = nextBidAmount(rules, bidding.highBid); a !== null; a = nextBidAmount(rules, a)) {
      bids.push(make(a));
    }
  }
  return { canPass: !mustOpen(rules, bidding, seat, dealer) || bids.length === 0, bids };
}

/** auctionChoices(...).canPass, without listing the bids. */
export function canPass(rules: AuctionRules, bidding: Bidding, seat: Seat, dealer: Seat): boolean {
  if (onlyOpeningBid(rules, bidding, seat)) return rules.lastSeat === 'may-take-opening-bid';
  // The list of bids is empty exactly when there is no next amount.
  return !mustOpen(rules, bidding, seat, dealer) || nextBidAmount(rules, bidding.highBid) === null;
}

/** All others passed without a bid, and the last seat may only take the opening bid (or pass). */
function onlyOpeningBid(rules: AuctionRules, bidding: Bidding, seat: Seat): boolean {
  return bidding.highBid === null && rules.lastSeat !== 'may-bid' && othersAllPassed(bidding, seat);
}

function mustOpen(rules: AuctionRules, bidding: Bidding, seat: Seat, dealer: Seat): boolean {
  const forehand = (dealer + 1) % rules.seatCount;
  return rules.forehandMustOpen && seat === forehand && bidding.turns[seat] === 0;
}

export type AuctionState =
  | { kind: 'open'; next: Seat }
  | { kind: 'won'; bidder: Seat; bid: number }
  | { kind: 'passed-out' };

/** Records a bid (amount) or pass (null); the caller has checked legality. */
export function recordBid(bidding: Bidding, seat: Seat, amount: number | null): Bidding {
  // Copies changed at `seat` only (as a map over the seats would, seats past the end untouched).
  let passed = bidding.passed;
  if (amount === null && seat < passed.length) {
    passed = passed.slice();
    passed[seat] = passed[seat] || true;
  }
  const turns = bidding.turns.slice();
  if (seat < turns.length) turns[seat] = turns[seat]! + 1;
  return {
    entries: [...bidding.entries, { seat, amount }],
    highBid: amount ?? bidding.highBid,
    highBidder: amount === null ? bidding.highBidder : seat,
    passed,
    turns,
  };
}

function allPassed(passed: readonly boolean[]): boolean {
  for (const p of passed) if (!p) return false;
  return true;
}

/** Where the auction stands after the last entry: whose turn, or how it ended. */
export function auctionState(rules: AuctionRules, bidding: Bidding, dealer: Seat): AuctionState {
  const { highBidder, highBid, passed, turns } = bidding;
  if (highBidder !== null && othersAllPassed(bidding, highBidder)) {
    return { kind: 'won', bidder: highBidder, bid: highBid! };
  }
  if (allPassed(passed)) return { kind: 'passed-out' };
  const last = bidding.entries[bidding.entries.length - 1];
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
