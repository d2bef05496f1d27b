/**
 * What a Bridge bot reads from a hand: high-card points (A 4, K 3, Q 2, J 1), suit lengths,
 * shape, stoppers and quick tricks, and from them an estimate of the tricks a side can take
 * in each denomination. Rules of thumb, not a search.
 */
import {
  BRIDGE_RANKS,
  BRIDGE_SUITS,
  type BridgeCard,
  type BridgeSuit,
  bridgeRankOf,
  bridgeSuitOf,
} from '@kibitz/rules/bridge';

const POINTS: Record<string, number> = { A: 4, K: 3, Q: 2, J: 1 };

export type SuitCounts = Record<BridgeSuit, number>;

export function highCardPoints(cards: readonly BridgeCard[]): number {
  let points = 0;
  for (const card of cards) points += POINTS[bridgeRankOf(card)] ?? 0;
  return points;
}

export function suitLengths(cards: readonly BridgeCard[]): SuitCounts {
  const counts: SuitCounts = { S: 0, H: 0, D: 0, C: 0 };
  for (const card of cards) counts[bridgeSuitOf(card)]++;
  return counts;
}

/** No void or singleton and at most one doubleton: the shape for a no-trump bid. */
export function isBalanced(cards: readonly BridgeCard[]): boolean {
  const lengths = Object.values(suitLengths(cards));
  return lengths.every((n) => n >= 2) && lengths.filter((n) => n === 2).length <= 1;
}

const has = (cards: readonly BridgeCard[], suit: BridgeSuit, rank: string) =>
  cards.includes(`${rank}${suit}` as BridgeCard);

/** A, Kx, Qxx or Jxxx: the suit cannot be run against a no-trump contract at once. */
export function isStopped(cards: readonly BridgeCard[], suit: BridgeSuit): boolean {
  const length = suitLengths(cards)[suit];
  return (
    has(cards, suit, 'A') ||
    (has(cards, suit, 'K') && length >= 2) ||
    (has(cards, suit, 'Q') && length >= 3) ||
    (has(cards, suit, 'J') && length >= 4)
  );
}

/** Defensive tricks in one suit: AK 2, AQ 1.5, A 1, KQ 1, Kx 0.5. */
export function quickTricks(cards: readonly BridgeCard[], suit: BridgeSuit): number {
  const a = has(cards, suit, 'A');
  const k = has(cards, suit, 'K');
  const q = has(cards, suit, 'Q');
  const length = suitLengths(cards)[suit];
  if (a && k) return 2;
  if (a && q) return 1.5;
  if (a) return 1;
  if (k && q) return 1;
  if (k && length >= 2) return 0.5;
  return 0;
}

/** The longest suit; ties go to the higher-ranking suit (spades first). */
export function longestSuit(cards: readonly BridgeCard[]): BridgeSuit {
  const lengths = suitLengths(cards);
  return [...BRIDGE_SUITS].sort((a, b) => lengths[b] - lengths[a])[0]!;
}

/** What a bot guesses of the hand that would be its partner (or the blind) in play. */
export interface PartnerGuess {
  hcp: number;
  lengths: SuitCounts;
}

export type Denomination = BridgeSuit | 'NT';

/**
 * Tricks the side is expected to take in `denomination` with the own hand and the guessed
 * partner: about 10 tricks for 26 points with a trump fit of eight, 9 tricks for 25
 * points in no trump, a trick per three points either way (the usual point-count tables).
 */
export function sideTricks(
  cards: readonly BridgeCard[],
  denomination: Denomination,
  partner: PartnerGuess,
): number {
  const own = suitLengths(cards);
  const hcp = highCardPoints(cards) + partner.hcp;
  let tricks: number;
  if (denomination === 'NT') {
    tricks = 9 + (hcp - 25) / 3;
    // A long suit runs in no trump; a singleton or void lets the opponents run theirs.
    for (const suit of BRIDGE_SUITS) {
      if (own[suit] >= 6) tricks += (own[suit] - 5) * 0.5;
      if (own[suit] <= 1) tricks -= 1;
    }
  } else {
    const fit = own[denomination] + partner.lengths[denomination];
    let points = hcp + Math.max(0, fit - 8);
    if (fit >= 8) {
      // Short side suits ruff once trumps are enough.
      for (const suit of BRIDGE_SUITS) {
        if (suit === denomination) continue;
        points += own[suit] === 0 ? 3 : own[suit] === 1 ? 2 : own[suit] === 2 ? 1 : 0;
      }
    }
    tricks = 10 + (points - 26) / 3 - Math.max(0, 8 - fit);
  }
  return Math.max(0, Math.min(13, tricks));
}

/** Rank order index: the ace 0, the two 12 (BRIDGE_RANKS is high to low). */
export function rankIndex(card: BridgeCard): number {
  return BRIDGE_RANKS.indexOf(bridgeRankOf(card));
}

/** "Ehrenkarten: As, König, Dame, Bube und 10 der Trumpffarbe" held in `suit`. */
export function honoursIn(cards: readonly BridgeCard[], suit: BridgeSuit): number {
  return ['A', 'K', 'Q', 'J', 'T'].filter((rank) => has(cards, suit, rank)).length;
}

/**
 * Honour points this hand alone would bring its side with `denomination` as the contract's
 * (they count "unabhängig vom weiteren Spielverlauf", for whichever side holds them): five
 * in one hand 100, the four named (A K Q J, or any four with `anyFour`) 80, three or four
 * 10 each; in no trump four aces 100, three 30. The partner's honours are not known.
 */
export function honourPoints(
  cards: readonly BridgeCard[],
  denomination: Denomination,
  anyFour: boolean,
): number {
  if (denomination === 'NT') {
    const aces = BRIDGE_SUITS.filter((suit) => has(cards, suit, 'A')).length;
    return aces === 4 ? 100 : aces === 3 ? 30 : 0;
  }
  const count = honoursIn(cards, denomination);
  if (count === 5) return 100;
  const named = ['A', 'K', 'Q', 'J'].every((rank) => has(cards, denomination, rank));
  if (count === 4 && (named || anyFour)) return 80;
  return count >= 3 ? count * 10 : 0;
}
