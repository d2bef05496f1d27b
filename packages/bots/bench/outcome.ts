/** What a bench hand reports (its own module: the Pinochle and the Bridge hands both give it). */
import type { BotLevel } from '../src/pinochle/levels.ts';

export interface HandOutcome {
  /** Score change per side (seat three-handed, team 0+2 / 1+3 in the double deck and four-person Bridge). */
  delta: number[];
  /** Every decision: its level, wall milliseconds and the deciding thread's CPU milliseconds. */
  decisions: { level: BotLevel; ms: number; cpuMs: number }[];
  /** The contract (Pinochle): the bidder's level, the bid, and how the hand ended for it. */
  contract?: { level: BotLevel; bid: number; outcome: string; made: boolean | null };
}
