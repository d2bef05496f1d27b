import { describe, expect, it } from 'vitest';
import { codeFromInput, parseRoute, replayPath, tablePath } from './route.ts';

describe('routes', () => {
  it('parses the three pages', () => {
    expect(parseRoute('/')).toEqual({ page: 'lobby' });
    expect(parseRoute('')).toEqual({ page: 'lobby' });
    expect(parseRoute('/t/kq7m-x3pa-9r')).toEqual({ page: 'table', code: 'KQ7M-X3PA-9R' });
    expect(parseRoute('/t/KQ7MX3PA9R/')).toEqual({ page: 'table', code: 'KQ7M-X3PA-9R' });
    expect(parseRoute('/replay/3f2c-11aa')).toEqual({ page: 'replay', gameId: '3f2c-11aa' });
  });

  it('refuses what is not a page', () => {
    expect(parseRoute('/t/OOOO-OOOO-OO')).toMatchObject({ page: 'not-found' });
    expect(parseRoute('/nowhere')).toMatchObject({ page: 'not-found' });
    expect(parseRoute('/replay/../../etc')).toMatchObject({ page: 'not-found' });
  });

  it('round-trips paths', () => {
    expect(parseRoute(tablePath('KQ7M-X3PA-9R'))).toEqual({ page: 'table', code: 'KQ7M-X3PA-9R' });
    expect(parseRoute(replayPath('abc'))).toEqual({ page: 'replay', gameId: 'abc' });
    // The review flag rides after # (the page reads it), not in the path.
    expect(replayPath('abc', { review: true })).toBe('/replay/abc#review');
  });

  it('takes a code from a pasted code or link', () => {
    expect(codeFromInput(' kq7m x3pa 9r ')).toBe('KQ7M-X3PA-9R');
    expect(codeFromInput('https://cards.example/t/KQ7M-X3PA-9R?x=1')).toBe('KQ7M-X3PA-9R');
    expect(codeFromInput('http://localhost:5173/t/kq7mx3pa9r')).toBe('KQ7M-X3PA-9R');
    expect(codeFromInput('hello')).toBeNull();
  });
});
