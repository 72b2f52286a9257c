import { describe, expect, it } from 'vitest';
import { LocalStorageAdapter } from '../../src/adapters/local-storage/local-storage.adapter';

/** A Storage of a Map (the adapter reads it lazily). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('the local storage adapter', () => {
  it('keeps the language in a cookie too, for the server to paint that one (ADR 0026), and no other key', () => {
    const cookies: string[] = [];
    const kept = memoryStorage();
    const storage = new LocalStorageAdapter(() => kept, (c) => cookies.push(c));
    storage.set('series', 'tube');
    expect(cookies).toEqual([]);
    storage.set('lang', 'en');
    expect(storage.get('lang')).toBe('en');
    expect(cookies).toEqual(['portal-lang=en; Path=/; Max-Age=31536000; SameSite=Lax']);
    // A logout keeps the language, and its cookie.
    storage.clearExcept(['lang']);
    expect(cookies).toHaveLength(1);
    storage.clearExcept([]);
    expect(cookies.at(-1)).toBe('portal-lang=; Path=/; Max-Age=0; SameSite=Lax');
    storage.set('lang', 'zh');
    storage.remove('lang');
    expect(cookies.slice(-2)).toEqual(['portal-lang=zh; Path=/; Max-Age=31536000; SameSite=Lax', 'portal-lang=; Path=/; Max-Age=0; SameSite=Lax']);
  });
});
