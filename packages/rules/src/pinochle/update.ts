/**
 * Copy-with-changes for the two big state objects. Spelling every field out gives every
 * state the same shape, which keeps V8 on its fast path; object spread of these objects
 * was the engine's main cost (measured with pnpm bench).
 */
import type { Card } from './cards.ts';
import type { CompletedTrick, GameState, HandState, Phase, Seat } from './state.ts';
import type { PlayedCard } from './tricks.ts';

export function updateState(s: GameState, c: Partial<GameState>): GameState {
  return {
    config: s.config,
    seed: s.seed,
    seatCount: s.seatCount,
    sideCount: s.sideCount,
    version: c.version ?? s.version,
    phase: c.phase ?? s.phase,
    toAct: c.toAct ?? s.toAct,
    scores: c.scores ?? s.scores,
    target: c.target !== undefined ? c.target : s.target,
    allNegative: c.allNegative ?? s.allNegative,
    hand: c.hand ?? s.hand,
    history: c.history ?? s.history,
    stakes: c.stakes !== undefined ? c.stakes : s.stakes,
    result: c.result !== undefined ? c.result : s.result,
  };
}

export function updateHand(h: HandState, c: Partial<HandState>): HandState {
  return {
    deal: h.deal,
    dealer: h.dealer,
    seed: h.seed,
    hands: c.hands ?? h.hands,
    widow: h.widow,
    widowTurned: c.widowTurned ?? h.widowTurned,
    bidding: c.bidding ?? h.bidding,
    bidder: c.bidder !== undefined ? c.bidder : h.bidder,
    bid: c.bid !== undefined ? c.bid : h.bid,
    discards: c.discards ?? h.discards,
    trump: c.trump !== undefined ? c.trump : h.trump,
    passing: c.passing !== undefined ? c.passing : h.passing,
    melds: c.melds ?? h.melds,
    trick: c.trick ?? h.trick,
    leader: c.leader !== undefined ? c.leader : h.leader,
    tricks: c.tricks ?? h.tricks,
    won: c.won ?? h.won,
  };
}

/*
 * The play phase's own copies, spelled out with positional arguments: updateState and
 * updateHand read their changes from objects of many shapes, which makes those reads slow,
 * and a card is played some 45 times a hand.
 */

/** The state with a new phase, hand and whose turn it is. */
export function withHandAndTurn(s: GameState, phase: Phase, hand: HandState, toAct: Seat[]): GameState {
  return {
    config: s.config,
    seed: s.seed,
    seatCount: s.seatCount,
    sideCount: s.sideCount,
    version: s.version,
    phase,
    toAct,
    scores: s.scores,
    target: s.target,
    allNegative: s.allNegative,
    hand,
    history: s.history,
    stakes: s.stakes,
    result: s.result,
  };
}

/** The hand after a card is played to the trick (and taken from `hands`). */
export function handWithPlay(h: HandState, hands: Card[][], trick: PlayedCard[]): HandState {
  return {
    deal: h.deal,
    dealer: h.dealer,
    seed: h.seed,
    hands,
    widow: h.widow,
    widowTurned: h.widowTurned,
    bidding: h.bidding,
    bidder: h.bidder,
    bid: h.bid,
    discards: h.discards,
    trump: h.trump,
    passing: h.passing,
    melds: h.melds,
    trick,
    leader: h.leader,
    tricks: h.tricks,
    won: h.won,
  };
}

/** The hand after a trick is completed and gathered by `leader`, its winner. */
export function handWithTrick(
  h: HandState,
  hands: Card[][],
  tricks: CompletedTrick[],
  won: Card[][],
  leader: Seat,
): HandState {
  return {
    deal: h.deal,
    dealer: h.dealer,
    seed: h.seed,
    hands,
    widow: h.widow,
    widowTurned: h.widowTurned,
    bidding: h.bidding,
    bidder: h.bidder,
    bid: h.bid,
    discards: h.discards,
    trump: h.trump,
    passing: h.passing,
    melds: h.melds,
    trick: [],
    leader,
    tricks,
    won,
  };
}
