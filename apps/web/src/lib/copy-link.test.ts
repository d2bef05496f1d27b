import { describe, expect, it, vi } from 'vitest';
import { copyKeys, copyToClipboard } from './copy-link.ts';

describe('copying the link', () => {
  it('uses the clipboard only in a secure context', async () => {
    const writeText = vi.fn(async () => {});
    expect(await copyToClipboard('x', { clipboard: { writeText }, secure: false })).toBe('select');
    expect(writeText).not.toHaveBeenCalled();
    expect(await copyToClipboard('x', { clipboard: undefined, secure: true })).toBe('select');
    expect(await copyToClipboard('x', { clipboard: { writeText }, secure: true })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('x');
  });

  it('falls back when the clipboard refuses', async () => {
    const writeText = vi.fn(async () => Promise.reject(new Error('NotAllowedError')));
    expect(await copyToClipboard('x', { clipboard: { writeText }, secure: true })).toBe('select');
  });

  it('names the copy keys of the machine', () => {
    expect(copyKeys('MacIntel', 'en')).toBe('⌘C');
    expect(copyKeys('Linux x86_64', 'en')).toBe('Ctrl+C');
    expect(copyKeys('Win32', 'de')).toBe('Strg+C');
  });
});
