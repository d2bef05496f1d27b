import { PROTOCOL_ERROR_CODES, TABLE_REFUSAL_CODES } from '@kibitz/protocol';
import { describe, expect, it } from 'vitest';
import { refusalText } from './refusal-text.ts';

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
