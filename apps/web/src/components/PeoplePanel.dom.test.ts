/**
 * The seat list's bot control: the host picks a level (easy, normal, strong) before
 * adding a bot, and every bot shows its level, in English and German.
 */
import type { SeatOccupant, TableState } from '@kibitz/protocol';
import { defaultConfig } from '@kibitz/rules/pinochle';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefs } from '../lib/prefs.svelte.ts';
import { flushSync, render } from './mount.ts';
import PeoplePanel from './PeoplePanel.svelte';

function person(id: string, name: string, botLevel: SeatOccupant['botLevel'] = null): SeatOccupant {
  return { id, name, bot: botLevel !== null, botLevel, connected: true, standIn: false, heldUntil: null };
}

function table(seats: (SeatOccupant | null)[]): TableState {
  return {
    code: 'AAAA-BBBB-CC',
    name: 'Friday',
    listed: false,
    hostId: 'p-host',
    rules: defaultConfig('cutthroat'),
    settings: {
      seatGraceSeconds: 120,
      botStandIn: false,
      turnTimerSeconds: null,
      pace: 'normal',
      trickPauseMs: null,
      handEndSeconds: 10,
      spectatorChat: true,
      playAids: true,
      hints: false,
    },
    seats: seats.map((player, seat) => ({ seat, player, heldFor: null })),
    spectators: [],
    watchers: 0,
    game: null,
    playAgain: [],
  };
}

function panel(state: TableState, host: boolean) {
  const onAddBot = vi.fn();
  const root = render(PeoplePanel, {
    table: state,
    myId: 'p-host',
    host,
    onAddBot,
    onMove: vi.fn(),
    onRemove: vi.fn(),
  });
  return { root, onAddBot };
}

const levelSelect = (root: HTMLElement) => root.querySelector<HTMLSelectElement>('[data-zone="bot-level"]');

/** As a browser does when one picks an option: the value changes, then "change" fires. */
function choose(select: HTMLSelectElement, value: string): void {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  flushSync();
}

afterEach(() => prefs.setLocale('en'));

describe('PeoplePanel: bot levels', () => {
  it('the host picks the level, and the bot is added at it', () => {
    const { root, onAddBot } = panel(table([person('p-host', 'Ann'), null, null]), true);
    const select = levelSelect(root)!;
    expect([...select.options].map((option) => [option.value, option.textContent])).toEqual([
      ['easy', 'easy'],
      ['normal', 'normal'],
      ['strong', 'strong'],
    ]);
    // Labelled, and explained.
    expect(select.closest('label')!.textContent).toContain('Bot level');
    expect(root.querySelector(`#${select.getAttribute('aria-describedby')}`)!.textContent).toMatch(
      /count cards/,
    );
    // It starts at normal.
    expect(select.value).toBe('normal');
    root.querySelector<HTMLButtonElement>('[data-bot-seat="1"]')!.click();
    expect(onAddBot).toHaveBeenLastCalledWith(1, 'normal');

    choose(select, 'strong');
    root.querySelector<HTMLButtonElement>('[data-bot-seat="2"]')!.click();
    expect(onAddBot).toHaveBeenLastCalledWith(2, 'strong');

    choose(select, 'easy');
    root.querySelector<HTMLButtonElement>('[data-bot-seat="1"]')!.click();
    expect(onAddBot).toHaveBeenLastCalledWith(1, 'easy');
  });

  it('shows each bot with its level, in German too', () => {
    const state = table([
      person('p-host', 'Ann'),
      person('b1', 'Bot 2', 'strong'),
      person('b2', 'Bot 3', 'easy'),
    ]);
    const { root } = panel(state, false);
    const tags = () => [...root.querySelectorAll('[data-bot-level]')].map((tag) => tag.textContent!.trim());
    expect(tags()).toEqual(['bot · strong', 'bot · easy']);
    prefs.setLocale('de');
    flushSync();
    expect(tags()).toEqual(['Bot · stark', 'Bot · leicht']);
  });

  it('only the host gets the control, and only while a seat is empty', () => {
    expect(levelSelect(panel(table([person('p-host', 'Ann'), null, null]), false).root)).toBeNull();
    const full = table([
      person('p-host', 'Ann'),
      person('b1', 'Bot 2', 'normal'),
      person('b2', 'Bot 3', 'normal'),
    ]);
    expect(levelSelect(panel(full, true).root)).toBeNull();
  });
});

describe('PeoplePanel: hints used', () => {
  it("shows each person's hints while the table has hints on (not a bot's), in English and German", () => {
    const base = table([person('p-host', 'Ann'), person('p-bo', 'Bo'), person('p-bot', 'Bot 3', 'easy')]);
    const off = panel(
      { ...base, game: { id: 'g', number: 1, status: 'running', version: 4, hints: [0, 0, 0] } },
      false,
    );
    expect(off.root.querySelector('[data-hint-count]')).toBeNull();
    const on = {
      ...base,
      settings: { ...base.settings, hints: true },
      game: { id: 'g', number: 1, status: 'running' as const, version: 4, hints: [2, 1, 0] },
    };
    const { root } = panel(on, false);
    const counts = [...root.querySelectorAll<HTMLElement>('[data-hint-count]')];
    expect(counts.map((tag) => tag.textContent?.trim())).toEqual(['2 hints used', '1 hint used']);
    prefs.setLocale('de');
    flushSync();
    expect(counts.map((tag) => tag.textContent?.trim())).toEqual(['2 Tipps genommen', '1 Tipp genommen']);
  });
});
