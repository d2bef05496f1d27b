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

/** Tricks the declaring side takes from here on, the trick being played included, by best play of all. */
export function solveTricks(position: EndPosition): number {
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

  const table = new Map<string, number>();
  const keyChars = new Array<number>(17);

  function winner(): number {
    let best = 0;
    for (let i = 1; i < 4; i++) {
      const suit = trickSuit[i]!;
      const top = trickSuit[best]!;
      if (suit === top ? trickRank[i]! > trickRank[best]! : suit === trump) best = i;
    }
    return trickHand[best]!;
  }

  /** The cards `hand` may play, one of each touching run, best guesses first. */
  function moves(hand: number): number[] {
    const base = hand * 4;
    const led = trickLength === 0 ? -1 : trickSuit[0]!;
    const suits = led >= 0 && hands[base + led] !== 0 ? [led] : [0, 1, 2, 3];
    const list: number[] = [];
    for (const s of suits) {
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
        if (previous < 0 || between !== 0) list.push(s * 16 + r);
        previous = r;
      }
    }
    return list;
  }

  /** Declaring side's tricks from here; `alpha`/`beta` bound the window in the same units. */
  function search(turn: number, alpha: number, beta: number): number {
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
      for (let i = 0; i < 16; i++) keyChars[i] = hands[i]!;
      keyChars[16] = turn;
      key = String.fromCharCode(...keyChars);
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
    for (const move of moves(turn)) {
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
        const saved = [
          trickHand[0]!,
          trickSuit[0]!,
          trickRank[0]!,
          trickHand[1]!,
          trickSuit[1]!,
          trickRank[1]!,
          trickHand[2]!,
          trickSuit[2]!,
          trickRank[2]!,
        ];
        trickLength = 0;
        value = gained + search(won, alpha - gained, beta - gained);
        trickHand[0] = saved[0]!;
        trickSuit[0] = saved[1]!;
        trickRank[0] = saved[2]!;
        trickHand[1] = saved[3]!;
        trickSuit[1] = saved[4]!;
        trickRank[1] = saved[5]!;
        trickHand[2] = saved[6]!;
        trickSuit[2] = saved[7]!;
        trickRank[2] = saved[8]!;
        trickLength = 4;
      } else {
        value = search(next[turn]!, alpha, beta);
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

  return search(position.turn, -1, 14);
}

function popCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count++;
  return count;
}
