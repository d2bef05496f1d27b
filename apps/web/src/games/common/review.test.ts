/** The review on the replay's frames: which frame shows which judged card, the tricks, and the marks' words (EN/DE, plurals, estimates). */
import type { GameReviewResponse } from '@kibitz/protocol';
import { describe, expect, it } from 'vitest';
import type { ReplayFrameBase } from './replay.ts';
import { contractText, markFrames, markText, parText, problemText, trickRows } from './review.ts';

const play = (card: string) => ({ type: 'play', card });

/** Frames of a deal: the deal, two bids, then `cards` played, `perTrick` to a trick (gathered at once). */
function framesOf(cards: string[], perTrick: number, deal = 0): ReplayFrameBase[] {
  const frames: ReplayFrameBase[] = [{ index: 0, deal, tricks: 0, move: null, handEnded: false }];
  frames.push({ index: 1, deal, tricks: 0, move: { seat: 0, action: { type: 'bid' } }, handEnded: false });
  cards.forEach((card, i) => {
    frames.push({
      index: frames.length,
      deal,
      tricks: Math.floor((i + 1) / perTrick),
      move: { seat: i % perTrick, action: play(card) },
      handEnded: i === cards.length - 1,
    });
  });
  return frames;
}

const decision = (card: string, best: string[], loss: number, exact = true) => ({
  version: 0,
  seat: 0,
  played: play(card),
  best: best.map(play),
  loss,
  exact,
});

const review: GameReviewResponse = {
  id: 'g',
  hands: [
    {
      hand: 1,
      par: { value: 2, actual: 1, unit: 'tricks', exact: true },
      decisions: [
        decision('AS', ['AS'], 0),
        decision('3S', ['KS', 'QS'], 1),
        decision('2H', ['2H'], 0, false),
        decision('AH', ['AH'], 0),
      ],
    },
  ],
} as GameReviewResponse;

describe('judged cards on the frames', () => {
  const frames = framesOf(['AS', '3S', '2H', 'AH'], 2);

  it("marks the k-th card played in a deal with the hand's k-th decision", () => {
    const marks = markFrames(frames, review);
    expect([...marks.keys()]).toEqual([2, 3, 4, 5]);
    expect(marks.get(3)).toMatchObject({ card: '3S', best: ['KS', 'QS'], deal: 0 });
  });

  it('gives no mark where the card does not match, and none to a deal without a review', () => {
    const other = framesOf(['AS', 'KS', '2H', 'AH'], 2);
    expect([...markFrames(other, review).keys()]).toEqual([2, 4, 5]);
    expect(markFrames(framesOf(['AS'], 2, 1), review).size).toBe(0);
  });

  it("groups a deal's judged cards trick by trick", () => {
    const rows = trickRows(frames, markFrames(frames, review), 0);
    expect(rows.map((row) => row.map((mark) => mark.card))).toEqual([
      ['AS', '3S'],
      ['2H', 'AH'],
    ]);
  });
});

describe('the words of a mark', () => {
  it('a best card: ✓ and "best card" / "beste Karte"', () => {
    expect(markText({ loss: 0, exact: true }, 'tricks', 'en')).toEqual({ short: '✓', label: 'best card' });
    expect(markText({ loss: 0, exact: true }, 'points', 'de')).toEqual({ short: '✓', label: 'beste Karte' });
  });

  it('a lost trick, one and more, in English and German', () => {
    expect(markText({ loss: 1, exact: true }, 'tricks', 'en')).toEqual({
      short: '−1 trick',
      label: 'cost 1 trick',
    });
    expect(markText({ loss: 2, exact: true }, 'tricks', 'en')).toEqual({
      short: '−2 tricks',
      label: 'cost 2 tricks',
    });
    expect(markText({ loss: 1, exact: true }, 'tricks', 'de')).toEqual({
      short: '−1 Stich',
      label: 'kostete 1 Stich',
    });
    expect(markText({ loss: 3, exact: true }, 'tricks', 'de')).toEqual({
      short: '−3 Stiche',
      label: 'kostete 3 Stiche',
    });
  });

  it('lost points as the table shows them (a table dividing by ten)', () => {
    expect(markText({ loss: 20, exact: true }, 'points', 'en')).toEqual({
      short: '−20',
      label: 'cost 20 points',
    });
    expect(markText({ loss: 10, exact: true }, 'points', 'de', (p) => p / 10)).toEqual({
      short: '−1',
      label: 'kostete 1 Punkt',
    });
  });

  it('an estimate is never shown as exact: ≈ and "about … estimated"', () => {
    expect(markText({ loss: 20, exact: false }, 'points', 'en')).toEqual({
      short: '≈ −20',
      label: 'cost about 20 points, estimated',
    });
    expect(markText({ loss: 0, exact: false }, 'points', 'de')).toEqual({
      short: '≈ ✓',
      label: 'beste Karte, geschätzt',
    });
    expect(markText({ loss: 1, exact: false }, 'tricks', 'de').label).toBe('kostete etwa 1 Stich, geschätzt');
  });

  it('the par beside what was taken; an estimated par says so', () => {
    expect(parText({ value: 9, actual: 8, unit: 'tricks', exact: true }, 'en')).toEqual({
      par: 'Par (best play by all, for the side that won the bidding): 9 tricks',
      actual: 'Taken as played: 8 tricks',
    });
    const estimated = parText({ value: 120, actual: 1, unit: 'points', exact: false }, 'de');
    expect(estimated.par).toBe(
      'Par, geschätzt (bestes Spiel aller, für die Partei, die das Reizen gewann): etwa 120 Punkte',
    );
    expect(estimated.actual).toBe('Tatsächlich gemacht: 1 Punkt');
  });
});

describe('why there is no review', () => {
  it('says what to do for a running game, a server without the pool and no network, in English and German', () => {
    expect(problemText('game-running', 'Available once the game has ended', 'en')).toBe(
      'The review is available once the game has ended.',
    );
    expect(problemText('review-unavailable', 'x', 'en')).toBe(
      'Hand reviews are switched off on this server (they need the bot pool).',
    );
    expect(problemText('network', 'Failed to fetch', 'en')).toBe(
      'Could not reach the server for the review. Check the connection and try again.',
    );
    expect(problemText('game-running', 'x', 'de')).toBe('Die Analyse gibt es, sobald das Spiel beendet ist.');
    expect(problemText('review-unavailable', 'x', 'de')).toContain('abgeschaltet');
    expect(problemText('network', 'x', 'de')).toContain('nicht erreichbar');
  });

  it("passes on the server's message for anything else", () => {
    expect(problemText('failed', 'No such game', 'en')).toBe('The review could not be made: No such game');
    expect(problemText('failed', 'No such game', 'de')).toBe('Die Analyse ging nicht: No such game');
  });
});

describe('the contract judged', () => {
  const par = (atPar: boolean, asPlayed: boolean, exact = true) => ({
    value: 9,
    actual: 8,
    unit: 'tricks' as const,
    exact,
    contract: { name: '3NTX', needed: 9, atPar, asPlayed },
  });
  // Bridge's own words for its short form (bridge/cards.ts, tested there).
  const named = (name: string) => (name === '3NTX' ? '3 no trumps, doubled' : name);

  it('says whether best play by all makes it, and whether it was made, in English and German', () => {
    expect(contractText(par(true, false), 'en', named)).toBe(
      '3 no trumps, doubled (9 tricks needed): makes with best play by all, but went down',
    );
    expect(contractText(par(false, false), 'en')).toBe(
      '3NTX (9 tricks needed): goes down with best play by all, and went down',
    );
    expect(contractText(par(true, true), 'de')).toBe(
      '3NTX (9 Stiche nötig): bei bestem Spiel aller erfüllt, und erfüllt',
    );
    expect(contractText(par(false, true), 'de')).toBe(
      '3NTX (9 Stiche nötig): bei bestem Spiel aller gefallen, aber erfüllt',
    );
  });

  it('an estimated par says so; a par without a contract gives no line', () => {
    expect(contractText(par(true, true, false), 'en')).toMatch(/\(estimated\)$/);
    expect(contractText({ value: 120, actual: 90, unit: 'points', exact: true }, 'en')).toBeNull();
  });
});
