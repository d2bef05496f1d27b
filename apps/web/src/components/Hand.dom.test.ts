import type { Card } from '@kibitz/rules/pinochle';
import { describe, expect, it, vi } from 'vitest';
import { keyed } from '../lib/cards.ts';
import { prefs } from '../lib/prefs.svelte.ts';
import Hand from './Hand.svelte';
import { buttonNames, flushSync, render } from './mount.ts';

const cards = keyed(['AS', 'TS', 'KH', '9D'] as Card[]);

describe('Hand', () => {
  it('marks the card a hint names, and says so in its name (English and German)', () => {
    const root = render(Hand, {
      cards,
      mode: 'play',
      legal: new Set<Card>(['AS', 'TS']),
      selected: new Set<string>(),
      hinted: 'TS' as Card,
      onActivate: () => {},
    });
    const marked = [...root.querySelectorAll<HTMLElement>('[data-hinted]')];
    expect(marked.map((card) => card.dataset.card)).toEqual(['TS']);
    expect(marked[0]!.classList.contains('hinted')).toBe(true);
    expect(buttonNames(root)[1]).toBe('10♠ ten of spades, playable, the hint');
    prefs.setLocale('de');
    flushSync();
    expect(buttonNames(root)[1]).toMatch(/, der Tipp$/);
    prefs.setLocale('en');
  });

  it('names every card, starting with its printed face, and says which are playable', () => {
    const root = render(Hand, {
      cards,
      mode: 'play',
      legal: new Set<Card>(['AS', 'TS']),
      selected: new Set<string>(),
      onActivate: () => {},
    });
    expect(buttonNames(root)).toEqual([
      'A♠ ace of spades, playable',
      '10♠ ten of spades, playable',
      'K♥ king of hearts',
      '9♦ nine of diamonds',
    ]);
    expect(root.querySelectorAll('[data-legal]')).toHaveLength(2);
    expect(root.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe('Your hand');
  });

  it('has one tab stop and moves along the hand with the arrow keys', () => {
    const root = render(Hand, {
      cards,
      mode: 'play',
      legal: new Set<Card>(),
      selected: new Set<string>(),
      onActivate: () => {},
    });
    const buttons = [...root.querySelectorAll('button')];
    expect(buttons.map((button) => button.tabIndex)).toEqual([0, -1, -1, -1]);
    buttons[0]!.focus();
    buttons[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    flushSync();
    expect(document.activeElement).toBe(buttons[1]);
    buttons[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    flushSync();
    expect(document.activeElement).toBe(buttons[3]);
    expect(buttons.map((button) => button.tabIndex)).toEqual([-1, -1, -1, 0]);
  });

  it('plays any card clicked (the server judges), and marks chosen cards when choosing', () => {
    const onActivate = vi.fn();
    const root = render(Hand, {
      cards,
      mode: 'play',
      legal: new Set<Card>(['AS']),
      selected: new Set<string>(),
      onActivate,
    });
    root.querySelectorAll('button')[2]!.click();
    expect(onActivate).toHaveBeenCalledWith('KH', 'KH#0');
    const choosing = render(Hand, {
      cards,
      mode: 'select',
      legal: new Set<Card>(),
      selected: new Set<string>(['TS#0']),
      onActivate,
    });
    const pressed = [...choosing.querySelectorAll('button')].map((button) =>
      button.getAttribute('aria-pressed'),
    );
    expect(pressed).toEqual(['false', 'true', 'false', 'false']);
  });

  it('does nothing when there is nothing to do', () => {
    const onActivate = vi.fn();
    const root = render(Hand, {
      cards,
      mode: 'view',
      legal: new Set<Card>(),
      selected: new Set<string>(),
      onActivate,
    });
    root.querySelector('button')!.click();
    expect(onActivate).not.toHaveBeenCalled();
  });
});
