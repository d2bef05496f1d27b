import { describe, expect, it } from 'vitest';
import { type KeyValueStore, Session } from './session.ts';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('session memory', () => {
  it('keeps a token per table and the name', () => {
    const store = memoryStore();
    const session = new Session(store);
    session.name = '  Ann ';
    session.saveToken('AAAA-BBBB-CC', 'tok-1', 'p1');
    session.saveToken('DDDD-EEEE-FF', 'tok-2', 'p2');
    const again = new Session(store);
    expect(again.name).toBe('Ann');
    expect(again.token('AAAA-BBBB-CC')).toBe('tok-1');
    expect(again.token('DDDD-EEEE-FF')).toBe('tok-2');
    again.forget('AAAA-BBBB-CC');
    expect(again.token('AAAA-BBBB-CC')).toBeNull();
    expect(again.token('DDDD-EEEE-FF')).toBe('tok-2');
  });

  it('keeps only the most recent tables', () => {
    const session = new Session(memoryStore());
    for (let i = 0; i < 40; i++) session.saveToken(`T${i}`, `tok-${i}`, `p${i}`, i);
    expect(session.token('T39')).toBe('tok-39');
    expect(session.token('T10')).toBe('tok-10');
    expect(session.token('T9')).toBeNull();
  });

  it('survives garbage in the store, a missing store, and a store that throws', () => {
    const store = memoryStore();
    store.data.set('kibitz.tokens', '{not json');
    expect(new Session(store).token('X')).toBeNull();
    store.data.set('kibitz.tokens', JSON.stringify({ X: { token: 1 } }));
    expect(new Session(store).token('X')).toBeNull();
    const none = new Session(null);
    none.saveToken('X', 't', 'p');
    expect(none.token('X')).toBeNull();
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {},
    };
    const session = new Session(broken);
    expect(() => session.saveToken('X', 't', 'p')).not.toThrow();
    expect(session.name).toBe('');
  });
});
