/**
 * An exact ("double-dummy") solver of the last tricks of a double-deck hand: with every
 * hand's cards known, the trick points (counters and the last trick's bonus) seats 0+2
 * take from here on when both teams play their best. Two teams make it a two-player
 * zero-sum game, so alpha-beta is exact.
 *
 * Strong's play-outs hand the last few tricks to it instead of to the rules of thumb:
 * more samples of the same heuristic play-outs measured no stronger, so the play-outs'
 * own judgement is what there is to improve. Trick points decide the hand's score
 * monotonically (more points never score less for a team, made or set), so best play for
 * points is best play for the score.
 *
 * Cards are numbered as the engine numbers them (cardIndex: suit * 6 + rank, A = 0);
 * a hand is its count of each number (a double deck holds copies), and identical copies
 * are one move. Positions at a trick's start are remembered with their bounds. The trick
 * rules on bit sets are trick-sets.ts, shared with trick-solver.ts.
 */
import { CARD_AT, type Card, type PlayedCard, type Suit } from '@kibitz/rules/pinochle';
import { legalSet, type TrickStart, trickStart, winningAt } from './trick-sets.ts';

export interface TrickEnd {
  /** Cards each seat (0..3) still holds; with `trick`, every card still in play. */
  hands: readonly (readonly Card[])[];
  /** The trick being played (empty at a trick's start), in playing order. */
  trick: readonly PlayedCard[];
  /** The seat to play; play goes on clockwise (seat + 1). */
  turn: number;
  trump: Suit;
  rule: 'strict' | 'east';
  /** Trick points of one counter (A, T, K). */
  counter: number;
  /** The last trick's bonus. */
  lastTrick: number;
}

/** Solved positions at a trick's start: key → bounds. Shared by solves with the same trump, rule and points. */
export type EndMemo = Map<string, { lower: number; upper: number }>;

/** Nodes searched (benches and tests). */
export const endStats = { nodes: 0 };

interface Search extends TrickStart {
  memo: EndMemo;
}

function take(s: Search, seat: number, card: number): void {
  const at = seat * 24 + card;
  if (--s.counts[at]! === 0) s.held[seat]! &= ~(1 << card);
  s.cardsLeft--;
}

function giveBack(s: Search, seat: number, card: number): void {
  const at = seat * 24 + card;
  if (s.counts[at]!++ === 0) s.held[seat]! |= 1 << card;
  s.cardsLeft++;
}

function memoKey(s: Search, leader: number): string {
  let key = String(leader);
  for (let seat = 0; seat < 4; seat++) key += `|${s.held[seat]!.toString(36)}`;
  // Copies matter only when some card is held twice or more.
  for (let i = 0; i < 96; i++) if (s.counts[i]! > 1) key += `,${i}:${s.counts[i]}`;
  return key;
}

/** Points team 0+2 takes from here on; `turn` is the seat to play. */
function search(s: Search, turn: number, alpha: number, beta: number): number {
  endStats.nodes++;
  if (s.trickLength === 0) {
    if (s.cardsLeft === 0) return 0;
    const key = memoKey(s, turn);
    const known = s.memo.get(key);
    if (known !== undefined) {
      if (known.lower === known.upper) return known.lower;
      if (known.lower >= beta) return known.lower;
      if (known.upper <= alpha) return known.upper;
      alpha = Math.max(alpha, known.lower);
      beta = Math.min(beta, known.upper);
    }
    const value = playCards(s, turn, alpha, beta);
    const entry = known ?? { lower: Number.NEGATIVE_INFINITY, upper: Number.POSITIVE_INFINITY };
    if (value <= alpha) entry.upper = Math.min(entry.upper, value);
    else if (value >= beta) entry.lower = Math.max(entry.lower, value);
    else entry.lower = entry.upper = value;
    s.memo.set(key, entry);
    return value;
  }
  return playCards(s, turn, alpha, beta);
}

function playCards(s: Search, turn: number, alpha: number, beta: number): number {
  const maximizing = turn % 2 === 0;
  let best = maximizing ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  let moves = legalSet(s, turn);
  // Strongest first within the set (A = lowest number of a suit): a fair first guess.
  while (moves !== 0) {
    const card = 31 - Math.clz32(moves & -moves);
    moves &= moves - 1;
    const value = afterPlaying(s, turn, card, alpha, beta);
    if (maximizing) {
      if (value > best) best = value;
      if (best > alpha) alpha = best;
    } else {
      if (value < best) best = value;
      if (best < beta) beta = best;
    }
    if (alpha >= beta) break;
  }
  return best;
}

function afterPlaying(s: Search, turn: number, card: number, alpha: number, beta: number): number {
  take(s, turn, card);
  const at = s.trickLength;
  s.trickSeat[at] = turn;
  s.trickCard[at] = card;
  s.trickLength++;
  let value: number;
  if (s.trickLength < 4) {
    value = search(s, (turn + 1) % 4, alpha, beta);
  } else {
    const winnerAt = winningAt(s);
    const winner = s.trickSeat[winnerAt]!;
    let won = 0;
    for (let i = 0; i < 4; i++) won += s.points[s.trickCard[i]!]!;
    if (s.cardsLeft === 0) won += s.lastTrick;
    const mine = winner % 2 === 0 ? won : 0;
    // The trick is over: the next one starts empty (kept aside for the way back).
    const seats = [s.trickSeat[0]!, s.trickSeat[1]!, s.trickSeat[2]!, s.trickSeat[3]!];
    const cards = [s.trickCard[0]!, s.trickCard[1]!, s.trickCard[2]!, s.trickCard[3]!];
    s.trickLength = 0;
    value = mine + search(s, winner, alpha - mine, beta - mine);
    for (let i = 0; i < 4; i++) {
      s.trickSeat[i] = seats[i]!;
      s.trickCard[i] = cards[i]!;
    }
    s.trickLength = 4;
  }
  s.trickLength--;
  giveBack(s, turn, card);
  return value;
}

function setUp(position: TrickEnd, memo: EndMemo): Search {
  return { ...trickStart(position, 4), memo };
}

/** Trick points seats 0+2 take from here on (the trick in play included) by best play of all. */
export function solveEnd(position: TrickEnd, memo: EndMemo = new Map()): number {
  const s = setUp(position, memo);
  return search(s, position.turn, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);
}

/**
 * The best card for the seat to play and the points seats 0+2 then take from here on:
 * the position's exact value, then the first card (strongest first) that keeps it, each
 * tried with a null window (cheap, and the memo's bounds serve the next plays too).
 */
export function bestEndCard(position: TrickEnd, memo: EndMemo = new Map()): { card: Card; value: number } {
  const s = setUp(position, memo);
  const turn = position.turn;
  const value = search(s, turn, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);
  let moves = legalSet(s, turn);
  const maximizing = turn % 2 === 0;
  let last = -1;
  while (moves !== 0) {
    const card = 31 - Math.clz32(moves & -moves);
    moves &= moves - 1;
    last = card;
    if (moves === 0) break; // the last card left must be the one
    const keeps = maximizing
      ? afterPlaying(s, turn, card, value - 1, value) >= value
      : afterPlaying(s, turn, card, value, value + 1) <= value;
    if (keeps) return { card: CARD_AT[card]!, value };
  }
  if (last < 0) throw new Error(`seat ${turn} has no card to play`);
  return { card: CARD_AT[last]!, value };
}
