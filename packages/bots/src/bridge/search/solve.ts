/**
 * An exact ("double-dummy") solver of the last tricks of a Bridge hand: with every hand's
 * cards known, the tricks the declaring side takes when both sides play their best.
 * The strong level judges its candidate cards in each sampled layout by this once few
 * tricks remain, instead of by rule-based play-outs: a rule player's late discards and
 * finesses are where its play-outs misjudge a card most, and more layouts of the same
 * play-outs measured no stronger (README).
 *
 * Alpha-beta over the cards, on bit sets (a suit of a hand is 13 bits, bit 12 the ace);
 * of touching cards (nothing still in play between them) only one is tried; positions at
 * the start of a trick are remembered with the bounds found for them.
 */
import {
  BRIDGE_SUITS,
  type BridgeCard,
  type BridgeHandId,
  type BridgeSuit,
  bridgeSuitOf,
  type PlayedBridgeCard,
} from '@kibitz/rules/bridge';
import { type SolveBudget, SolveBudgetError } from '../../common/solve-budget.ts';
import { power } from '../table.ts';

export interface EndPosition {
  /** The cards each hand (by hand id, 0..3) still holds; together with `trick`, every card in play. */
  hands: readonly (readonly BridgeCard[])[];
  /** The trick being played (empty at a trick's start). */
  trick: readonly PlayedBridgeCard[];
  /** The hand to play. */
  turn: BridgeHandId;
  /** The hands in playing order (clockwise). */
  table: readonly BridgeHandId[];
  trump: BridgeSuit | null;
  /** The declarer's and the dummy's hand. */
  declaring: readonly BridgeHandId[];
  /** false in nullo: the declaring side then wants as few tricks as it can. */
  declaringWantsTricks: boolean;
}

const suitIndex = (card: BridgeCard): number => BRIDGE_SUITS.indexOf(bridgeSuitOf(card));

/**
 * Positions at a trick's start already solved, with their bounds: shared by the solves of
 * one decision (every layout and candidate of the same contract; a key holds every card
 * still in play and the hand to lead, so different layouts never clash).
 */
export type SolveMemo = Map<string, number>;

/** Nodes searched (a counter for benches and tests). */
export const solveStats = { nodes: 0 };

/** Moves per ply at most (one of each touching run: 13) and plies at most (13 tricks of 4 cards). */
const MAX_MOVES = 16;
const MAX_PLIES = 53;

/**
 * Tricks the declaring side takes from here on, the trick being played included, by best
 * play of all. `memo` may carry solved positions from one solve to the next of the same
 * contract (trump, declaring side and table unchanged); a fresh one by default.
 */
export function solveTricks(
  position: EndPosition,
  memo: SolveMemo = new Map(),
  /** A node budget: past it the solve gives up (SolveBudgetError); none by default. */
  budget: SolveBudget | null = null,
  /**
   * A search window: the answer is exact inside (alpha, beta), else a bound on the side
   * it fell (at most alpha, at least beta). Null windows (beta = alpha + 1) answer
   * "at least beta?" far faster than the full window (the review's MTD(f)).
   */
  window: readonly [number, number] = [-1, 14],
  /**
   * Estimate instead of solving once this many tricks are complete (the review's fallback
   * where the exact solve is out of reach; estimateTricks below); -1 = never. Such a solve
   * needs a memo of its own.
   */
  horizon = -1,
): number {
  // hands[h * 4 + s]: the 13-bit set of suit s held by hand h.
  const hands = new Int32Array(16);
  position.hands.forEach((cards, h) => {
    for (const card of cards) hands[h * 4 + suitIndex(card)]! |= 1 << power(card);
  });
  const next = new Int8Array(4);
  position.table.forEach((h, i) => {
    next[h] = position.table[(i + 1) % position.table.length]!;
  });
  const declaring = new Uint8Array(4);
  for (const h of position.declaring) declaring[h] = 1;
  const maximizes = new Uint8Array(4);
  for (let h = 0; h < 4; h++) maximizes[h] = (declaring[h] === 1) === position.declaringWantsTricks ? 1 : 0;
  const trump = position.trump === null ? -1 : BRIDGE_SUITS.indexOf(position.trump);
  const wantsTricks = position.declaringWantsTricks;

  // The trick being played, as parallel arrays.
  const trickHand = new Int8Array(4);
  const trickSuit = new Int8Array(4);
  const trickRank = new Int8Array(4);
  let trickLength = 0;
  for (const played of position.trick) {
    trickHand[trickLength] = played.hand;
    trickSuit[trickLength] = suitIndex(played.card);
    trickRank[trickLength] = power(played.card);
    trickLength++;
  }

  const table = memo;
  // Tricks completed since the start of this solve (for the horizon).
  let done = 0;
  // Each ply's moves (suit * 16 + rank) and their ordering scores.
  const moveList = new Int32Array(MAX_PLIES * MAX_MOVES);
  const moveScore = new Int32Array(MAX_PLIES * MAX_MOVES);

  function winner(): number {
    let best = 0;
    for (let i = 1; i < 4; i++) {
      const suit = trickSuit[i]!;
      const top = trickSuit[best]!;
      if (suit === top ? trickRank[i]! > trickRank[best]! : suit === trump) best = i;
    }
    return trickHand[best]!;
  }

  /**
   * The cards `hand` may play, one of each touching run, into ply `ply`'s slots, best
   * guesses first (a good first move makes alpha-beta cut the rest short): a lead of the
   * suit's top card, else a low card; following, the cheapest card that takes the trick
   * from the other side, else the lowest; never a trump over a partner who holds the trick.
   * Returns how many.
   */
  function moves(hand: number, ply: number): number {
    const base = hand * 4;
    const at0 = ply * MAX_MOVES;
    const led = trickLength === 0 ? -1 : trickSuit[0]!;
    const following = led >= 0 && hands[base + led] !== 0;
    // The trick's winner so far: its hand, suit and rank.
    let top = 0;
    for (let i = 1; i < trickLength; i++) {
      const suit = trickSuit[i]!;
      if (suit === trickSuit[top] ? trickRank[i]! > trickRank[top]! : suit === trump) top = i;
    }
    const partnerWins = trickLength > 0 && maximizes[trickHand[top]!] === maximizes[hand];
    const topSuit = trickSuit[top]!;
    const topRank = trickRank[top]!;
    let count = 0;
    for (let s = 0; s < 4; s++) {
      if (following && s !== led) continue;
      const own = hands[base + s]!;
      if (own === 0) continue;
      // Cards still in play in this suit: every hand's and the trick's.
      let live = hands[s]! | hands[4 + s]! | hands[8 + s]! | hands[12 + s]!;
      for (let i = 0; i < trickLength; i++) if (trickSuit[i] === s) live |= 1 << trickRank[i]!;
      let previous = -1;
      for (let r = 12; r >= 0; r--) {
        if ((own & (1 << r)) === 0) continue;
        // Touching the card last taken: no live card between them.
        const between = previous < 0 ? 1 : live & (((1 << previous) - 1) & ~((1 << (r + 1)) - 1));
        previous = r;
        if (between === 0) continue;
        let score: number;
        if (trickLength === 0) {
          score = live >> (r + 1) === 0 ? 60 + r : s === trump ? -30 - r : -r;
        } else if (s === trump && s !== led) {
          score = partnerWins ? -60 - r : s === topSuit && r < topRank ? -50 - r : 40 - r;
        } else {
          score = !partnerWins && s === topSuit && r > topRank ? 40 - r : -r;
        }
        // Insertion, best score first.
        let at = count;
        while (at > 0 && moveScore[at0 + at - 1]! < score) {
          moveScore[at0 + at] = moveScore[at0 + at - 1]!;
          moveList[at0 + at] = moveList[at0 + at - 1]!;
          at--;
        }
        moveScore[at0 + at] = score;
        moveList[at0 + at] = s * 16 + r;
        count++;
      }
    }
    return count;
  }

  /**
   * Tricks the hand to lead can cash at once: in each suit, the top cards still in play
   * that it holds in an unbroken run (nobody beats them; it keeps the lead). In a trump
   * contract a side suit's run counts only when no other hand holds a trump left.
   */
  function quickTricks(hand: number): number {
    const base = hand * 4;
    let othersTrump = 0;
    if (trump >= 0) for (let h = 0; h < 4; h++) if (h !== hand) othersTrump |= hands[h * 4 + trump]!;
    let total = 0;
    for (let s = 0; s < 4; s++) {
      const own = hands[base + s]!;
      if (own === 0 || (trump >= 0 && s !== trump && othersTrump !== 0)) continue;
      const live = hands[s]! | hands[4 + s]! | hands[8 + s]! | hands[12 + s]!;
      // From the suit's top live card down, while the hand holds it.
      for (let r = 12; r >= 0; r--) {
        const bit = 1 << r;
        if ((live & bit) === 0) continue;
        if ((own & bit) === 0) break;
        total++;
      }
    }
    return total;
  }

  /** Declaring side's tricks from here; `alpha`/`beta` bound the window in the same units. */
  function search(turn: number, alpha: number, beta: number, ply: number): number {
    solveStats.nodes++;
    if (budget !== null && ++budget.used > budget.nodes) throw new SolveBudgetError(budget.used);
    let key = '';
    const alpha0 = alpha;
    const beta0 = beta;
    if (trickLength === 0) {
      const left =
        popCount(hands[turn * 4]! | 0) +
        popCount(hands[turn * 4 + 1]!) +
        popCount(hands[turn * 4 + 2]!) +
        popCount(hands[turn * 4 + 3]!);
      if (left === 0) return 0;
      // Between none and every trick left: a window outside that needs no search.
      if (beta <= 0) return 0;
      if (alpha >= left) return left;
      if (horizon >= 0 && done >= horizon) return estimateTricks(hands, declaring, trump, left);
      // Sure tricks of the hand on lead: it cashes its masters and keeps the lead (not
      // in nullo, where nobody wants tricks).
      const sure = wantsTricks ? Math.min(left, quickTricks(turn)) : 0;
      if (sure > 0) {
        if (declaring[turn] === 1) {
          if (sure >= beta) return sure;
        } else if (left - sure <= alpha) return left - sure;
      }
      key = String.fromCharCode(
        hands[0]!,
        hands[1]!,
        hands[2]!,
        hands[3]!,
        hands[4]!,
        hands[5]!,
        hands[6]!,
        hands[7]!,
        hands[8]!,
        hands[9]!,
        hands[10]!,
        hands[11]!,
        hands[12]!,
        hands[13]!,
        hands[14]!,
        hands[15]!,
        turn,
      );
      const known = table.get(key);
      if (known !== undefined) {
        const lower = known >> 4;
        const upper = known & 15;
        if (lower === upper || lower >= beta) return lower;
        if (upper <= alpha) return upper;
        if (lower > alpha) alpha = lower;
        if (upper < beta) beta = upper;
      }
    }
    const maximizing = maximizes[turn] === 1;
    let best = maximizing ? -1 : 99;
    const count = moves(turn, ply);
    const at0 = ply * MAX_MOVES;
    for (let m = 0; m < count; m++) {
      const move = moveList[at0 + m]!;
      const s = move >> 4;
      const r = move & 15;
      const bit = 1 << r;
      hands[turn * 4 + s]! ^= bit;
      trickHand[trickLength] = turn;
      trickSuit[trickLength] = s;
      trickRank[trickLength] = r;
      trickLength++;
      let value: number;
      if (trickLength === 4) {
        const won = winner();
        const gained = declaring[won]!;
        // Keep the finished trick to put back after the subtree.
        const h0 = trickHand[0]!;
        const s0 = trickSuit[0]!;
        const r0 = trickRank[0]!;
        const h1 = trickHand[1]!;
        const s1 = trickSuit[1]!;
        const r1 = trickRank[1]!;
        const h2 = trickHand[2]!;
        const s2 = trickSuit[2]!;
        const r2 = trickRank[2]!;
        trickLength = 0;
        done++;
        value = gained + search(won, alpha - gained, beta - gained, ply + 1);
        done--;
        trickHand[0] = h0;
        trickSuit[0] = s0;
        trickRank[0] = r0;
        trickHand[1] = h1;
        trickSuit[1] = s1;
        trickRank[1] = r1;
        trickHand[2] = h2;
        trickSuit[2] = s2;
        trickRank[2] = r2;
        trickLength = 4;
      } else {
        value = search(next[turn]!, alpha, beta, ply + 1);
      }
      trickLength--;
      hands[turn * 4 + s]! ^= bit;
      if (maximizing) {
        if (value > best) best = value;
        if (best > alpha) alpha = best;
      } else {
        if (value < best) best = value;
        if (best < beta) beta = best;
      }
      if (alpha >= beta) break;
    }
    if (key !== '') {
      const known = table.get(key);
      let lower = known === undefined ? 0 : known >> 4;
      let upper = known === undefined ? 13 : known & 15;
      if (best <= alpha0) upper = Math.min(upper, best);
      else if (best >= beta0) lower = Math.max(lower, best);
      else lower = upper = best;
      table.set(key, (lower << 4) | upper);
    }
    return best;
  }

  return search(position.turn, window[0], window[1], 0);
}

/**
 * A static estimate of the declaring side's tricks of `left` still to play: the tricks
 * split by high cards (ace 4, king 3, queen 2, jack 1) and trumps (1 each more). Only ever
 * reported as an estimate (the review's `exact: false`).
 */
function estimateTricks(hands: Int32Array, declaring: Uint8Array, trump: number, left: number): number {
  let mine = 1;
  let all = 2;
  for (let h = 0; h < 4; h++) {
    for (let s = 0; s < 4; s++) {
      const held = hands[h * 4 + s]!;
      let weight = 0;
      for (let r = 9; r <= 12; r++) if ((held & (1 << r)) !== 0) weight += r - 8;
      if (s === trump) weight += popCount(held);
      all += weight;
      if (declaring[h] === 1) mine += weight;
    }
  }
  return Math.round((left * mine) / all);
}

function popCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count++;
  return count;
}
