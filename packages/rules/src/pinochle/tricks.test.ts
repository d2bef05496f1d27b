import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDeck, type Card, cards, SUITS, type Suit, suitOf } from './cards.ts';
import { beats, isLegalCard, legalCards, type PlayedCard, type TrickRule, winningIndex } from './tricks.ts';

const trick = (list: string): PlayedCard[] => cards(list).map((card, seat) => ({ seat, card }));
const sorted = (list: string[]): string[] => [...list].sort();

describe('trick winner', () => {
  it('"Den Stich macht der höchste Trumpf oder, wenn kein Trumpf gespielt wurde, die höchste Karte der angespielten Farbe" [000]', () => {
    expect(winningIndex(trick('KS AS QS'), 'H')).toBe(1);
    expect(winningIndex(trick('KS AD 9H'), 'H')).toBe(2);
    expect(winningIndex(trick('KS AD QD'), 'H')).toBe(0);
    expect(winningIndex(trick('9H AS TH'), 'H')).toBe(2);
  });

  it('"Sind die besten Karten in Farbe und Rang identisch, sticht die zuerst gespielte die zweite" [000]', () => {
    expect(winningIndex(trick('AS AS KS'), 'H')).toBe(0);
    expect(winningIndex(trick('KS TH TH'), 'H')).toBe(1);
    // [004] "Wenn zwei oder mehr gleiche Karten in einen Stich gespielt werden, dann gewinnt die zuerst gespielte"
    expect(winningIndex(trick('QD AD AD AD'), 'C')).toBe(1);
  });

  it('ranks the ten between ace and king: "A – 10 – K – D – B – 9" [003]', () => {
    expect(winningIndex(trick('KS TS QS'), 'H')).toBe(1);
    expect(winningIndex(trick('TS AS KS'), 'H')).toBe(1);
  });
});

describe('legal cards, strict rule', () => {
  it('"Eine beliebige Karte kann angespielt werden" [000]', () => {
    const hand = cards('AS 9S KH QD JC');
    expect(sorted(legalCards(hand, [], 'H', 'strict'))).toEqual(sorted(hand));
  });

  it('"Wer kann muss die angespielte Farbe bedienen" and "muss wenn möglich stechen" [000]', () => {
    const hand = cards('AS 9S KH');
    expect(legalCards(hand, trick('KS'), 'H', 'strict')).toEqual(['AS']);
    // Cannot beat: must still follow suit ([004] "muss auch dann Farbe bedienen").
    expect(sorted(legalCards(cards('QS 9S KH'), trick('KS'), 'H', 'strict'))).toEqual(['9S', 'QS']);
  });

  it('an identical card does not beat (reading 5)', () => {
    expect(sorted(legalCards(cards('AS 9S'), trick('AS'), 'H', 'strict'))).toEqual(['9S', 'AS']);
  });

  it('"Wer nicht bedienen kann muss Trumpf spielen" and over-trump if able [000], [004]', () => {
    const hand = cards('9H AH QD');
    expect(sorted(legalCards(hand, trick('KS'), 'H', 'strict'))).toEqual(['9H', 'AH']);
    expect(legalCards(hand, trick('KS TH'), 'H', 'strict')).toEqual(['AH']);
    // "muss trotzdem eine Trumpfkarte spielen, obwohl dieser Trumpf nicht hoch genug ist" [004]
    expect(legalCards(cards('9H QD'), trick('KS TH'), 'H', 'strict')).toEqual(['9H']);
  });

  it('"dürfen die nachfolgenden Spieler, die die Farbe bedienen können, irgendeine Karte der ausgespielten Farbe zugeben" [004]', () => {
    expect(sorted(legalCards(cards('AS 9S KH'), trick('KS 9H'), 'H', 'strict'))).toEqual(['9S', 'AS']);
  });

  it('"Wer nicht bedienen oder trumpfen kann spielt eine beliebige Karte" [000]', () => {
    expect(sorted(legalCards(cards('AD QC'), trick('KS'), 'H', 'strict'))).toEqual(['AD', 'QC']);
  });

  it('trump led: following trumps must beat if able', () => {
    expect(legalCards(cards('AH 9H KS'), trick('TH'), 'H', 'strict')).toEqual(['AH']);
  });
});

describe('legal cards, lighter East rule', () => {
  it('"Trumpfzwang wenn man nicht bedienen kann, Stichzwang nur bei Trumpfanspiel" [000]', () => {
    expect(sorted(legalCards(cards('AS 9S KH'), trick('KS'), 'H', 'east'))).toEqual(['9S', 'AS']);
    expect(legalCards(cards('AH 9H KS'), trick('TH'), 'H', 'east')).toEqual(['AH']);
  });

  it('"Under the lighter rule a void player must trump but need not over-trump" (reading 5)', () => {
    expect(sorted(legalCards(cards('9H AH QD'), trick('KS TH'), 'H', 'east'))).toEqual(['9H', 'AH']);
  });
});

/** The trick rule spelled out plainly, as an oracle for the optimised legalCards. */
function referenceLegal(hand: Card[], played: PlayedCard[], trump: Suit, rule: TrickRule): Card[] {
  const unique = (list: Card[]) => [...new Set(list)].sort();
  if (played.length === 0) return unique(hand);
  const led = suitOf(played[0]!.card);
  const winning = played[winningIndex(played, trump)]!.card;
  const following = hand.filter((card) => suitOf(card) === led);
  if (following.length > 0) {
    if (rule === 'east' && led !== trump) return unique(following);
    const beating = following.filter((card) => beats(card, winning, trump));
    return unique(beating.length > 0 ? beating : following);
  }
  const trumps = hand.filter((card) => suitOf(card) === trump);
  if (trumps.length > 0) {
    if (rule === 'east') return unique(trumps);
    const beating = trumps.filter((card) => beats(card, winning, trump));
    return unique(beating.length > 0 ? beating : trumps);
  }
  return unique(hand);
}

describe('legalCards agrees with the plainly written rule', () => {
  it('for random hands, tricks, trumps and both rules', () => {
    const deck = buildDeck('single');
    fc.assert(
      fc.property(
        fc.shuffledSubarray(deck, { minLength: 1, maxLength: 18 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(...SUITS),
        fc.constantFrom<TrickRule>('strict', 'east'),
        (cardsDrawn, trickSize, trump, rule) => {
          const played = cardsDrawn
            .slice(0, Math.min(trickSize, cardsDrawn.length - 1))
            .map((card, seat) => ({ seat, card }));
          const hand = cardsDrawn.slice(played.length);
          const legal = legalCards(hand, played, trump, rule);
          expect([...legal].sort()).toEqual(referenceLegal(hand, played, trump, rule));
          for (const card of deck) {
            expect(isLegalCard(hand, played, trump, rule, card)).toBe(legal.includes(card));
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
