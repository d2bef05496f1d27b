import { PROTOCOL_ERROR_CODES, TABLE_REFUSAL_CODES } from '@kibitz/protocol';
import { cardLabel } from '@kibitz/rules/pinochle';
import { describe, expect, it } from 'vitest';
import { cardFace } from './cards.ts';
import { cardsIn, refusalCard, refusalText } from './refusal-text.ts';

describe('refusal texts', () => {
  it("shows English readers the server's own words, particulars included", () => {
    expect(refusalText('en', 'seat-taken', 'Seat 2 is taken by Ann')).toBe('Seat 2 is taken by Ann');
  });

  it('has a German text for every code the server can send', () => {
    for (const code of [...TABLE_REFUSAL_CODES, ...PROTOCOL_ERROR_CODES, 'not-your-turn', 'illegal-card']) {
      const text = refusalText('de', code, 'ENGLISH');
      expect(text, code).not.toBe('ENGLISH');
      expect(text.length, code).toBeGreaterThan(5);
    }
    expect(refusalText('de', 'not-your-turn', 'It is not your turn')).toBe('Du bist nicht dran.');
  });

  it('keeps the particulars where they matter, and the server’s words for codes it does not know', () => {
    expect(refusalText('de', 'bad-config', 'minimumBid: too high')).toBe(
      'Diese Hausregeln passen nicht zusammen. (minimumBid: too high)',
    );
    expect(refusalText('de', 'something-new', 'Something new')).toBe('Something new');
    expect(refusalText('de', 'timeout', 'The server did not answer in time')).toMatch(/nicht rechtzeitig/);
  });
});

describe('refusals name cards as the table shows them', () => {
  const allowedCodes =
    'That card may not be played: follow suit, beat the trick if you can, trump when void. Allowed: AD TS QH';
  const allowedLabels =
    'That card may not be played: follow suit, beat the trick if you can, trump when void. Allowed: A♦ 10♠ Q♥';

  it('never shows a card code in English, whichever way the server wrote the cards', () => {
    const expected =
      'That card may not be played: follow suit, beat the trick if you can, trump when void. Allowed: A♦ 10♠ Q♥';
    expect(refusalText('en', 'illegal-card', allowedCodes)).toBe(expected);
    expect(refusalText('en', 'illegal-card', allowedLabels)).toBe(expected);
    expect(refusalText('en', 'card-not-in-hand', 'You do not hold 9C')).toBe('You do not hold 9♣');
    expect(refusalText('en', 'card-not-in-hand', 'You do not hold 10♣')).toBe('You do not hold 10♣');
  });

  it('lists the allowed cards in German with the German faces', () => {
    // The rules' own wording (engine.ts): labels separated by commas.
    const fromRules = `That card may not be played: follow suit, beat the trick if you can, trump when void. Allowed: A♦, 10♠, Q♥`;
    expect(refusalText('en', 'illegal-card', fromRules)).toBe(fromRules);
    for (const message of [allowedCodes, allowedLabels, fromRules]) {
      expect(refusalText('de', 'illegal-card', message)).toBe(
        'Diese Karte darfst du jetzt nicht spielen (Farbe bedienen, übernehmen oder stechen). Erlaubt: A♦ 10♠ D♥',
      );
    }
    expect(refusalText('de', 'card-not-in-hand', 'You do not hold JS')).toBe(
      'Du hast B♠ nicht auf der Hand.',
    );
    expect(refusalText('de', 'illegal-card', 'That card may not be played')).toBe(
      'Diese Karte darfst du jetzt nicht spielen (Farbe bedienen, übernehmen oder stechen).',
    );
  });

  it('leaves words alone that only look like cards, and messages not about cards', () => {
    expect(cardsIn('AS KS and 10H but not ASK or XAS')).toEqual(['AS', 'KS']);
    expect(refusalText('en', 'seat-taken', 'Seat AD is taken')).toBe('Seat AD is taken');
  });

  it('writes every card the way the table does', () => {
    for (const card of ['AS', 'TD', 'KH', 'QC', 'JS', '9D'] as const) {
      expect(refusalCard(card, 'en')).toBe(cardLabel(card));
      expect(cardLabel(card)).toBe(cardFace(card, 'en'));
      expect(refusalCard(card, 'de')).toBe(cardFace(card, 'de'));
      expect(cardsIn(refusalCard(card, 'en'))).toEqual([card]);
    }
  });
});
