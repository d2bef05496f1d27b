/**
 * An exact ("double-dummy") solver of Pinochle's trick play for every form: with every
 * hand's cards known, the trick points (counters and the last trick's bonus) one side
 * takes from here on when both sides play their best. Three-handed the bidder is one side
 * and the two defenders the other; in the double deck the two teams. Two sides make it a
 * two-player zero-sum game, so alpha-beta is exact.
 *
 * The legal cards are the engine's (`legalFrom` on bit sets, trick-sets.ts: follow, head
 * the trick, trump when void, under 'strict' or 'east'). Identical copies are one move, and so are
 * cards of one suit that touch (no copy or card between them outside the hand) and count
 * the same: whichever is played, the rest of the hand is the same game. Positions at a
 * trick's start are remembered with their bounds (`TrickMemo`); a node budget makes a
 * solve give up (`SolveBudgetError`) rather than run for minutes, and the positions it
 * finished stay valid in the memo.
 *
 * The hand review (../review/) solves every card of a hand with it; the strong bots'
 * end solver (solve.ts, double deck only) can be replaced by it.
 */
import { type Card, cardIndex, type PlayedCard, type Suit, type TrickRule } from '@kibitz/rules/pinochle';
import { mtd } from '../../common/mtd.ts';
import { type SolveBudget, SolveBudgetError, unlimited } from '../../common/solve-budget.ts';
import { beatsNumber, legalSet, type TrickStart, trickStart, winningAt } from './trick-sets.ts';

export { type SolveBudget, SolveBudgetError } from '../../common/solve-budget.ts';

export interface TrickPosition {
  /** Cards each seat still holds; with `trick`, every card still in play. */
  hands: readonly (readonly Card[])[];
  /** The trick being played (empty at a trick's start), in playing order. */
  trick: readonly PlayedCard[];
  /** The seat to play; play goes on clockwise (seat + 1, modulo the seats). */
  turn: number;
  trump: Suit;
  rule: TrickRule;
  /** Trick points of one counter (A, T, K). */
  counter: number;
  /** The last trick's bonus. */
  lastTrick: number;
  /** The seats whose points are counted (the bidder, or a team); the other seats play against them. */
  side: readonly number[];
}

/** Solved positions at a trick's start: key → bounds. Valid for one trump, rule, points and side. */
export type TrickMemo = Map<string, number>;

// Memo entries hold (best move + 1) << 24 | lower << 12 | upper (points < 4096).
const BOUND_SHIFT = 12;
const BOUND_MASK = (1 << BOUND_SHIFT) - 1;
const MOVE_SHIFT = 24;

interface Search extends TrickStart {
  seats: number;
  maximizes: Uint8Array; // per seat: 1 for the counted side
  pointsLeft: number; // card points still in hands (the trick's excluded)
  memo: TrickMemo;
  budget: SolveBudget;
  moves: Int32Array; // per ply: MAX_MOVES slots
  scores: Int32Array; // the moves' ordering scores, likewise
  /** Per seat and suit: the suit's counts in base 5 (the memo key's characters), kept up to date. */
  suitCodes: Uint16Array;
  /** The memo key's characters: the leader, then suitCodes. */
  keyCodes: Uint16Array;
  /** A finished trick's seats and cards, kept per ply for the way back. */
  saved: Int8Array;
  /** Tricks completed since the root, and after how many the search estimates instead (-1: never). */
  tricksDone: number;
  horizon: number;
  /** The move that decided the last playCards (to remember with its position). */
  bestMove: number;
}

const MAX_MOVES = 24;

/** Card numbers held by seats other than `seat` or lying in the trick. */
function othersLive(s: Search, seat: number): number {
  let live = 0;
  for (let other = 0; other < s.seats; other++) if (other !== seat) live |= s.held[other]!;
  for (let i = 0; i < s.trickLength; i++) live |= 1 << s.trickCard[i]!;
  return live;
}

/**
 * One card of each class of equal cards among `legal`: within a suit, a card stands for
 * the weaker ones after it while no card of another seat (or the trick) lies between or
 * on their ranks and they count the same.
 */
function distinctMoves(s: Search, seat: number, legal: number): number {
  const live = othersLive(s, seat);
  let kept = 0;
  for (let suit = 0; suit < 4; suit++) {
    let run = -1; // the card standing for the current class
    for (let r = 0; r < 6; r++) {
      const n = suit * 6 + r;
      const bit = 1 << n;
      const elsewhere = (live & bit) !== 0;
      if ((legal & bit) === 0) {
        // A card of another seat (or held but not legal) breaks the class; a gap does not.
        if (elsewhere || (s.held[seat]! & bit) !== 0) run = -1;
        continue;
      }
      if (!elsewhere && run >= 0 && s.points[run] === s.points[n]) continue;
      kept |= bit;
      // A card another seat also holds stands only for itself.
      run = elsewhere ? -1 : n;
    }
  }
  return kept;
}

/**
 * The moves of ply `ply` into `s.moves`, best guesses first (good first moves make
 * alpha-beta cut the rest short): following, the cheapest card that takes the trick from
 * the other side, or a counter onto a partner's winning card, else the cheapest card;
 * leading, the suit's top cards first. Returns how many.
 */
function orderMoves(s: Search, seat: number, ply: number): number {
  const set = distinctMoves(s, seat, legalSet(s, seat));
  const at0 = ply * MAX_MOVES;
  const scores = s.scores;
  let count = 0;
  const mine = s.maximizes[seat]!;
  let winnerIsPartner = false;
  let winning = -1;
  if (s.trickLength > 0) {
    const w = winningAt(s);
    winning = s.trickCard[w]!;
    winnerIsPartner = s.maximizes[s.trickSeat[w]!] === mine;
  }
  let rest = set;
  while (rest !== 0) {
    const n = 31 - Math.clz32(rest & -rest);
    rest &= rest - 1;
    const rank = n % 6;
    const points = s.points[n]!;
    let score: number;
    if (s.trickLength === 0) {
      score = 10 - rank;
    } else if (winnerIsPartner) {
      score = points * 4 - rank;
    } else if (beatsNumber(n, winning, s.trumpSuit)) {
      score = 100 - rank + (((n / 6) | 0) === s.trumpSuit ? -20 : 0);
    } else {
      score = -points * 4 + rank;
    }
    let at = count;
    while (at > 0 && scores[at0 + at - 1]! < score) {
      scores[at0 + at] = scores[at0 + at - 1]!;
      s.moves[at0 + at] = s.moves[at0 + at - 1]!;
      at--;
    }
    scores[at0 + at] = score;
    s.moves[at0 + at] = n;
    count++;
  }
  return count;
}

function memoKey(s: Search, leader: number): string {
  // One character per seat and suit: the suit's counts in base 5 (at most four copies).
  s.keyCodes[0] = leader;
  s.keyCodes.set(s.suitCodes, 1);
  return String.fromCharCode.apply(null, s.keyCodes as unknown as number[]);
}

/** 5 ** rank: a card's weight in its suit's key character. */
const POWERS_OF_5 = [1, 5, 25, 125, 625, 3125];

/** Points the counted side takes from here on; `turn` is the seat to play. */
function search(s: Search, turn: number, alpha: number, beta: number, ply: number): number {
  if (++s.budget.used > s.budget.nodes) throw new SolveBudgetError(s.budget.used);
  if (s.trickLength > 0) return playCards(s, turn, alpha, beta, ply);
  if (s.cardsLeft === 0) return 0;
  const most = s.pointsLeft + s.lastTrick;
  if (beta <= 0) return 0;
  if (alpha >= most) return most;
  if (s.horizon >= 0 && s.tricksDone >= s.horizon) return estimateRest(s);
  const key = memoKey(s, turn);
  const known = s.memo.get(key);
  let lower = 0;
  let upper = most;
  let first = -1;
  if (known !== undefined) {
    lower = (known >> BOUND_SHIFT) & BOUND_MASK;
    upper = known & BOUND_MASK;
    if (lower === upper || lower >= beta) return lower;
    if (upper <= alpha) return upper;
    first = (known >>> MOVE_SHIFT) - 1;
  }
  const a = Math.max(alpha, lower);
  const b = Math.min(beta, upper);
  const value = playCards(s, turn, a, b, ply, first);
  if (value <= a) upper = Math.min(upper, value);
  else if (value >= b) lower = Math.max(lower, value);
  else lower = upper = value;
  s.memo.set(key, ((s.bestMove + 1) << MOVE_SHIFT) | (lower << BOUND_SHIFT) | upper);
  return value;
}

/**
 * The best value among the seat's moves; `first` (a move remembered best at this position
 * by an earlier search, or -1) is tried first. Leaves the move that decided in `s.bestMove`.
 */
function playCards(s: Search, turn: number, alpha: number, beta: number, ply: number, first = -1): number {
  const maximizing = s.maximizes[turn] === 1;
  let best = maximizing ? -1 : 1 << 30;
  let bestMove = -1;
  const count = orderMoves(s, turn, ply);
  const at0 = ply * MAX_MOVES;
  if (first >= 0) {
    for (let m = 1; m < count; m++) {
      if (s.moves[at0 + m] !== first) continue;
      s.moves[at0 + m] = s.moves[at0]!;
      s.moves[at0] = first;
      break;
    }
  }
  for (let m = 0; m < count; m++) {
    const move = s.moves[at0 + m]!;
    const value = afterPlaying(s, turn, move, alpha, beta, ply);
    if (maximizing ? value > best : value < best) {
      best = value;
      bestMove = move;
    }
    if (maximizing) {
      if (best > alpha) alpha = best;
    } else if (best < beta) beta = best;
    if (alpha >= beta) break;
  }
  s.bestMove = bestMove;
  return best;
}

function afterPlaying(
  s: Search,
  turn: number,
  card: number,
  alpha: number,
  beta: number,
  ply: number,
): number {
  const at = turn * 24 + card;
  if (--s.counts[at]! === 0) s.held[turn]! &= ~(1 << card);
  const codeAt = turn * 4 + ((card / 6) | 0);
  s.suitCodes[codeAt]! -= POWERS_OF_5[card % 6]!;
  s.cardsLeft--;
  s.pointsLeft -= s.points[card]!;
  s.trickSeat[s.trickLength] = turn;
  s.trickCard[s.trickLength] = card;
  s.trickLength++;
  let value: number;
  if (s.trickLength < s.seats) {
    value = search(s, (turn + 1) % s.seats, alpha, beta, ply + 1);
  } else {
    const winner = s.trickSeat[winningAt(s)]!;
    let won = 0;
    for (let i = 0; i < s.seats; i++) won += s.points[s.trickCard[i]!]!;
    if (s.cardsLeft === 0) won += s.lastTrick;
    const mine = s.maximizes[winner] === 1 ? won : 0;
    // The trick is over: the next one starts empty (kept aside for the way back).
    const save = ply * 2 * s.seats;
    for (let i = 0; i < s.seats; i++) {
      s.saved[save + i] = s.trickSeat[i]!;
      s.saved[save + s.seats + i] = s.trickCard[i]!;
    }
    s.trickLength = 0;
    s.tricksDone++;
    value = mine + search(s, winner, alpha - mine, beta - mine, ply + 1);
    s.tricksDone--;
    for (let i = 0; i < s.seats; i++) {
      s.trickSeat[i] = s.saved[save + i]!;
      s.trickCard[i] = s.saved[save + s.seats + i]!;
    }
    s.trickLength = s.seats;
  }
  s.trickLength--;
  s.pointsLeft += s.points[card]!;
  s.cardsLeft++;
  s.suitCodes[codeAt]! += POWERS_OF_5[card % 6]!;
  if (s.counts[at]!++ === 0) s.held[turn]! |= 1 << card;
  return value;
}

/**
 * An estimate of the points still to take at a trick's start, for searches cut off at a
 * horizon: the points split by the sides' high cards and trumps (a trump weighs most, then
 * an ace, then a ten). Only ever reported as an estimate.
 */
function estimateRest(s: Search): number {
  let mine = 1;
  let all = 2;
  for (let seat = 0; seat < s.seats; seat++) {
    for (let n = 0; n < 24; n++) {
      const count = s.counts[seat * 24 + n]!;
      if (count === 0) continue;
      const rank = n % 6;
      const weight = (((n / 6) | 0) === s.trumpSuit ? 3 : 0) + (rank === 0 ? 2 : rank === 1 ? 1 : 0);
      all += weight * count;
      if (s.maximizes[seat] === 1) mine += weight * count;
    }
  }
  return Math.round(((s.pointsLeft + s.lastTrick) * mine) / all);
}

function setUp(position: TrickPosition, memo: TrickMemo, budget: SolveBudget): Search {
  const seats = position.hands.length;
  const start = trickStart(position, seats);
  const { counts, points, cardsLeft } = start;
  let pointsLeft = 0;
  for (let i = 0; i < counts.length; i++) pointsLeft += counts[i]! * points[i % 24]!;
  const maximizes = new Uint8Array(seats);
  for (const seat of position.side) maximizes[seat] = 1;
  const plies = cardsLeft + 2;
  const suitCodes = new Uint16Array(seats * 4);
  for (let seat = 0; seat < seats; seat++) {
    for (let n = 0; n < 24; n++)
      suitCodes[seat * 4 + ((n / 6) | 0)]! += counts[seat * 24 + n]! * POWERS_OF_5[n % 6]!;
  }
  return {
    ...start,
    seats,
    maximizes,
    pointsLeft,
    memo,
    budget,
    moves: new Int32Array(plies * MAX_MOVES),
    scores: new Int32Array(plies * MAX_MOVES),
    suitCodes,
    keyCodes: new Uint16Array(seats * 4 + 1),
    saved: new Int8Array(plies * 2 * seats),
    tricksDone: 0,
    horizon: -1,
    bestMove: -1,
  };
}

/** Above any trick points a position holds: where MTD(f)'s bounds start. */
const MOST_POINTS = 1 << 20;

/** Trick points the side takes from here on (the trick in play included) by best play of all. */
export function solveTrickPoints(
  position: TrickPosition,
  memo: TrickMemo = new Map(),
  budget: SolveBudget = unlimited(),
): number {
  const s = setUp(position, memo, budget);
  const guess = Math.round((s.pointsLeft + s.lastTrick) / 2);
  return mtd(guess, (a, b) => search(s, position.turn, a, b, 0), MOST_POINTS);
}

/**
 * The value of each card the seat to play may play (one per class of equal cards, the
 * others given the same value): the points the side then takes from here on.
 */
export function trickCardValues(
  position: TrickPosition,
  memo: TrickMemo = new Map(),
  budget: SolveBudget = unlimited(),
): Map<Card, number> {
  return cardValuesWith(position, memo, budget, -1);
}

function cardValuesWith(
  position: TrickPosition,
  memo: TrickMemo,
  budget: SolveBudget,
  horizon: number,
): Map<Card, number> {
  const s = setUp(position, memo, budget);
  s.horizon = horizon;
  const turn = position.turn;
  const legal = legalSet(s, turn);
  const kept = distinctMoves(s, turn, legal);
  const values = new Map<Card, number>();
  const byNumber = new Map<number, number>();
  let guess = Math.round((s.pointsLeft + s.lastTrick) / 2);
  let rest = kept;
  while (rest !== 0) {
    const n = 31 - Math.clz32(rest & -rest);
    rest &= rest - 1;
    guess = mtd(guess, (a, b) => afterPlaying(s, turn, n, a, b, 0), MOST_POINTS);
    byNumber.set(n, guess);
  }
  // Each legal card takes the value of the card standing for its class (the next stronger kept one).
  for (const card of position.hands[turn]!) {
    const n = cardIndex(card);
    if ((legal & (1 << n)) === 0 || values.has(card)) continue;
    let stand = n;
    while (!byNumber.has(stand)) stand--;
    values.set(card, byNumber.get(stand)!);
  }
  return values;
}

/**
 * An estimate of each legal card's value where the exact solve is out of reach: searches
 * that look 1, 2, … tricks ahead and estimate the rest (estimateRest), deepening while the
 * budget lasts; the deepest finished search answers. Never exact.
 */
export function estimateCardValues(
  position: TrickPosition,
  budget: SolveBudget,
): { values: Map<Card, number>; tricks: number } {
  let answer: Map<Card, number> | null = null;
  let tricks = 0;
  const total = position.hands.reduce((sum, cards) => sum + cards.length, 0) + position.trick.length;
  const most = Math.ceil(total / position.hands.length);
  for (let horizon = 1; horizon <= most; horizon++) {
    try {
      answer = cardValuesWith(position, new Map(), budget, horizon);
      tricks = horizon;
    } catch (error) {
      if (!(error instanceof SolveBudgetError)) throw error;
      break;
    }
  }
  // Not even one trick ahead within the budget: one trick ahead regardless (it is small).
  if (answer === null) {
    answer = cardValuesWith(position, new Map(), unlimited(), 1);
    tricks = 1;
  }
  return { values: answer, tricks };
}
