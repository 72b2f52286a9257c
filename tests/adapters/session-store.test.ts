import { describe, expect, it } from 'vitest';
import { StorageSessionStore } from '../../src/adapters/local-storage/session-store.adapter';
import type { KeyValueStoragePort, StorageKey } from '../../src/ports/key-value-storage.port';

class MemoryStorage implements KeyValueStoragePort {
  readonly map = new Map<string, string>();
  get(key: StorageKey) {
    return this.map.get(key) ?? null;
  }
  set(key: StorageKey, value: string) {
    this.map.set(key, value);
  }
  remove(key: StorageKey) {
    this.map.delete(key);
  }
  clearExcept(keep: readonly StorageKey[]) {
    for (const key of [...this.map.keys()]) if (!keep.includes(key as StorageKey)) this.map.delete(key);
  }
}

// The web app's session is the HttpOnly cookie the login set (ADR 0014, issue 21 item 6).
describe('StorageSessionStore', () => {
  it('keeps the user after a login but never its token, and counts as signed in', () => {
    const storage = new MemoryStorage();
    storage.set('token', 'an-old-token-from-before-the-cookie');
    const store = new StorageSessionStore(storage);
    store.saveLogin({ UserId: 'u1', Token: 'secret-token', RealName: 'Wang' });
    expect([...storage.map.values()].join(' ')).not.toContain('secret-token');
    expect(storage.get('token')).toBeNull();
    expect(store.token()).toBeNull();
    expect(store.signedIn()).toBe(true);
    expect(store.user()).toEqual({ UserId: 'u1', RealName: 'Wang' });
    store.clear();
    expect(store.signedIn()).toBe(false);
  });

  it('still sends a token stored before the cookie until the next login', () => {
    const storage = new MemoryStorage();
    storage.set('token', 'old');
    expect(new StorageSessionStore(storage).token()).toBe('old');
    expect(new StorageSessionStore(storage).signedIn()).toBe(true);
  });
});
