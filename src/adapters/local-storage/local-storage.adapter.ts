import type { KeyValueStoragePort, StorageKey } from '../../ports/key-value-storage.port';

/**
 * KeyValueStoragePort over `window.localStorage` (or any Storage given). No inversify decorators:
 * the page builds it before the container loads (main.tsx), so it must not pull inversify into the
 * first load, and the container binds that same instance.
 */
export class LocalStorageAdapter implements KeyValueStoragePort {
  // Read lazily so the adapter can be built where no window exists (container tests in Node).
  constructor(private readonly storage: () => Storage = () => window.localStorage) {}

  get(key: StorageKey): string | null {
    return this.storage().getItem(key);
  }

  set(key: StorageKey, value: string): void {
    this.storage().setItem(key, value);
  }

  remove(key: StorageKey): void {
    this.storage().removeItem(key);
  }

  clearExcept(keep: readonly StorageKey[]): void {
    const store = this.storage();
    const kept = keep.map((key) => [key, store.getItem(key)] as const);
    store.clear();
    for (const [key, value] of kept) if (value !== null) store.setItem(key, value);
  }
}
