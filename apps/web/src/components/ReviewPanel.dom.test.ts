/**
 * The review panel beside the replay, and the game-over panel's way to it: every judged
 * card a button whose name says who played what and what it cost (English and German),
 * the card at the board's position marked as current, the par beside what was taken, and
 * a button that goes to the position where its card was played.
 */
import type { GameReviewResponse } from '@kibitz/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReplayFrameBase } from '../games/common/replay.ts';
import { markFrames, trickRows } from '../games/common/review.ts';
import { prefs } from '../lib/prefs.svelte.ts';
import { render } from './mount.ts';
import PlayAgain from './PlayAgain.svelte';
import ReviewPanel from './ReviewPanel.svelte';

const play = (card: string) => ({ type: 'play', card });
const cards = ['AS', '3S', '2H', 'AH'];
const frames: ReplayFrameBase[] = [
  { index: 0, deal: 0, tricks: 0, move: null, handEnded: false },
  ...cards.map((card, i) => ({
    index: i + 1,
    deal: 0,
    tricks: Math.floor((i + 1) / 2),
    move: { seat: i % 2, action: play(card) },
    handEnded: i === cards.length - 1,
  })),
];
const review = {
  id: 'g',
  hands: [
    {
      hand: 1,
      par: { value: 2, actual: 1, unit: 'tricks', exact: true },
      decisions: [
        { version: 1, seat: 0, played: play('AS'), best: [play('AS')], loss: 0, exact: true },
        { version: 2, seat: 1, played: play('3S'), best: [play('KS'), play('QS')], loss: 1, exact: true },
        { version: 3, seat: 0, played: play('2H'), best: [play('3H')], loss: 2, exact: false },
        { version: 4, seat: 1, played: play('AH'), best: [play('AH')], loss: 0, exact: true },
      ],
    },
  ],
} as GameReviewResponse;
const marks = markFrames(frames, review);
const names = ['Ann', 'Bo'];

function panel(index: number, went: number[] = []): HTMLElement {
  return render(ReviewPanel, {
    hand: review.hands[0]!,
    rows: trickRows(frames, marks, 0),
    deal: 0,
    index,
    next: marks.get(index + 1) ?? null,
    names,
    shown: (points: number) => points,
    onGo: (frame: number) => went.push(frame),
  });
}

const words = (root: HTMLElement) =>
  [...root.querySelectorAll('[data-mark] [data-words]')].map((node) => node.textContent?.trim());

afterEach(() => prefs.setLocale('en'));

describe('the review panel', () => {
  it('names every judged card with who played it and what it cost; estimates say so', () => {
    const root = panel(0);
    expect(words(root)).toEqual([
      'Ann: ace of spades, best card',
      'Bo: 3 of spades, cost 1 trick',
      'Ann: 2 of hearts, cost about 2 tricks, estimated',
      'Bo: ace of hearts, best card',
    ]);
    expect([...root.querySelectorAll('[data-mark]')].map((b) => b.getAttribute('data-mark'))).toEqual([
      'best',
      'cost',
      'estimate',
      'best',
    ]);
    expect(root.querySelectorAll('ol > li')).toHaveLength(2);
    expect(root.querySelector('[data-zone="review-par"]')?.textContent).toContain('2 tricks');
    expect(root.querySelector('[data-zone="review-par"]')?.textContent).toContain('Taken as played: 1 trick');
  });

  it("marks the card played from the position on the board, says the best cards, and goes to a card's position", () => {
    const went: number[] = [];
    const root = panel(1, went);
    const current = root.querySelector('[aria-current="step"]');
    expect(current?.getAttribute('data-frame')).toBe('2');
    const next = root.querySelector('[data-zone="review-next"]')?.textContent ?? '';
    expect(next).toContain('Bo to play');
    expect(next).toContain('Played: 3 of spades (cost 1 trick)');
    expect(next).toContain('Best: K♠ Q♠');
    expect(next).toContain('king of spades, queen of spades');
    root.querySelector<HTMLButtonElement>('[data-frame="3"]')!.click();
    expect(went).toEqual([2]);
  });

  it('speaks German', () => {
    prefs.setLocale('de');
    const root = panel(0);
    expect(words(root)).toEqual([
      'Ann: Pik Ass, beste Karte',
      'Bo: Pik 3, kostete 1 Stich',
      'Ann: Herz 2, kostete etwa 2 Stiche, geschätzt',
      'Bo: Herz Ass, beste Karte',
    ]);
  });
});

describe('the game-over panel', () => {
  it('links to the replay, and to the replay with the review on', () => {
    const root = render(PlayAgain, { names, gameId: 'g1', agreed: [], mySeat: null, onPlayAgain: null });
    expect(root.querySelector('[data-action="replay"]')?.getAttribute('href')).toBe('/replay/g1');
    const review = root.querySelector('[data-action="review"]');
    expect(review?.getAttribute('href')).toBe('/replay/g1#review');
    expect(review?.textContent?.trim()).toBe('Review this game');
  });
});
