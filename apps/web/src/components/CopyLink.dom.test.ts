import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CopyEnvironment } from '../lib/copy-link.ts';
import { prefs } from '../lib/prefs.svelte.ts';
import CopyLink from './CopyLink.svelte';
import { flushSync, render } from './mount.ts';

const LINK = 'http://192.168.1.20:3000/t/KQ7M-X3PA-9R';

async function click(root: HTMLElement): Promise<void> {
  root.querySelector<HTMLButtonElement>('[data-action="copy-link"]')!.click();
  // the clipboard's promise, then Svelte's tick
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((done) => setTimeout(done, 0));
  flushSync();
}

/** happy-dom has no document.execCommand; a browser's answers it with true or false. */
function stubCopyCommand(result: boolean) {
  const command = vi.fn((_name: string) => result);
  Object.defineProperty(document, 'execCommand', { value: command, configurable: true });
  return command;
}

const status = (root: HTMLElement) => root.querySelector('[role="status"]')!;

afterEach(() => {
  prefs.setLocale('en');
  Reflect.deleteProperty(document, 'execCommand');
  vi.restoreAllMocks();
});

describe('CopyLink', () => {
  it('copies to the clipboard where the browser allows it, and says so', async () => {
    const writeText = vi.fn(async () => {});
    const environment: CopyEnvironment = { clipboard: { writeText }, secure: true };
    const root = render(CopyLink, { link: LINK, environment });
    expect(status(root).textContent).toBe('');
    await click(root);
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(status(root).textContent).toBe('Copied');
    expect(root.querySelector('input')).toBeNull();
  });

  it('over plain http shows the link selected in a read-only field, with "Press Ctrl+C to copy"', async () => {
    const writeText = vi.fn(async () => {});
    // An insecure context: browsers leave navigator.clipboard undefined there.
    const root = render(CopyLink, { link: LINK, environment: { clipboard: undefined, secure: false } });
    // No copy command at all (happy-dom, or a browser that dropped it): the field alone.
    await click(root);
    const field = root.querySelector<HTMLInputElement>('[data-zone="link-field"]')!;
    expect(field.readOnly).toBe(true);
    expect(field.value).toBe(LINK);
    expect(field.getAttribute('aria-label')).toBe('Link to this table');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, LINK.length]);
    expect(status(root).textContent).toMatch(/^Press (Ctrl\+C|⌘C) to copy$/);
    expect(writeText).not.toHaveBeenCalled();
    // The reader copies by hand: the field hears it and says so.
    field.dispatchEvent(new Event('copy', { bubbles: true }));
    flushSync();
    expect(status(root).textContent).toBe('Copied');
  });

  it('says "Copied" when the old copy command works on an insecure page', async () => {
    const root = render(CopyLink, { link: LINK, environment: { clipboard: undefined, secure: false } });
    const command = stubCopyCommand(true);
    await click(root);
    expect(command).toHaveBeenCalledWith('copy');
    expect(root.querySelector<HTMLInputElement>('[data-zone="link-field"]')?.value).toBe(LINK);
    expect(status(root).textContent).toBe('Copied');
  });

  it('falls back to the field when the clipboard refuses, in German', async () => {
    prefs.setLocale('de');
    const writeText = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    const root = render(CopyLink, { link: LINK, environment: { clipboard: { writeText }, secure: true } });
    stubCopyCommand(false);
    await click(root);
    expect(writeText).toHaveBeenCalled();
    expect(root.querySelector<HTMLInputElement>('[data-zone="link-field"]')?.getAttribute('aria-label')).toBe(
      'Link zu diesem Tisch',
    );
    expect(status(root).textContent).toMatch(/^Zum Kopieren (Strg\+C|⌘C) drücken$/);
  });
});
