/**
 * Copying the table's link. The Clipboard API exists only in secure contexts (https, or
 * localhost): over plain http on a LAN address — a self-hosted room's usual case — it is
 * missing, and the page must fall back to a selected text field the reader copies from.
 */
import type { Locale } from './i18n.ts';

export type CopyOutcome = 'copied' | 'select';

export interface CopyEnvironment {
  clipboard: Pick<Clipboard, 'writeText'> | undefined;
  secure: boolean;
}

export function browserCopyEnvironment(): CopyEnvironment {
  return {
    clipboard: typeof navigator === 'undefined' ? undefined : navigator.clipboard,
    secure: typeof window !== 'undefined' && window.isSecureContext,
  };
}

/** Puts `text` on the clipboard if the browser lets us; 'select' means: show it to copy by hand. */
export async function copyToClipboard(text: string, environment: CopyEnvironment): Promise<CopyOutcome> {
  if (!environment.secure || environment.clipboard === undefined) return 'select';
  try {
    await environment.clipboard.writeText(text);
    return 'copied';
  } catch {
    // Refused (no permission, page not focused): the field lets the reader copy it.
    return 'select';
  }
}

/**
 * Copies what is selected in `field` the old way. Browsers still honour it during a click
 * on an insecure page, where the Clipboard API is missing; false when they do not.
 */
export function copySelection(field: HTMLInputElement): boolean {
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/** The keys that copy on this machine, as its keyboard labels them (German: Strg). */
export function copyKeys(platform: string, locale: Locale): string {
  if (/Mac|iPhone|iPad/.test(platform)) return '⌘C';
  return locale === 'de' ? 'Strg+C' : 'Ctrl+C';
}
