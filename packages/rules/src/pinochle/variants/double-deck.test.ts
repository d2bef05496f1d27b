import { describe, expect, it } from 'vitest';
import type { DoubleDeckConfig } from '../config.ts';
import type { GameState, HandResult } from '../state.ts';
import { config, playedHand, times } from '../test-support.ts';
import { doubleDeck } from './double-deck.ts';

const sheet = config('double-deck') as DoubleDeckConfig;
const withOptions = (options: Record<string, unknown>) => config('double-deck', options) as DoubleDeckConfig;

/** Bidder seat 0 (team 0) bid 60. Team meld 30 + 10 (seats 0, 2) vs 15 + 5 (seats 1, 3). */
function hand(teamZeroCounters: number, options: { lastTrick?: number } = {}) {
  const last = options.lastTrick ?? 0;
  return playedHand({
    seats: 4,
    bidder: 0,
    bid: 60,
    melds: [30, 15, 10, 5],
    won: [times(teamZeroCounters, 'AS'), times(48 - teamZeroCounters, 'KH'), '', ''],
    trickWinners: [...Array(19).fill(1), last],
  });
}

describe('Double deck scoring [004] "Die Anschrift"', () => {
  it('"Ass, 10 und König zählen je einen Punkt, und das Team, das den letzten Stich macht, bekommt 2 Extrapunkte"', () => {
    const result = doubleDeck.scoreHand(sheet, hand(20), { outcome: 'played' });
    expect(result.trickPoints).toEqual([22, 28]);
    expect(result.trickPoints[0]! + result.trickPoints[1]!).toBe(50);
  });

  it('"dann fügen beide Teams die Punkte, die sie gemacht haben, ihrem bisherigen Punktestand hinzu"', () => {
    const result = doubleDeck.scoreHand(sheet, hand(20), { outcome: 'played' });
    expect(result.meld).toEqual([40, 20]);
    expect(result.made).toBe(true);
    expect(result.delta).toEqual([62, 48]);
  });

  it('"In diesem Fall zählen ihre Meldungen und Stiche überhaupt nichts, und die ... gereizte Punktzahl wird ... abgezogen"', () => {
    const result = doubleDeck.scoreHand(sheet, hand(10, { lastTrick: 1 }), { outcome: 'played' });
    expect(result.made).toBe(false);
    expect(result.delta).toEqual([-60, 20 + 38 + 2]);
  });

  it('concede: "zählen seine Meldungen nichts ... Das gegnerische Team bekommt die Punkte für seine Meldungen"', () => {
    expect(doubleDeck.scoreHand(sheet, hand(20), { outcome: 'conceded' }).delta).toEqual([-60, 20]);
    const variants: [string, number][] = [
      ['nothing', 0],
      ['meld-if-20', 20],
      ['meld-plus-25', 45],
      ['meld-plus-50', 70],
    ];
    for (const [concedeOpponents, expected] of variants) {
      const result = doubleDeck.scoreHand(withOptions({ concedeOpponents }), hand(20), {
        outcome: 'conceded',
      });
      expect(result.delta).toEqual([-60, expected]);
    }
  });

  it('no marriage: "verliert das Team ... die Punktzahl seiner Reizung und kein Team bekommt Punkte für Meldungen"', () => {
    expect(doubleDeck.scoreHand(sheet, hand(20), { outcome: 'no-marriage' }).delta).toEqual([-60, 0]);
  });

  it('20-point minimum: "Wenn ein Team ... nicht mindestens 20 Punkte im Spiel durch Stiche gewinnt, dann bekommt es überhaupt keine Punkte"', () => {
    const rule = withOptions({ minimumMeld20: true });
    // Team 0 takes 40 + 2 and made it; team 1 took 8 < 20 in tricks: nothing at all.
    const result = doubleDeck.scoreHand(rule, hand(40), { outcome: 'played' });
    expect(result.delta).toEqual([82, 0]);
    // Team 0 with fewer than 20 in tricks is set whatever its meld.
    const set = doubleDeck.scoreHand(rule, hand(15), { outcome: 'played' });
    expect(set.made).toBe(false);
    expect(set.delta[0]).toBe(-60);
  });

  it('20-point minimum: the bidders with under 20 meld are set unplayed; opponents get meld if at least 20', () => {
    const rule = withOptions({ minimumMeld20: true });
    const low = {
      ...hand(20),
      melds: hand(20).melds.map((m, seat) => ({ ...m!, total: [10, 15, 5, 5][seat]! })),
    };
    expect(doubleDeck.afterMeld(rule, low)).toEqual({ outcome: 'meld-under-20' });
    expect(doubleDeck.afterMeld(rule, hand(20))).toBeNull();
    expect(doubleDeck.scoreHand(rule, low, { outcome: 'meld-under-20' }).delta).toEqual([-60, 20]);
  });
});

describe('Double deck game end', () => {
  const after = (scores: number[], _bidder: number): GameState =>
    ({ scores, history: [], target: 500, allNegative: false }) as unknown as GameState;
  const last = (bidder: number) => ({ bidder }) as HandResult;

  it('"Die Partie wird von dem Team gewonnen, das als erstes 500 oder mehr Punkte erreicht"', () => {
    expect(doubleDeck.checkGameEnd(sheet, after([499, 300], 0), last(0)).result).toBeNull();
    expect(doubleDeck.checkGameEnd(sheet, after([500, 300], 1), last(1)).result?.winners).toEqual([0]);
  });

  it('"Wenn beide Teams in einer Hand 500 oder mehr erreichen, gewinnt das Team, das ... die Reizung gewonnen hatte"', () => {
    expect(doubleDeck.checkGameEnd(sheet, after([560, 510], 1), last(1)).result?.winners).toEqual([1]);
    expect(doubleDeck.checkGameEnd(sheet, after([510, 560], 2), last(2)).result?.winners).toEqual([0]);
  });
});
