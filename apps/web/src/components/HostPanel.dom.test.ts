/**
 * The host's pace control (issue 25, point 8): set at once, also while a game runs, in
 * English and German, and remembered in the browser as the pace of the host's next table.
 */
import { type TableState, tableSettingsSchema } from '@kibitz/protocol';
import { defaultConfig } from '@kibitz/rules/pinochle';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefs } from '../lib/prefs.svelte.ts';
import HostPanel from './HostPanel.svelte';
import { flushSync, render } from './mount.ts';

function table(running: boolean, pace: 'relaxed' | 'normal' | 'fast' = 'normal'): TableState {
  const player = (id: string) => ({
    id,
    name: id,
    bot: false,
    botLevel: null,
    connected: true,
    standIn: false,
    heldUntil: null,
  });
  return {
    code: 'AAAA-BBBB-CC',
    name: 'Friday',
    listed: false,
    hostId: 'p0',
    rules: defaultConfig('cutthroat'),
    settings: tableSettingsSchema.parse({ pace }),
    seats: [0, 1, 2].map((seat) => ({ seat, player: player(`p${seat}`), heldFor: null })),
    spectators: [],
    watchers: 0,
    game: running ? { id: 'g1', number: 1, status: 'running', version: 3, hints: [0, 0, 0] } : null,
    playAgain: [],
  };
}

const paceSelect = (root: HTMLElement) => root.querySelector<HTMLSelectElement>('#host-pace')!;

afterEach(() => {
  prefs.setLocale('en');
  prefs.setPace('normal');
});

describe('HostPanel: the pace', () => {
  it('while a game runs the host sets the pace at once, and it is remembered for the next table', async () => {
    const onSetRules = vi.fn(async () => ({ ok: true as const }));
    const root = render(HostPanel, { table: table(true), onStart: vi.fn(), onSetRules });
    const select = paceSelect(root);
    expect(select.value).toBe('normal');
    expect([...select.options].map((option) => option.value)).toEqual(['relaxed', 'normal', 'fast']);
    expect(root.querySelector('label[for="host-pace"]')!.textContent).toBe('Pace');
    expect(select.options[2]!.textContent).toBe('Fast (bots 0.25 s, trick 0.5 s)');
    expect(root.querySelector(`#${select.getAttribute('aria-describedby')}`)!.textContent).toMatch(
      /bots wait/,
    );
    select.value = 'fast';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    flushSync();
    expect(onSetRules).toHaveBeenCalledWith({ settings: { pace: 'fast' } });
    expect(prefs.pace).toBe('fast');
    expect(localStorage.getItem('kibitz.pace')).toBe('fast');
  });

  it('shows a refusal, in German too', async () => {
    prefs.setLocale('de');
    const onSetRules = vi.fn(async () => ({ ok: false as const, code: 'not-host' as const, message: 'no' }));
    const root = render(HostPanel, { table: table(false, 'relaxed'), onStart: vi.fn(), onSetRules });
    const select = paceSelect(root);
    expect(select.value).toBe('relaxed');
    expect(root.querySelector('label[for="host-pace"]')!.textContent).toBe('Tempo');
    expect(select.options[0]!.textContent).toBe('Gemütlich (Bots 1,2 s, Stich 2 s)');
    select.value = 'fast';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(root.querySelector('[role="alert"]')).not.toBeNull());
  });

  it("the rules form between games leaves the pace to its own control, and keeps the table's", async () => {
    const onSetRules = vi.fn(async () => ({ ok: true as const }));
    const root = render(HostPanel, { table: table(false, 'fast'), onStart: vi.fn(), onSetRules });
    root.querySelector<HTMLButtonElement>('[data-action="edit-rules"]')!.click();
    flushSync();
    expect(root.querySelectorAll('[data-option="settings.pace"]')).toHaveLength(1);
    expect(root.querySelector('[data-option="settings.trickPauseMs"]')).toBeNull();
    root.querySelector('form')!.requestSubmit();
    await vi.waitFor(() => expect(onSetRules).toHaveBeenCalled());
    const sent = onSetRules.mock.calls[0] as unknown as [{ settings: { pace: string } }];
    expect(sent[0].settings.pace).toBe('fast');
  });
});
