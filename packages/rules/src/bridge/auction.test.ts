import { describe, expect, it } from 'vitest';
import { applyBridge, legalBridgeActions } from './engine.ts';
import type { BridgeState } from './state.ts';
import { bid, bridgeConfig, double, gameWithDealer, pass, redouble, refusal, run } from './test-support.ts';

const calls = (state: BridgeState, seat: number) =>
  legalBridgeActions(state, seat).map((a) => JSON.stringify(a));

describe('Auction Bridge bidding [002] "Bieten"', () => {
  const start = gameWithDealer(bridgeConfig(), 0);

  it('"Die austeilende Person bietet zuerst"', () => {
    expect(start.phase).toBe('auction');
    expect(start.toAct).toEqual([0]);
    expect(refusal(start, 1, bid(1, 'C'))).toBe('not-your-turn');
    expect(refusal(start, 0, bid(1, 'C'))).toBeNull();
  });

  it('"Eine Ansage nennt eine Anzahl von Mehrstichen (1 bis 7) und eine Farbe"', () => {
    expect(refusal(start, 0, bid(0, 'H'))).toBe('malformed-action');
    expect(refusal(start, 0, bid(8, 'H'))).toBe('malformed-action');
    expect(refusal(start, 0, bid(7, 'NT'))).toBeNull();
    // Nullo is a house rule: off by default.
    expect(refusal(start, 0, bid(1, 'NULLO'))).toBe('malformed-action');
    expect(legalBridgeActions(start, 0).filter((a) => a.type === 'bid')).toHaveLength(35);
  });

  it('"durch eine höhere Stufe oder, bei gleicher Stufe, durch eine höher eingestufte Farbe (Kreuz < Karo < Herz < Pik < Sans-Atout)"', () => {
    const after = run(start, [[0, bid(1, 'H')]]);
    expect(refusal(after, 1, bid(1, 'D'))).toBe('bid-too-low');
    expect(refusal(after, 1, bid(1, 'H'))).toBe('bid-too-low');
    expect(refusal(after, 1, bid(1, 'S'))).toBeNull();
    expect(refusal(after, 1, bid(1, 'NT'))).toBeNull();
    expect(refusal(after, 1, bid(2, 'C'))).toBeNull();
    const first = legalBridgeActions(after, 1)[0];
    expect(first).toEqual(bid(1, 'S'));
  });

  it('refuses a low bid with a message naming the lowest overcall', () => {
    const after = run(start, [[0, bid(2, 'S')]]);
    const result = refusal(after, 1, bid(1, 'NT'));
    expect(result).toBe('bid-too-low');
    const refused = applyBridge(after, 1, bid(1, 'NT'));
    expect(refused.ok ? '' : refused.rejection.message).toBe(
      'A bid must overcall 2 spades: 2 no trump or higher',
    );
  });

  it('"Jede Person darf die letzte Ansage einer gegnerischen Person verdoppeln, solange sie noch nicht überboten wurde"', () => {
    expect(refusal(start, 0, double)).toBe('cannot-double');
    const after = run(start, [[0, bid(1, 'H')]]);
    expect(calls(after, 1)).toContain(JSON.stringify(double));
    const partnerTurn = run(after, [[1, pass]]);
    // Seat 2 is seat 0's partner.
    expect(refusal(partnerTurn, 2, double)).toBe('cannot-double');
    // Still the last bid after passes: seat 3 may double it.
    const later = run(partnerTurn, [[2, pass]]);
    expect(refusal(later, 3, double)).toBeNull();
    // Once overcalled, the old bid can no longer be doubled (only the new one, by its opponents).
    const overcalled = run(after, [[1, bid(1, 'S')]]);
    expect(refusal(overcalled, 2, double)).toBeNull();
    expect(refusal(run(overcalled, [[2, pass]]), 3, double)).toBe('cannot-double');
  });

  it('a bid is doubled only once (reading 3)', () => {
    const doubled = run(start, [
      [0, bid(1, 'H')],
      [1, double],
      [2, pass],
    ]);
    expect(refusal(doubled, 3, double)).toBe('cannot-double');
  });

  it('"Die verdoppelte Seite darf ihrerseits redoppeln"; once (reading 3)', () => {
    const doubled = run(start, [
      [0, bid(1, 'H')],
      [1, double],
    ]);
    expect(calls(doubled, 2)).toContain(JSON.stringify(redouble));
    expect(refusal(doubled, 2, redouble)).toBeNull();
    const turnOfOpponent = run(doubled, [[2, pass]]);
    expect(refusal(turnOfOpponent, 3, redouble)).toBe('cannot-redouble');
    const redoubled = run(doubled, [[2, redouble]]);
    expect(refusal(redoubled, 3, redouble)).toBe('cannot-redouble');
    expect(refusal(redoubled, 3, double)).toBe('cannot-double');
    expect(refusal(run(redoubled, [[3, pass]]), 0, redouble)).toBe('cannot-redouble');
    expect(refusal(start, 0, redouble)).toBe('cannot-redouble');
  });

  it('an overcall after a double clears it: the new bid may be doubled again', () => {
    const state = run(start, [
      [0, bid(1, 'H')],
      [1, double],
      [2, bid(2, 'H')],
    ]);
    expect(refusal(state, 3, double)).toBeNull();
  });

  it('"Die Auktion endet, sobald auf eine Ansage, ein Verdoppeln oder ein Redoppeln 3 Personen hintereinander passen"', () => {
    const twoPasses = run(start, [
      [0, bid(1, 'C')],
      [1, pass],
      [2, pass],
    ]);
    expect(twoPasses.phase).toBe('auction');
    const done = run(twoPasses, [[3, pass]]);
    expect(done.phase).toBe('play');
    expect(done.hand.contract).toMatchObject({ level: 1, strain: 'C', doubled: 0, declarer: 0 });
    const afterRedouble = run(start, [
      [0, bid(1, 'C')],
      [1, double],
      [2, redouble],
      [3, pass],
      [0, pass],
      [1, pass],
    ]);
    expect(afterRedouble.hand.contract).toMatchObject({ level: 1, strain: 'C', doubled: 2 });
  });

  it('"Passen alle 4 Personen bereits beim allerersten Mal ... wird das Blatt verworfen und von derselben austeilenden Person neu ausgeteilt"', () => {
    const state = gameWithDealer(bridgeConfig(), 2);
    const passed = run(state, [
      [2, pass],
      [3, pass],
      [0, pass],
    ]);
    expect(passed.phase).toBe('auction');
    const redealt = run(passed, [[1, pass]]);
    expect(redealt.phase).toBe('auction');
    expect(redealt.hand.dealer).toBe(2);
    expect(redealt.toAct).toEqual([2]);
    expect(redealt.hand.deal).toBe(1);
    expect(redealt.hand.dealt).not.toEqual(state.hand.dealt);
    // The thrown-in cards are never shown.
    expect(redealt.history).toMatchObject([{ outcome: 'passed-out', deal: 0, dealer: 2, dealt: null }]);
    expect(redealt.score.handsPlayed).toBe(0);
  });

  it('"diejenige Person der gewinnenden Seite, die während der Auktion als Erste die Farbe des endgültigen Kontrakts genannt hat"', () => {
    const state = run(start, [
      [0, bid(1, 'H')],
      [1, bid(1, 'S')],
      [2, bid(2, 'H')],
      [3, pass],
      [0, pass],
      [1, pass],
    ]);
    // Seat 2 made the last bid, but partner 0 named hearts first.
    expect(state.hand.contract).toMatchObject({ level: 2, strain: 'H', declarer: 0, dummyHand: 2 });
    // An opponent's earlier bid in the same denomination does not count.
    const other = run(start, [
      [0, bid(1, 'S')],
      [1, bid(2, 'H')],
      [2, pass],
      [3, bid(3, 'S')],
      [0, pass],
      [1, pass],
      [2, pass],
    ]);
    expect(other.hand.contract).toMatchObject({ level: 3, strain: 'S', declarer: 3, dummyHand: 1 });
  });

  it('"Die Person links von der alleinspielenden Person eröffnet"', () => {
    const state = run(start, [
      [0, pass],
      [1, bid(1, 'NT')],
      [2, pass],
      [3, pass],
      [0, pass],
    ]);
    expect(state.phase).toBe('play');
    expect(state.hand.contract!.declarer).toBe(1);
    expect(state.toAct).toEqual([2]);
    expect(state.hand.turn).toBe(2);
  });

  it('nullo bids rank between spades and no trump when the house rule is on (reading 6)', () => {
    const nullo = gameWithDealer(bridgeConfig({ nullo: true }), 0);
    const after = run(nullo, [[0, bid(1, 'S')]]);
    expect(refusal(after, 1, bid(1, 'NULLO'))).toBeNull();
    expect(refusal(run(nullo, [[0, bid(1, 'NT')]]), 1, bid(1, 'NULLO'))).toBe('bid-too-low');
    expect(legalBridgeActions(nullo, 0).filter((a) => a.type === 'bid')).toHaveLength(42);
  });
});

describe('Auction Bridge for three [002] "Auction-Bridge zu dritt"', () => {
  const start = gameWithDealer(bridgeConfig({ players: 3 }), 1);

  it('three players bid in turn; the blind hand does not bid', () => {
    expect(start.toAct).toEqual([1]);
    const state = run(start, [
      [1, bid(1, 'D')],
      [2, pass],
    ]);
    expect(state.toAct).toEqual([0]);
  });

  it('every other player passing ends the auction; the winner takes the blind hand as dummy', () => {
    const state = run(start, [
      [1, bid(1, 'D')],
      [2, pass],
      [0, bid(1, 'H')],
      [1, pass],
      [2, pass],
    ]);
    expect(state.phase).toBe('play');
    expect(state.hand.contract).toMatchObject({ declarer: 0, declarerHand: 0, dummyHand: 3 });
    // The blind hand lies opposite the declarer; the player on the declarer's left leads.
    expect(state.hand.table).toEqual([0, 1, 3, 2]);
    expect(state.toAct).toEqual([1]);
  });

  it('every player is an opponent: any other player may double, only the bidder redouble', () => {
    const state = run(start, [[1, bid(1, 'D')]]);
    expect(refusal(state, 2, double)).toBeNull();
    const doubled = run(state, [[2, double]]);
    expect(refusal(doubled, 0, redouble)).toBe('cannot-redouble');
    const back = run(doubled, [[0, pass]]);
    expect(refusal(back, 1, redouble)).toBeNull();
  });

  it('all three passing redeals by the same dealer', () => {
    const state = run(start, [
      [1, pass],
      [2, pass],
      [0, pass],
    ]);
    expect(state.hand.deal).toBe(1);
    expect(state.hand.dealer).toBe(1);
  });
});
