import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine, type SessionEvent } from '../../../src/domain/accounts/session.machine';

function start(loggedIn: boolean, logout: () => Promise<void> = async () => {}) {
  const calls = { dialog: 0, clear: 0, reload: 0, logout: 0, verify: 0 };
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        logout: fromPromise(async () => {
          calls.logout += 1;
          await logout();
        }),
        verify: fromPromise(async () => {
          calls.verify += 1;
        }),
      },
      actions: {
        showExpiredDialog: () => void (calls.dialog += 1),
        clearSession: () => void (calls.clear += 1),
        reload: () => void (calls.reload += 1),
      },
    }),
    { input: { loggedIn } },
  ).start();
  return { actor, calls };
}

const syncEvent = fc.constantFrom<SessionEvent>(
  { type: 'session.login' },
  { type: 'session.expired' },
  { type: 'session.expired' },
  { type: 'session.confirm' },
);

describe('session machine', () => {
  it('starts in the state the stored token says', () => {
    expect(start(true).actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(start(false).actor.getSnapshot().value).toBe('loggedOut');
  });

  it('checks a token found at start with the server once, and not after a fresh login', async () => {
    const stored = start(true);
    await waitFor(stored.actor, (s) => s.matches({ loggedIn: 'verified' }));
    expect(stored.calls.verify).toBe(1);
    const fresh = start(false);
    fresh.actor.send({ type: 'session.login' });
    expect(fresh.actor.getSnapshot().matches({ loggedIn: 'verified' })).toBe(true);
    expect(fresh.calls.verify).toBe(0);
  });

  it('asks for the dialog exactly once however many expiries arrive before the confirm', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 1, max: 50 }), (loggedIn, n) => {
        const { actor, calls } = start(loggedIn);
        for (let i = 0; i < n; i++) actor.send({ type: 'session.expired' });
        expect(calls.dialog).toBe(1);
        expect(actor.getSnapshot().hasTag('blocking')).toBe(true);
        // The dialog blocks: login and logout wait for the confirm.
        actor.send({ type: 'session.login' });
        actor.send({ type: 'session.logout' });
        expect(actor.getSnapshot().value).toBe('expired');
        actor.send({ type: 'session.confirm' });
        expect(actor.getSnapshot().value).toBe('loggedOut');
        expect(calls).toMatchObject({ dialog: 1, clear: 1, reload: 1, logout: 0 });
      }),
    );
  });

  it('requests one dialog per expiry episode over any event sequence', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(syncEvent, { maxLength: 60 }), (loggedIn, events) => {
        const { actor, calls } = start(loggedIn);
        let episodes = 0;
        let confirms = 0;
        let open = false;
        for (const event of events) {
          actor.send(event);
          if (event.type === 'session.expired' && !open) {
            episodes += 1;
            open = true;
          }
          if (event.type === 'session.confirm' && open) {
            confirms += 1;
            open = false;
          }
          expect(actor.getSnapshot().matches('expired')).toBe(open);
        }
        expect(calls.dialog).toBe(episodes);
        expect(calls.clear).toBe(confirms);
        expect(calls.reload).toBe(confirms);
      }),
    );
  });

  it('logs out through the logout actor and clears local data, even when the server call fails', async () => {
    for (const logout of [async () => {}, async () => Promise.reject(new Error('offline'))]) {
      const { actor, calls } = start(true, logout);
      actor.send({ type: 'session.logout' });
      expect(actor.getSnapshot().value).toBe('loggingOut');
      await waitFor(actor, (s) => s.matches('loggedOut'));
      expect(calls).toMatchObject({ logout: 1, clear: 1, reload: 0, dialog: 0 });
    }
  });

  it('ignores an expiry that arrives while logging out', async () => {
    let finish!: () => void;
    const { actor, calls } = start(true, () => new Promise<void>((resolve) => (finish = resolve)));
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'session.expired' });
    finish();
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(calls.dialog).toBe(0);
  });
});
