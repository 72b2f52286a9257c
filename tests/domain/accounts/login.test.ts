import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { loginMachine, type LoginAnswer, type LoginEvent, type SessionUser } from '../../../src/domain/accounts/login.machine';
import type { LoginInput } from '../../../src/domain/accounts/validation';
import { refused } from '../../../src/domain/shared/refused';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20250101) };

const user: SessionUser = { UserId: 'u1', Token: 't0k', Url: '' };

const signedIn: LoginAnswer = { kind: 'signed-in', user };

function start(answer: (req: LoginInput) => LoginAnswer | Promise<LoginAnswer>) {
  const calls: LoginInput[] = [];
  const actor = createActor(
    loginMachine.provide({
      actors: {
        login: fromPromise<LoginAnswer, LoginInput>(async ({ input }) => {
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
    const { actor, calls } = start(() => signedIn);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches('failure')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ key: 'accounts.validation.accountRequired' });
    actor.send({ type: 'form.change', field: 'account', value: 'bob' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.error).toEqual({ key: 'accounts.validation.passwordRequired' });
    expect(calls).toHaveLength(0);
  });

  it('logs in and outputs the user', async () => {
    const { actor, calls } = start(() => signedIn);
    actor.send({ type: 'form.change', field: 'account', value: 'owner@laser.cn' });
    actor.send({ type: 'form.change', field: 'password', value: 'secret123' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ user });
    expect(calls).toEqual([{ account: 'owner@laser.cn', password: 'secret123' }]);
  });

  it('shows the server text on a refused login and lets the user retry', async () => {
    const { actor } = start(() => refused('Wrong account or password'));
    actor.send({ type: 'form.change', field: 'account', value: 'bob' });
    actor.send({ type: 'form.change', field: 'password', value: 'nope' });
    actor.send({ type: 'form.submit' });
    const failed = await waitFor(actor, (s) => s.matches('failure'));
    expect(failed.context.error).toEqual({ text: 'Wrong account or password' });
    expect(failed.can({ type: 'form.submit' })).toBe(true);
  });

  it('says a refusal it knows in the user language', async () => {
    const { actor } = start(() => ({ kind: 'problem', problem: 'passwordRequired' }));
    actor.send({ type: 'form.change', field: 'account', value: 'bob' });
    actor.send({ type: 'form.change', field: 'password', value: 'pw' });
    actor.send({ type: 'form.submit' });
    const failed = await waitFor(actor, (s) => s.matches('failure'));
    expect(failed.context.error).toEqual({ key: 'accounts.validation.passwordRequired' });
  });

  it('trims the account it sends', async () => {
    const { actor, calls } = start(() => signedIn);
    actor.send({ type: 'form.change', field: 'account', value: '  bob ' });
    actor.send({ type: 'form.change', field: 'password', value: ' pw ' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([{ account: 'bob', password: ' pw ' }]);
  });

  it('goes back to idle when no answer arrives (the HTTP adapter showed a dialog)', async () => {
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
        const { actor, calls } = start(() => (accept ? signedIn : refused('no')));
        for (const event of events) {
          if (actor.getSnapshot().status !== 'active') break;
          actor.send(event);
          await Promise.resolve();
        }
        for (const call of calls) {
          expect(call.account.trim()).not.toBe('');
          expect(call.password).not.toBe('');
        }
        actor.stop();
      }),
      FC,
    );
  });

  describe('the mailed code after many failures (issue 21, item 3)', () => {
    const asked: LoginAnswer = { kind: 'problem', problem: 'proofRequired' };

    async function askedForCode(answer: (req: LoginInput) => LoginAnswer) {
      const started = start(answer);
      started.actor.send({ type: 'form.change', field: 'account', value: 'bob@laser.cn' });
      started.actor.send({ type: 'form.change', field: 'password', value: 'pw' });
      started.actor.send({ type: 'form.submit' });
      await waitFor(started.actor, (s) => s.matches('failure'));
      return started;
    }

    it('shows the code field when the server asks for proof, and sends the code with the next try', async () => {
      const { actor, calls } = await askedForCode((req) => (req.code === '123456' ? signedIn : asked));
      expect(actor.getSnapshot().context.codeAsked).toBe(true);
      expect(actor.getSnapshot().context.error).toEqual({ key: 'accounts.validation.proofRequired' });
      actor.send({ type: 'form.change', field: 'code', value: ' 123456 ' });
      actor.send({ type: 'form.submit' });
      const done = await waitFor(actor, (s) => s.status === 'done');
      expect(done.output).toEqual({ user });
      expect(calls).toEqual([
        { account: 'bob@laser.cn', password: 'pw' },
        { account: 'bob@laser.cn', password: 'pw', code: '123456' },
      ]);
    });

    it('asks for the code before calling once the server wanted one', async () => {
      const { actor, calls } = await askedForCode(() => asked);
      actor.send({ type: 'form.submit' });
      expect(actor.getSnapshot().context.error).toEqual({ key: 'accounts.validation.codeRequired' });
      expect(calls).toHaveLength(1);
    });

    it('"send code" logs in without the code so the server mails a new one, and keeps the field', async () => {
      const { actor, calls } = await askedForCode(() => asked);
      actor.send({ type: 'form.change', field: 'code', value: 'old' });
      actor.send({ type: 'code.send' });
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      await waitFor(actor, (s) => s.matches('failure'));
      expect(calls[1]).toEqual({ account: 'bob@laser.cn', password: 'pw' });
      expect(actor.getSnapshot().context.codeAsked).toBe(true);
    });

    it('keeps the field after a wrong code', async () => {
      const { actor } = await askedForCode((req) => (req.code ? { kind: 'problem', problem: 'codeError' } : asked));
      actor.send({ type: 'form.change', field: 'code', value: '1' });
      actor.send({ type: 'form.submit' });
      await waitFor(actor, (s) => s.matches('failure') && s.context.error !== null && 'key' in s.context.error && s.context.error.key === 'accounts.validation.codeError');
      expect(actor.getSnapshot().context.codeAsked).toBe(true);
    });

    it('property: a code is sent only after the server asked for one, never empty, never with "send code"', async () => {
      const eventArb: fc.Arbitrary<LoginEvent> = fc.oneof(
        fc.record({
          type: fc.constant('form.change' as const),
          field: fc.constantFrom('account' as const, 'password' as const, 'code' as const),
          value: fc.constantFrom('', ' ', 'bob', 'pw', '123456'),
        }),
        fc.constant({ type: 'form.submit' as const }),
        fc.constant({ type: 'code.send' as const }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(eventArb, { maxLength: 25 }), fc.integer({ min: 0, max: 5 }), async (events, askFrom) => {
          let answered = 0;
          let askedYet = false;
          const seen: Array<{ req: LoginInput; askedBefore: boolean }> = [];
          const { actor } = start((req) => {
            seen.push({ req, askedBefore: askedYet });
            answered += 1;
            if (answered > askFrom) {
              askedYet = true;
              return asked;
            }
            return refused('no');
          });
          for (const event of events) {
            if (actor.getSnapshot().status !== 'active') break;
            actor.send(event);
            await Promise.resolve();
            await Promise.resolve();
          }
          for (const { req, askedBefore } of seen) {
            expect(req.account.trim()).not.toBe('');
            expect(req.password).not.toBe('');
            if (req.code !== undefined) {
              expect(askedBefore).toBe(true);
              expect(req.code.trim()).not.toBe('');
            }
          }
          expect(actor.getSnapshot().context.codeAsked).toBe(askedYet);
          actor.stop();
        }),
        FC,
      );
    });
  });
});
