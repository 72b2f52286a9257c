import type { Language } from '../../domain/accounts/language';
import type { KeyValueStoragePort } from '../../ports/key-value-storage.port';
import type { SessionStorePort, StoredUser } from '../../ports/session-store.port';

// The browser's session and storage as a page painted on the server for the caller sees them
// (ADR 0026): the app's adapters and views ask these of the browser.

const noop = () => {};

/** The browser's storage as the page in `language` has it: the language chosen, nothing else the server can know. */
export const languageStorage = (language: Language): KeyValueStoragePort => ({ get: (key) => (key === 'lang' ? language : null), set: noop, remove: noop, clearExcept: noop });

/** The caller's session as the browser keeps it after login (the token is the cookie's, never the page's). */
export function sessionOf(user: StoredUser & { UserId: string }): SessionStorePort {
  return {
    token: () => null,
    userId: () => user.UserId,
    user: () => user,
    signedIn: () => true,
    isVisitor: () => false,
    saveLogin: noop,
    updateUser: noop,
    enterAsVisitor: noop,
    leaveVisitorMode: noop,
    clear: noop,
  };
}
