/** The browser's local storage keys of spec 1 section 3. */
export type StorageKey = 'lang' | 'user' | 'userId' | 'isVisitor' | 'token' | 'router' | 'series';

/** Key-value storage that survives a reload (local storage in the browser). */
export interface KeyValueStoragePort {
  get(key: StorageKey): string | null;
  set(key: StorageKey, value: string): void;
  remove(key: StorageKey): void;
  /** Clears everything but the given keys (logout and login expiry keep `lang`). */
  clearExcept(keep: readonly StorageKey[]): void;
}
