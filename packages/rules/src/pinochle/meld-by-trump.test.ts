import { describe, expect, it } from 'vitest';
import { cards, SUITS } from './cards.ts';
import { evaluateMeld } from './meld/index.ts';
import { meldByTrump, meldRulesFor } from './meld-by-trump.ts';
import { config } from './test-support.ts';

// Anna's hand from [003] "Beispiel: Kreuz ist Trumpf. Anna ... meldet A♣ 10♣ K♣ D♣ B♣ (Sequenz, 150),
// D♠ B♦ (Pinochle, 40) und A♠ A♥ A♦ A♣ (vier Asse, 100) ... Zusammen: 290."
const ANNA = cards('AC TC KC QC JC QS JD AS AH AD TS TH 9S 9H 9D');
// [004] "mit Herz als der Trumpffarbe zählt die folgende Hand 87 Punkte".
const EIGHTY_SEVEN = cards('AH TH KH KH KH QH QH JH QD QD JD QC QC AS KS KS QS QS JS JS');

describe('meldByTrump: your own meld in each possible trump', () => {
  it("Anna's hand [003]: 290 in clubs; in another suit the club run is only a marriage and that suit's 9 a dix", () => {
    // Not clubs: marriage in clubs 20 + pinochle 40 + aces 100 + dix (9♠, 9♥ or 9♦ of trump) 10 = 170.
    expect(meldByTrump(config('cutthroat'), ANNA)).toEqual({ S: 170, H: 170, D: 170, C: 290 });
  });

  it('the 87-point hand of [004] in every trump', () => {
    // Hearts: the sheet's 87. Spades: two royal marriages 8, two heart marriages 4, pinochle 4,
    // double queens 60 = 76 (no 10♠, so no run). Diamonds or clubs: two marriages each in
    // spades and hearts 8, pinochle 4, double queens 60 = 72.
    expect(meldByTrump(config('double-deck'), EIGHTY_SEVEN)).toEqual({ S: 76, H: 87, D: 72, C: 72 });
  });

  it("follows the table's house rules: every value times ten", () => {
    expect(meldByTrump(config('double-deck', { timesTen: true }), EIGHTY_SEVEN)).toEqual({
      S: 760,
      H: 870,
      D: 720,
      C: 720,
    });
  });

  it('is exactly what the engine melds when that suit is trump', () => {
    const cfg = config('auction-west', { doubledMelds: 'simply-double', roundhouse: 'own-meld' });
    const hand = cards('KS QS KH QH KD QD KC QC AS TS JS 9S JD QS 9C');
    const bySuit = meldByTrump(cfg, hand);
    for (const suit of SUITS) expect(bySuit[suit]).toBe(evaluateMeld(hand, suit, meldRulesFor(cfg)).total);
  });

  it('an empty hand melds nothing', () => {
    expect(meldByTrump(config('cutthroat'), [])).toEqual({ S: 0, H: 0, D: 0, C: 0 });
  });
});
