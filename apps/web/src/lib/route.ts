/** The client's three pages, from the address bar: /, /t/CODE and /replay/GAME-ID. */
import { normalizeTableCode } from '@kibitz/protocol';

export type Route =
  | { page: 'lobby' }
  | { page: 'table'; code: string }
  | { page: 'replay'; gameId: string }
  | { page: 'not-found'; path: string };

export function parseRoute(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return { page: 'lobby' };
  const table = /^\/t\/([^/]+)$/.exec(path);
  if (table) {
    const code = normalizeTableCode(decodeURIComponent(table[1]!));
    return code === null ? { page: 'not-found', path } : { page: 'table', code };
  }
  const replay = /^\/replay\/([A-Za-z0-9-]{1,64})$/.exec(path);
  if (replay) return { page: 'replay', gameId: replay[1]! };
  return { page: 'not-found', path };
}

export function tablePath(code: string): string {
  return `/t/${code}`;
}

/** The replay of a game; with `review`, opened with the hand review on (`#review`). */
export function replayPath(gameId: string, options: { review?: boolean } = {}): string {
  return `/replay/${gameId}${options.review ? REVIEW_HASH : ''}`;
}

/** The replay page's address flag that opens it with the hand review on. */
export const REVIEW_HASH = '#review';

/**
 * A table code from what someone pasted: a bare code ("kq7m x3pa 9r") or a link
 * ("https://host/t/KQ7M-X3PA-9R"). Null when it is neither.
 */
export function codeFromInput(input: string): string | null {
  const text = input.trim();
  const link = /\/t\/([^/?#\s]+)/.exec(text);
  return normalizeTableCode(link ? decodeURIComponent(link[1]!) : text);
}
