import { describe, expect, it } from 'vitest';
import {
  buildDeck,
  cardLabel,
  cardLabels,
  cardName,
  cards,
  cardsMissing,
  countCards,
  formatCards,
  isCounter,
  parseCard,
  parseCards,
  sortCards,
} from './cards.ts';

describe('card notation', () => {
  it('parses rank + suit, lower case and "10" for the ten', () => {
    expect(parseCard('TS')).toEqual({ ok: true, value: 'TS' });
    expect(parseCard('ts')).toEqual({ ok: true, value: 'TS' });
    expect(parseCard('10h')).toEqual({ ok: true, value: 'TH' });
    expect(parseCard(' 9c ')).toEqual({ ok: true, value: '9C' });
  });

  it('refuses bad input with a message that names it', () => {
    for (const bad of ['', 'X', '1S', 'AZ', 'ASS', '8H', '10']) {
      const parsed = parseCard(bad);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).toContain(`"${bad}"`);
    }
    const list = parseCards('AS TS 7H QC');
    expect(list.ok).toBe(false);
    if (!list.ok) expect(list.error).toContain('"7H"');
  });

  it('round-trips lists through format and parse', () => {
    const list = cards('AS TS KH QD JC 9S');
    expect(parseCards(formatCards(list))).toEqual({ ok: true, value: list });
    expect(cardName('TS')).toBe('ten of spades');
  });

  it('sorts by suit (trump first when given) then rank high to low', () => {
    expect(sortCards(cards('9S AH TS QH AS'))).toEqual(cards('AS TS 9S AH QH'));
    expect(sortCards(cards('9S AH TS QH AS'), 'H')).toEqual(cards('AH QH AS TS 9S'));
  });
});

describe('decks', () => {
  it('"48 Karten ... jeweils zweimal Ass, 10, König, Dame, Bube und 9 in jeder Farbe" [000]', () => {
    const deck = buildDeck('single');
    expect(deck).toHaveLength(48);
    const counts = countCards(deck);
    expect(counts.size).toBe(24);
    for (const n of counts.values()) expect(n).toBe(2);
  });

  it('"80 Karten ... A 10 K D B in allen vier Farben, und von jedem Wert sind vier gleiche Karten" [004]', () => {
    const deck = buildDeck('double');
    expect(deck).toHaveLength(80);
    const counts = countCards(deck);
    expect(counts.size).toBe(20);
    for (const n of counts.values()) expect(n).toBe(4);
    expect(deck.some((card) => card.startsWith('9'))).toBe(false);
  });

  it('"Da jede Karte zweimal vorkommt, gibt es insgesamt 240 Augen" [000]: counters are A, 10, K', () => {
    expect(buildDeck('single').filter(isCounter).length * 10).toBe(240);
    // [004] "Daraus folgt, dass die Punktsumme, die durch die Stiche erzielt wird, 50 ist" (48 counters + 2).
    expect(buildDeck('double').filter(isCounter).length + 2).toBe(50);
  });
});

describe('cards as the table shows them', () => {
  it('cardLabel: rank as printed (10 for the ten) and the suit symbol', () => {
    expect(cardLabel('AD')).toBe('A♦');
    expect(cardLabel('TS')).toBe('10♠');
    expect(cardLabel('KH')).toBe('K♥');
    expect(cardLabel('QC')).toBe('Q♣');
    expect(cardLabel('JS')).toBe('J♠');
    expect(cardLabel('9D')).toBe('9♦');
  });

  it('every card of the deck gets its own label', () => {
    const labels = new Set(buildDeck('single').map(cardLabel));
    expect(labels.size).toBe(24);
    for (const label of labels) expect(label).toMatch(/^(A|10|K|Q|J|9)[♠♥♦♣]$/);
  });

  it('cardLabels lists them for a sentence', () => {
    expect(cardLabels(cards('AD TD'))).toBe('A♦, 10♦');
    expect(cardLabels([])).toBe('');
  });

  it('cardsMissing counts copies: a second copy must be held twice', () => {
    expect(cardsMissing(cards('AS 9H'), cards('AS AS 9H KC'))).toEqual(cards('AS KC'));
    expect(cardsMissing(cards('AS AS'), cards('AS AS'))).toEqual([]);
  });
});
