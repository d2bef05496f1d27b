/**
 * The shapes the engine works on. Everything is plain JSON: a state can be stored,
 * sent between processes and compared with toEqual; nothing in it is a class.
 */
import type { Card, Suit } from './cards.ts';
import type { GameConfig } from './config.ts';
import type { MeldResult } from './meld/index.ts';
import type { PlayedCard } from './tricks.ts';

export type Seat = number;

export type Action =
  | { type: 'bid'; amount: number }
  | { type: 'pass' }
  /** Throw in a hopeless hand (house rule: five 9s and no meld but dix, or six 9s and at most one ace). */
  | { type: 'call-redeal' }
  /** The bidder buries cards after taking the widow (three-handed). */
  | { type: 'discard'; cards: Card[] }
  | { type: 'name-trump'; suit: Suit }
  /** Toby Thomas passing: the bidder names the suit the partner must pass first. */
  | { type: 'request-suit'; suit: Suit }
  /** Double deck card passing between bidder and partner. */
  | { type: 'pass-cards'; cards: Card[] }
  | { type: 'concede' }
  | { type: 'play'; card: Card }
  /**
   * Paced hands: the winner takes the finished trick off the table. The server sends it
   * for the winner after a pause; clients may not.
   */
  | { type: 'gather' }
  /** Paced hands: this seat has seen the hand's result and is ready for the next deal. */
  | { type: 'continue' };

export type ActionType = Action['type'];

/**
 * 'trick-end' and 'hand-end' occur only in paced games (config.paced): a finished trick
 * waiting to be gathered, and a scored hand waiting for every seat to continue.
 */
export type Phase =
  | 'bidding'
  | 'discard'
  | 'trump'
  | 'passing'
  | 'play'
  | 'trick-end'
  | 'hand-end'
  | 'game-over';

export interface BidEntry {
  seat: Seat;
  /** null = pass */
  amount: number | null;
}

export interface Bidding {
  entries: BidEntry[];
  highBid: number | null;
  highBidder: Seat | null;
  passed: boolean[];
  /** Turns each seat has had (for limited bidding rounds and first-turn rules). */
  turns: number[];
}

export interface CardPassing {
  /** Suit the bidder asked for (Toby Thomas), once named. */
  requestedSuit: Suit | null;
  /** Cards each of bidder and partner has put down to pass, null until chosen. */
  fromBidder: Card[] | null;
  fromPartner: Card[] | null;
  done: boolean;
}

export interface CompletedTrick {
  leader: Seat;
  cards: PlayedCard[];
  winner: Seat;
}

/** How a hand ended. */
export type HandOutcome =
  | 'passed-out'
  | 'redeal-called'
  | 'played'
  | 'conceded'
  | 'no-marriage'
  | 'meld-under-20';

export interface HandResult {
  deal: number;
  dealer: Seat;
  outcome: HandOutcome;
  bidder: Seat | null;
  bid: number | null;
  trump: Suit | null;
  /** Per side (seat when three-handed, team when double deck). */
  meld: number[];
  /** Meld that was actually credited, per side. */
  meldCounted: number[];
  /** Trick points per side (the bidder's buried counters included). */
  trickPoints: number[];
  tricksWon: number[];
  /** Score change per side. */
  delta: number[];
  /** Did the bidding side make the bid? null when no bid was played or conceded. */
  made: boolean | null;
  /** Who called a redeal, for outcome 'redeal-called'. */
  calledBy: Seat | null;
}

export interface HandState {
  deal: number;
  dealer: Seat;
  /** The deal's own seed (hidden until the hand ends; the server publishes a commitment). */
  seed: string;
  hands: Card[][];
  widow: Card[];
  widowTurned: boolean;
  bidding: Bidding;
  bidder: Seat | null;
  bid: number | null;
  discards: Card[];
  trump: Suit | null;
  passing: CardPassing | null;
  melds: (MeldResult | null)[];
  trick: PlayedCard[];
  leader: Seat | null;
  tricks: CompletedTrick[];
  /** Cards each seat has won in tricks. */
  won: Card[][];
}

export interface Stakes {
  chips: number[];
  pool: number;
}

export interface GameResult {
  /** Winning sides (one, unless the game could not separate them). */
  winners: number[];
  reason: 'target' | 'rounds' | 'negative-floor' | 'back-to-plus';
  finalScores: number[];
}

export interface GameState {
  config: GameConfig;
  seed: string;
  seatCount: number;
  /** Scores are kept per side: each seat when three-handed, each team (seats 0+2, 1+3) in double deck. */
  sideCount: number;
  /** Accepted actions so far; the server's version number. */
  version: number;
  phase: Phase;
  /**
   * Seats that may act now (two during simultaneous card passing; in 'hand-end' every
   * seat that has not yet continued).
   */
  toAct: Seat[];
  scores: number[];
  /** Current target (the raise-target house rule moves it). */
  target: number | null;
  /** Set when every player was below zero at once (negative-floor house rule). */
  allNegative: boolean;
  hand: HandState;
  history: HandResult[];
  stakes: Stakes | null;
  result: GameResult | null;
}
