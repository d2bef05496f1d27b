import type { Card } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { cardFace, cardName, keyed, sortHand, without } from './cards.ts';

describe('sortHand', () => {
  it('groups by suit in alternating colours, ace down to nine', () => {
    const hand: Card[] = ['9S', 'AD', 'TH', 'KS', 'QC', 'AS', 'JH', '9D', 'TC'];
    expect(sortHand(hand)).toEqual(['AS', 'KS', '9S', 'TH', 'JH', 'TC', 'QC', 'AD', '9D']);
  });

  it('puts trump first and keeps the colours alternating after it', () => {
    const hand: Card[] = ['AS', 'AH', 'AC', 'AD'];
    expect(sortHand(hand, 'D')).toEqual(['AD', 'AS', 'AH', 'AC']);
    expect(sortHand(hand, 'C')).toEqual(['AC', 'AH', 'AS', 'AD']);
    expect(sortHand(hand, 'H')).toEqual(['AH', 'AS', 'AD', 'AC']);
  });

  it('keeps both copies of a card and does not change its input', () => {
    const hand: Card[] = ['KS', 'AS', 'KS'];
    expect(sortHand(hand)).toEqual(['AS', 'KS', 'KS']);
    expect(hand).toEqual(['KS', 'AS', 'KS']);
  });
});

describe('card names', () => {
  it('speaks a card in English and German', () => {
    expect(cardName('AS', 'en')).toBe('ace of spades');
    expect(cardName('TH', 'en')).toBe('ten of hearts');
    expect(cardName('QD', 'de')).toBe('Karo Dame');
    expect(cardName('JC', 'de')).toBe('Kreuz Bube');
  });

  it('prints the German queen and jack as D and B', () => {
    expect(cardFace('QS', 'en')).toBe('Q♠');
    expect(cardFace('QS', 'de')).toBe('D♠');
    expect(cardFace('JD', 'de')).toBe('B♦');
    expect(cardFace('TC', 'en')).toBe('10♣');
  });
});

describe('multisets of cards', () => {
  it('gives copies of the same card different keys', () => {
    expect(keyed(['AS', 'AS', 'KS']).map((entry) => entry.key)).toEqual(['AS#0', 'AS#1', 'KS#0']);
  });

  it('removes one copy per card taken', () => {
    expect(without(['AS', 'AS', 'KS'], ['AS'])).toEqual(['AS', 'KS']);
    expect(without(['AS'], ['KH'])).toEqual(['AS']);
  });
});
