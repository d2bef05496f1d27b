/**
 * The shapes the Bridge engine works on: plain JSON like the Pinochle state, so a state
 * can be stored, sent between processes and compared with toEqual.
 *
 * Players sit in seats 0..players-1 clockwise. Cards lie in four hands, 0..3: with four
 * players hand n is seat n's; in the three-person form hands 0..2 are the players' and
 * hand 3 is the blind hand ("Blindes"), which the auction winner takes as the dummy.
 */
import type { BridgeCard } from './cards.ts';
import type { BridgeConfig } from './config.ts';

export type BridgeSeat = number;
export type BridgeHandId = number;

/** The blind hand of the three-person form. */
export const BLIND_HAND: BridgeHandId = 3;

/** "Kreuz, Karo, Herz, Pik oder Sans-Atout", and the house rule's nullo. */
export type BridgeStrain = 'C' | 'D' | 'H' | 'S' | 'NT' | 'NULLO';

export type BridgeCall =
  | { type: 'bid'; level: number; strain: BridgeStrain }
  | { type: 'pass' }
  | { type: 'double' }
  | { type: 'redouble' };

export type BridgeAction =
  | BridgeCall
  | { type: 'play'; card: BridgeCard }
  /** Paced tables: the trick's winner (the declarer for the dummy) gathers the complete trick. */
  | { type: 'gather' }
  /** Paced tables: a seat has seen the hand's result. */
  | { type: 'continue' };

/** 'trick-end' and 'hand-end' occur only on paced tables (contract Agreement 1). */
export type BridgePhase = 'auction' | 'play' | 'trick-end' | 'hand-end' | 'game-over';

export interface BridgeCallEntry {
  seat: BridgeSeat;
  call: BridgeCall;
}

export interface BridgeContract {
  level: number;
  strain: BridgeStrain;
  /** 0 = undoubled, 1 = doubled, 2 = redoubled. */
  doubled: 0 | 1 | 2;
  declarer: BridgeSeat;
  declarerHand: BridgeHandId;
  dummyHand: BridgeHandId;
}

export interface PlayedBridgeCard {
  hand: BridgeHandId;
  card: BridgeCard;
}

export interface CompletedBridgeTrick {
  leader: BridgeHandId;
  cards: PlayedBridgeCard[];
  winner: BridgeHandId;
}

export interface BridgeHandState {
  deal: number;
  dealer: BridgeSeat;
  /** The deal's own seed (never in a view). */
  seed: string;
  /** The four hands as dealt: honours are counted from them (never in a view). */
  dealt: BridgeCard[][];
  /** Cards still held, by hand. */
  hands: BridgeCard[][];
  calls: BridgeCallEntry[];
  contract: BridgeContract | null;
  /** The hands clockwise around the table in play, the declarer's first; [] in the auction. */
  table: BridgeHandId[];
  /** The hand to play next, in play. */
  turn: BridgeHandId | null;
  leader: BridgeHandId | null;
  trick: PlayedBridgeCard[];
  tricks: CompletedBridgeTrick[];
  /** Tricks won by each hand. */
  tricksWon: number[];
}

export type BridgeScoreKind =
  | 'tricks'
  | 'double-bonus'
  | 'redouble-bonus'
  | 'undertricks'
  | 'honours'
  | 'little-slam'
  | 'grand-slam'
  | 'rubber';

/** One line written on the score sheet. */
export interface BridgeScoreEntry {
  deal: number;
  /** A team (seats 0+2 = 0, 1+3 = 1) with four players, a player with three. */
  account: number;
  line: 'above' | 'below';
  points: number;
  kind: BridgeScoreKind;
  /** Which game of the rubber (0-based) the entry was written in. */
  game: number;
}

export interface BridgeScore {
  above: number[];
  below: number[];
  /** Below-the-line points in the game in progress ("beide ... beginnen ... wieder bei null"). */
  currentGame: number[];
  games: number[];
  /** The game in progress, 0-based. */
  gameNumber: number;
  /** Hands played out (passed-out deals do not count). */
  handsPlayed: number;
  entries: BridgeScoreEntry[];
}

export interface BridgeHandResult {
  deal: number;
  dealer: BridgeSeat;
  outcome: 'played' | 'passed-out';
  contract: BridgeContract | null;
  /** Tricks won by the declarer and dummy. */
  declarerTricks: number | null;
  made: boolean | null;
  /** The lines this hand wrote on the score sheet. */
  entries: BridgeScoreEntry[];
  /** The account that completed a game with this hand. */
  gameWonBy: number | null;
  /** The hands as dealt, published once a hand played out is over (null for a passed-out deal). */
  dealt: BridgeCard[][] | null;
}

export interface BridgeResult {
  /** Accounts with the highest total (two only on an exact tie after a full rubber). */
  winners: number[];
  reason: 'rubber' | 'hand-limit';
  totals: number[];
  /** "gewinnt den Rubber um die Differenz der beiden Stände": best minus next best. */
  margin: number;
}

export interface BridgeState {
  config: BridgeConfig;
  seed: string;
  playerCount: number;
  /** Score accounts: 2 teams with four players, 3 players in the three-person form. */
  accountCount: number;
  version: number;
  phase: BridgePhase;
  toAct: BridgeSeat[];
  hand: BridgeHandState;
  score: BridgeScore;
  history: BridgeHandResult[];
  result: BridgeResult | null;
}
