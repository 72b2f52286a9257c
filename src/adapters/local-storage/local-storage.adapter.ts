import { LANGUAGE_COOKIE } from '../../domain/accounts/language';
import type { KeyValueStoragePort, StorageKey } from '../../ports/key-value-storage.port';

/** A year: the language outlives sessions, as the storage's does. */
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** Writes a cookie of the page's origin (`document.cookie`); nothing where there is no document. */
const documentCookie = (cookie: string) => {
  if (typeof document !== 'undefined') document.cookie = cookie;
};

/**
 * KeyValueStoragePort over `window.localStorage` (or any Storage given). No inversify decorators:
 * the page builds it before the container loads (main.tsx), so it must not pull inversify into the
 * first load, and the container binds that same instance.
 */
export class LocalStorageAdapter implements KeyValueStoragePort {
  // Read lazily so the adapter can be built where no window exists (container tests in Node).
  constructor(
    private readonly storage: () => Storage = () => window.localStorage,
    /** The language is kept in a cookie too, which the server reads to paint one language (ADR 0026). */
    private readonly writeCookie: (cookie: string) => void = documentCookie,
  ) {}

  get(key: StorageKey): string | null {
    return this.storage().getItem(key);
  }

  set(key: StorageKey, value: string): void {
    this.storage().setItem(key, value);
    if (key === 'lang') this.languageCookie(value, LANGUAGE_COOKIE_MAX_AGE_S);
  }

  remove(key: StorageKey): void {
    this.storage().removeItem(key);
    if (key === 'lang') this.languageCookie('', 0);
  }

  clearExcept(keep: readonly StorageKey[]): void {
    const store = this.storage();
    const kept = keep.map((key) => [key, store.getItem(key)] as const);
    store.clear();
    for (const [key, value] of kept) if (value !== null) store.setItem(key, value);
    if (!keep.includes('lang')) this.languageCookie('', 0);
  }

  /** The language's cookie set (or gone, with `maxAgeS` 0). */
  private languageCookie(value: string, maxAgeS: number): void {
    this.writeCookie(`${LANGUAGE_COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeS}; SameSite=Lax`);
  }
}
