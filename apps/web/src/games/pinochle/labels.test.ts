import { describe, expect, it } from 'vitest';
import { describeAction, meldLabel, sideNames } from './labels.ts';

const plain = (n: number) => String(n);

describe('labels', () => {
  it('names meld items with suit and multiplicity', () => {
    expect(meldLabel({ kind: 'run', suit: 'S', multiplicity: 1, points: 150, cards: [] }, 'en')).toBe(
      'Run (spades)',
    );
    expect(
      meldLabel({ kind: 'common-marriage', suit: 'H', multiplicity: 2, points: 40, cards: [] }, 'de'),
    ).toBe('Gemeines Paar (Herz) ×2');
    expect(
      meldLabel({ kind: 'aces-around', suit: null, multiplicity: 1, points: 100, cards: [] }, 'en'),
    ).toBe('Aces around');
  });

  it('describes every kind of move', () => {
    expect(describeAction({ type: 'bid', amount: 300 }, 'Ann', 'en', plain)).toBe('Ann bids 300');
    expect(describeAction({ type: 'bid', amount: 300 }, 'Ann', 'en', (n) => String(n / 10))).toBe(
      'Ann bids 30',
    );
    expect(describeAction({ type: 'pass' }, 'Bo', 'de', plain)).toBe('Bo passt');
    expect(describeAction({ type: 'play', card: 'AS' }, 'Cy', 'en', plain)).toBe('Cy plays ace of spades');
    expect(describeAction({ type: 'discard', cards: ['9S', '9H', 'JD'] }, 'Ann', 'en', plain)).toBe(
      'Ann buries nine of spades, nine of hearts and jack of diamonds',
    );
    expect(describeAction({ type: 'name-trump', suit: 'D' }, 'Ann', 'de', plain)).toBe(
      'Ann sagt Karo als Trumpf an',
    );
    expect(describeAction({ type: 'request-suit', suit: 'C' }, 'Ann', 'en', plain)).toBe(
      'Ann asks for clubs',
    );
    expect(describeAction({ type: 'pass-cards', cards: ['AS'] }, 'Ann', 'en', plain)).toBe(
      'Ann passes ace of spades',
    );
    expect(describeAction({ type: 'concede' }, 'Ann', 'en', plain)).toBe('Ann concedes');
    expect(describeAction({ type: 'call-redeal' }, 'Ann', 'en', plain)).toBe('Ann calls a redeal');
  });

  it('names the teams in double deck and each player otherwise', () => {
    expect(sideNames(['Ann', 'Bo', 'Cy', 'Di'], 2, 'en')).toEqual(['Ann & Cy', 'Bo & Di']);
    expect(sideNames(['Ann', 'Bo', 'Cy'], 3, 'en')).toEqual(['Ann', 'Bo', 'Cy']);
  });
});
