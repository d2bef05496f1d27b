/**
 * Copy-with-changes for the two big state objects. Spelling every field out gives every
 * state the same shape, which keeps V8 on its fast path; object spread of these objects
 * was the engine's main cost (measured with pnpm bench).
 */
import type { GameState, HandState } from './state.ts';

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
