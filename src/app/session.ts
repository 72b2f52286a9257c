import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../domain/accounts/session.machine';
import type { SessionStorePort } from '../ports/session-store.port';
import type { NoticeDialogStore } from '../ui/common/notice-dialogs.store';
import type { SessionActor } from './app-tokens';

export interface SessionDeps {
  session: SessionStorePort;
  dialogs: NoticeDialogStore;
  reload: () => void;
  /** Tells the server the token is finished (AccountsApiPort.logout when bound). */
  logout: () => Promise<void>;
  /** Checks a token found at start against the server (AccountsApiPort.getUserInfo when bound). */
  verify: () => Promise<void>;
}

/** Starts the session machine wired to storage, the dialogs and the logout call. */
export function startSession(deps: SessionDeps): SessionActor {
  const machine = sessionMachine.provide({
    actors: { logout: fromPromise(() => deps.logout()), verify: fromPromise(() => deps.verify()) },
    actions: {
      showExpiredDialog: () => deps.dialogs.show('loginExpired'),
      clearSession: () => deps.session.clear(),
      reload: () => deps.reload(),
    },
  });
  return createActor(machine, { input: { loggedIn: deps.session.signedIn() } }).start();
}
