/**
 * The Pinochle trick solver on positions solved by hand from the sheets' trick rules, for
 * the three-handed forms ([000] Auction West, [003] Cutthroat) and the double deck ([004]).
 */
import { describe, expect, it } from 'vitest';
import { estimateCardValues, SolveBudgetError, solveTrickPoints, trickCardValues } from './trick-solver.ts';

describe('three-handed (bidder seat 0 against seats 1 and 2), trump spades', () => {
  // Seat 0 (the bidder) has led the queen of hearts; seat 1 holds K♥ J♥, seat 2 A♥ 9♣,
  // seat 0 still A♠.
  const position = {
    hands: [['AS'], ['KH', 'JH'], ['AH', '9C']] as const,
    trick: [{ seat: 0, card: 'QH' }] as const,
    turn: 1,
    trump: 'S',
    counter: 10,
    lastTrick: 10,
    side: [0],
  } as const;

  it('strict rule: seat 1 must head the queen with its king', () => {
    // [000] "Wer bedient oder trumpft muss wenn möglich stechen."
    // K♥ (forced) – A♥ (seat 2 must head the king): seat 2 takes K♥ and A♥, 20 for the
    // defenders. Seat 2 leads 9♣; seat 0 cannot follow and must trump ("Wer nicht bedienen
    // kann muss Trumpf spielen"): A♠ takes A♠ + J♥ and the last trick, 10 + 10 = 20 for the bidder.
    const values = trickCardValues({ ...position, rule: 'strict' });
    expect([...values]).toEqual([['KH', 20]]);
    expect(solveTrickPoints({ ...position, rule: 'strict' })).toBe(20);
  });

  it('east rule: seat 1 may follow low, and that gives the bidder 10 more', () => {
    // [003] "Leichtere Stichregel: Überstechen muss man nur, wenn Trumpf ausgespielt wurde."
    // J♥ – A♥: seat 2 takes Q♥ J♥ A♥ (10). Seat 2 leads 9♣, seat 0 trumps with A♠, seat 1
    // throws K♥: the bidder takes A♠ + K♥ + the last trick ("Wer den letzten Stich macht,
    // bekommt 10 Punkte extra"), 30. So K♥ (20 for the bidder) is the defenders' best card.
    const values = trickCardValues({ ...position, rule: 'east' });
    expect(values.get('KH')).toBe(20);
    expect(values.get('JH')).toBe(30);
    expect(solveTrickPoints({ ...position, rule: 'east' })).toBe(20);
  });
});

describe('double deck (team 0+2 against 1+3), trump hearts', () => {
  // Seat 0 has led T♠; seat 1 holds A♠ K♠, seat 2 Q♠ A♦, seat 3 K♥ Q♦, seat 0 still J♦.
  const position = {
    hands: [['JD'], ['AS', 'KS'], ['QS', 'AD'], ['KH', 'QD']] as const,
    trick: [{ seat: 0, card: 'TS' }] as const,
    turn: 1,
    trump: 'H',
    counter: 1,
    lastTrick: 2,
    side: [0, 2],
  } as const;

  it("strict rule: seat 1 must crawl higher with its ace; the points are the sheet's", () => {
    // [004] "jeder Spieler muss eine Karte der ausgespielten Farbe spielen, die im Rang höher
    // ist als die Karte, die bis dahin den Stich gewinnen würde": A♠ only. Seat 2 follows Q♠,
    // seat 3 cannot follow and must trump ("muss Trumpf spielen"): K♥ takes T♠ A♠ K♥, 3
    // points for team 1+3. Seat 3 leads Q♦; J♦, K♠, and seat 2's A♦ heads it: Q♦ J♦ K♠ A♦ =
    // 2, and the last trick 2 ("Ass, 10 und König zählen je einen Punkt, und das Team, das den
    // letzten Stich macht, bekommt 2 Extrapunkte"): 4 for team 0+2.
    const values = trickCardValues({ ...position, rule: 'strict' });
    expect([...values]).toEqual([['AS', 4]]);
  });

  it('east rule: the king may follow too, to the same 4', () => {
    // K♠ instead: T♠ K♠ Q♠ K♥ to team 1+3 (3); then Q♦ J♦ A♠ A♦ to seat 2: 2 + 2 = 4.
    const values = trickCardValues({ ...position, rule: 'east' });
    expect(values.get('AS')).toBe(4);
    expect(values.get('KS')).toBe(4);
  });
});

describe('budget', () => {
  const deal = {
    hands: [
      ['AS', 'TS', 'KS', 'QH', 'JH'],
      ['AH', 'TH', 'KD', 'QD', 'JC'],
      ['AD', 'TD', 'KC', 'QC', '9S'],
    ],
    trick: [],
    turn: 0,
    trump: 'S',
    rule: 'strict',
    counter: 10,
    lastTrick: 10,
    side: [0],
  } as const;

  it('gives up past its node budget with a typed error, and the estimate still names every legal card', () => {
    expect(() => trickCardValues(deal, new Map(), { nodes: 10, used: 0 })).toThrow(SolveBudgetError);
    const { values, tricks } = estimateCardValues(deal, { nodes: 50, used: 0 });
    expect(tricks).toBeGreaterThanOrEqual(1);
    expect([...values.keys()].sort()).toEqual(['AS', 'JH', 'KS', 'QH', 'TS']);
  });

  it('solves the same value with and without the memo of an earlier solve', () => {
    const memo = new Map();
    const first = solveTrickPoints(deal, memo);
    expect(solveTrickPoints(deal, memo)).toBe(first);
    expect(solveTrickPoints(deal)).toBe(first);
  });
});
