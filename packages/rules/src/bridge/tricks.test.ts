import { describe, expect, it } from 'vitest';
import { type BridgeCard, bridgeCardLabel, bridgeCards } from './cards.ts';
import { legalBridgeCards, trickWinnerIndex } from './tricks.ts';

const trickOf = (text: string) => bridgeCards(text).map((card, hand) => ({ hand, card }));

describe('Trick play [002] "Spielablauf"', () => {
  it('"Rangfolge innerhalb jeder Farbe (hoch nach tief): As, König, Dame, Bube, 10, 9, 8, 7, 6, 5, 4, 3, 2"', () => {
    expect(trickWinnerIndex(trickOf('TH JH 9H 2H'), null)).toBe(1);
    expect(trickWinnerIndex(trickOf('KH AH QH 2H'), null)).toBe(1);
    expect(trickWinnerIndex(trickOf('2H 3H 4H 5H'), null)).toBe(3);
  });

  it('"Ohne gespielten Trumpf gewinnt die höchste Karte der ausgespielten Farbe"', () => {
    expect(trickWinnerIndex(trickOf('5D AS KC 7D'), 'H')).toBe(3);
  });

  it('"wurde Trumpf gespielt, gewinnt der höchste gespielte Trumpf"', () => {
    expect(trickWinnerIndex(trickOf('AD 2H KD 3H'), 'H')).toBe(3);
    expect(trickWinnerIndex(trickOf('AD 2H KD AC'), 'H')).toBe(1);
  });

  it('"Farbe bedienen, wenn möglich ... ist sie in dieser Farbe blank, darf eine beliebige Karte gespielt werden, auch ein Trumpf"', () => {
    const hand: BridgeCard[] = bridgeCards('AS 2S KH 3D');
    expect(legalBridgeCards(hand, trickOf('5S'))).toEqual(['AS', '2S']);
    expect(legalBridgeCards(hand, trickOf('5C'))).toEqual(hand);
    expect(legalBridgeCards(hand, [])).toEqual(hand);
  });

  it('names cards as the table shows them', () => {
    expect(bridgeCardLabel('TS')).toBe('10♠');
    expect(bridgeCardLabel('AD')).toBe('A♦');
  });
});
