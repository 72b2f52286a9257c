import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { loginMachine, type LoginEvent, type LoginRequest, type SessionUser } from '../../../src/domain/accounts/login.machine';
import type { Envelope } from '../../../src/domain/shared/envelope';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20250101) };

const user: SessionUser = { UserId: 'u1', Token: 't0k', Url: '' };

function start(answer: (req: LoginRequest) => Envelope<SessionUser> | Promise<Envelope<SessionUser>>) {
  const calls: LoginRequest[] = [];
  const actor = createActor(
    loginMachine.provide({
      actors: {
        login: fromPromise<Envelope<SessionUser>, LoginRequest>(async ({ input }) => {
          calls.push(input);
          return answer(input);
        }),
      },
    }),
  );
  actor.start();
  return { actor, calls };
}

describe('login machine', () => {
  it('reports an empty account without calling the server', () => {
    const { actor, calls } = start(() => ({ code: 200, info: '', ReturnData: user }));
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches('failure')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ key: 'accounts.validation.accountRequired' });
    actor.send({ type: 'form.change', field: 'account', value: 'bob' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.error).toEqual({ key: 'accounts.validation.passwordRequired' });
    expect(calls).toHaveLength(0);
  });

  it('logs in and outputs the user', async () => {
    const { actor, calls } = start(() => ({ code: 200, info: 'login success', ReturnData: user }));
    actor.send({ type: 'form.change', field: 'account', value: 'owner@laser.cn' });
    actor.send({ type: 'form.change', field: 'password', value: 'secret123' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ user });
    expect(calls).toEqual([{ Account: 'owner@laser.cn', Password: 'secret123', Email: 'owner@laser.cn' }]);
  });

  it('shows the server text on a refused login and lets the user retry', async () => {
    const { actor } = start(() => ({ code: 400, info: 'Wrong account or password' }));
    actor.send({ type: 'form.change', field: 'account', value: 'bob' });
    actor.send({ type: 'form.change', field: 'password', value: 'nope' });
    actor.send({ type: 'form.submit' });
    const failed = await waitFor(actor, (s) => s.matches('failure'));
    expect(failed.context.error).toEqual({ text: 'Wrong account or password' });
    expect(failed.can({ type: 'form.submit' })).toBe(true);
  });

  it('goes back to idle when no envelope arrives (the HTTP adapter showed a dialog)', async () => {
    const { actor } = start(() => Promise.reject(new Error('network')));
    actor.send({ type: 'form.change', field: 'account', value: 'bob' });
    actor.send({ type: 'form.change', field: 'password', value: 'pw' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('ignores a second submit while the first is on its way', () => {
    const { actor, calls } = start(() => new Promise(() => {}));
    actor.send({ type: 'form.change', field: 'account', value: 'bob' });
    actor.send({ type: 'form.change', field: 'password', value: 'pw' });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
  });

  it('property: the server never sees an empty account or password', async () => {
    const eventArb: fc.Arbitrary<LoginEvent> = fc.oneof(
      fc.record({
        type: fc.constant('form.change' as const),
        field: fc.constantFrom('account' as const, 'password' as const),
        value: fc.constantFrom('', ' ', 'bob', 'a@b.cn', 'pw'),
      }),
      fc.constant({ type: 'form.submit' as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { maxLength: 25 }), fc.boolean(), async (events, accept) => {
        const { actor, calls } = start(() => (accept ? { code: 200, info: '', ReturnData: user } : { code: 400, info: 'no' }));
        for (const event of events) {
          if (actor.getSnapshot().status !== 'active') break;
          actor.send(event);
          await Promise.resolve();
        }
        for (const call of calls) {
          expect(call.Account.trim()).not.toBe('');
          expect(call.Password).not.toBe('');
        }
        actor.stop();
      }),
      FC,
    );
  });
});
