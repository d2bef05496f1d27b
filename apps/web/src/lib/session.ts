/**
 * What the browser remembers: the player's name, and per table the seat token the
 * server issued, so a reload or a dropped connection comes back to the same seat.
 */

/** The part of the Web Storage API used here (tests pass a Map-backed one). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const NAME_KEY = 'kibitz.name';
const TOKENS_KEY = 'kibitz.tokens';
/** Keep the tokens of this many tables at most (the most recent ones). */
const MAX_TABLES = 30;

interface TokenEntry {
  token: string;
  playerId: string;
  at: number;
}

export class Session {
  constructor(private readonly store: KeyValueStore | null) {}

  get name(): string {
    return this.read(NAME_KEY) ?? '';
  }

  set name(value: string) {
    this.write(NAME_KEY, value.trim());
  }

  token(code: string): string | null {
    return this.tokens()[code]?.token ?? null;
  }

  saveToken(code: string, token: string, playerId: string, now = Date.now()): void {
    const tokens = this.tokens();
    tokens[code] = { token, playerId, at: now };
    const kept = Object.entries(tokens)
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, MAX_TABLES);
    this.write(TOKENS_KEY, JSON.stringify(Object.fromEntries(kept)));
  }

  forget(code: string): void {
    const tokens = this.tokens();
    if (!(code in tokens)) return;
    delete tokens[code];
    this.write(TOKENS_KEY, JSON.stringify(tokens));
  }

  private tokens(): Record<string, TokenEntry> {
    try {
      const parsed: unknown = JSON.parse(this.read(TOKENS_KEY) ?? '{}');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
      const entries = Object.entries(parsed as Record<string, unknown>).filter(
        (entry): entry is [string, TokenEntry] => isEntry(entry[1]),
      );
      return Object.fromEntries(entries);
    } catch {
      return {};
    }
  }

  private read(key: string): string | null {
    try {
      return this.store?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  private write(key: string, value: string): void {
    try {
      this.store?.setItem(key, value);
    } catch {
      // Private mode or a full store: the session still works, it just is not remembered.
    }
  }
}

function isEntry(value: unknown): value is TokenEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.token === 'string' && typeof entry.playerId === 'string' && typeof entry.at === 'number'
  );
}

export function browserStore(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
