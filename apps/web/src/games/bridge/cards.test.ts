import { bridgeCards } from '@kibitz/rules/bridge';
import { describe, expect, it } from 'vitest';
import { cardFace, cardName, rankOf, suitOf } from '../../lib/cards.ts';
import {
  bidMark,
  bidName,
  callMark,
  contractMark,
  reviewedContractName,
  sortBridgeHand,
  suitColumns,
} from './cards.ts';

describe('Bridge cards on the table', () => {
  it('prints every rank: "As, König, Dame, Bube, 10, 9, 8, 7, 6, 5, 4, 3, 2"', () => {
    expect(bridgeCards('AS KH QD JC TS 2H').map((card) => cardFace(card, 'de'))).toEqual([
      'A♠',
      'K♥',
      'D♦',
      'B♣',
      '10♠',
      '2♥',
    ]);
    expect(cardName('7D', 'en')).toBe('7 of diamonds');
    expect(cardName('7D', 'de')).toBe('Karo 7');
    expect(rankOf('7D')).toBe('7');
    expect(suitOf('7D')).toBe('D');
  });

  it('sorts a hand by suit, trump first, each suit from the ace down', () => {
    const hand = bridgeCards('2C AS TH 3H KC 9D QS');
    expect(sortBridgeHand(hand)).toEqual(bridgeCards('AS QS TH 3H KC 2C 9D'));
    expect(sortBridgeHand(hand, 'C')).toEqual(bridgeCards('KC 2C TH 3H AS QS 9D'));
  });

  it('lays the dummy out in suit columns with the trumps first', () => {
    const columns = suitColumns(bridgeCards('2C AS TH 3H KC QS'), 'H');
    expect(columns.map((column) => column.suit)).toEqual(['H', 'S', 'C']);
    expect(columns[0]!.cards).toEqual(bridgeCards('TH 3H'));
  });

  it('names a bid in words with the denomination in the number the level asks for', () => {
    expect(bidName(1, 'D', 'en')).toBe('1 diamond');
    expect(bidName(2, 'D', 'en')).toBe('2 diamonds');
    expect(bidName(1, 'NT', 'en')).toBe('1 no trump');
    expect(bidName(1, 'D', 'de')).toBe('1 Karo');
  });

  it('prints calls as the auction grid does', () => {
    expect(bidMark(1, 'H', 'en')).toBe('1♥');
    expect(bidMark(3, 'NT', 'en')).toBe('3NT');
    expect(bidMark(3, 'NT', 'de')).toBe('3 SA');
    expect(callMark({ type: 'pass' }, 'de')).toBe('Passe');
    expect(callMark({ type: 'double' }, 'en')).toBe('X');
    expect(
      contractMark({ level: 4, strain: 'S', doubled: 2, declarer: 0, declarerHand: 0, dummyHand: 2 }, 'en'),
    ).toBe('4♠ XX');
  });
});

describe("the review's contract, in words", () => {
  it("reads Bridge's short form back into words, and leaves a name it does not know as sent", () => {
    expect(reviewedContractName('4S', 'en')).toBe('4 spades');
    expect(reviewedContractName('1HXX', 'en')).toBe('1 heart, redoubled');
    expect(reviewedContractName('9Z', 'en')).toBe('9Z');
  });
});
