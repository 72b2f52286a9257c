import { fromPromise, setup } from 'xstate';

export type SessionEvent =
  | { type: 'session.login' }
  | { type: 'session.logout' }
  /** A call answered a login-expired code (401, 410, 1011007, 1011008). */
  | { type: 'session.expired' }
  /** The user pressed "log in again" in the expiry dialog. */
  | { type: 'session.confirm' };

/**
 * The browser session: logged out, logged in, logging out, or expired.
 * However many calls report an expired login, the dialog is requested once;
 * confirming it clears local data (except the language) and reloads the page.
 */
export const sessionMachine = setup({
  types: {
    context: {} as { startedLoggedIn: boolean },
    events: {} as SessionEvent,
    input: {} as { loggedIn: boolean },
  },
  actors: {
    // Tells the server the token is finished; provided by the composition root.
    logout: fromPromise<void, void>(async () => {}),
    // Asks the server whether a token found at start still works; a dead one reports `session.expired`.
    verify: fromPromise<void, void>(async () => {}),
  },
  actions: {
    showExpiredDialog: () => {},
    clearSession: () => {},
    reload: () => {},
  },
  guards: {
    startsLoggedIn: ({ context }) => context.startedLoggedIn,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ startedLoggedIn: input.loggedIn }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'startsLoggedIn', target: 'loggedIn.verifying' },
        { target: 'loggedOut' },
      ],
    },
    loggedOut: {
      on: {
        'session.login': { target: 'loggedIn' },
        // A token stored without `session.login` (another tab, an old page) is still cleared by a logout.
        'session.logout': { target: 'loggingOut' },
        'session.expired': { target: 'expired' },
      },
    },
    loggedIn: {
      initial: 'verified',
      states: {
        verifying: {
          invoke: { src: 'verify', onDone: 'verified', onError: 'verified' },
        },
        verified: {},
      },
      on: {
        'session.logout': { target: 'loggingOut' },
        'session.expired': { target: 'expired' },
      },
    },
    loggingOut: {
      invoke: {
        src: 'logout',
        // Logging out locally must not depend on the server answering.
        onDone: { target: 'loggedOut', actions: 'clearSession' },
        onError: { target: 'loggedOut', actions: 'clearSession' },
      },
    },
    expired: {
      tags: ['blocking'],
      entry: 'showExpiredDialog',
      on: {
        'session.confirm': { target: 'loggedOut', actions: ['clearSession', 'reload'] },
      },
    },
  },
});
