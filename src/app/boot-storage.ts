import type { KeyValueStoragePort, StorageKey } from '../ports/key-value-storage.port';

/**
 * KeyValueStoragePort over `window.localStorage` for the first paint, before the container loads.
 * It does what LocalStorageAdapter does; that adapter carries inversify decorators, and importing
 * it would bring inversify (about 15 kB of gzip) into the landing page's first load. The
 * container binds this same instance (page-container.ts), so the page has one storage.
 */
export class BootStorage implements KeyValueStoragePort {
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
