import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { emailChangeMachine, type EmailChangeAnswer, type EmailCodeAnswer } from '../../../src/domain/accounts/email-change.machine';

const flush = () => vi.advanceTimersByTimeAsync(0);

function start(codeAnswer: EmailCodeAnswer = { kind: 'sent', waitSeconds: 60 }, submitAnswer: EmailChangeAnswer = { kind: 'changed', email: 'x@example.com' }) {
  const submitted: Array<{ email: string; code: string }> = [];
  const actor = createActor(
    emailChangeMachine.provide({
      actors: {
        requestCode: fromPromise(async () => codeAnswer),
        submit: fromPromise(async ({ input }) => {
          submitted.push(input);
          return submitAnswer;
        }),
      },
    }),
  ).start();
  return { actor, submitted };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the change-email dialog', () => {
  it('locks the e-mail for 60 s after a code went out, then unlocks; closing resets', async () => {
    const { actor } = start();
    actor.send({ type: 'email.change', value: 'new@example.com' });
    actor.send({ type: 'code.request' });
    await flush();
    expect(actor.getSnapshot().context.remaining).toBe(60);
    actor.send({ type: 'email.change', value: 'other@example.com' });
    expect(actor.getSnapshot().context.email).toBe('new@example.com');
    await vi.advanceTimersByTimeAsync(59_000);
    expect(actor.getSnapshot().context.remaining).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.remaining).toBe(0);
    actor.send({ type: 'email.change', value: 'other@example.com' });
    expect(actor.getSnapshot().context.email).toBe('other@example.com');
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().context).toMatchObject({ email: '', code: '', remaining: 0 });
  });

  it('says duplicate for a taken address, and sends the code to the server, never comparing it', async () => {
    const taken = start({ kind: 'taken' });
    taken.actor.send({ type: 'email.change', value: 'taken@example.com' });
    taken.actor.send({ type: 'code.request' });
    await flush();
    expect(taken.actor.getSnapshot().context.problem).toBe('register.emailDuplicate');
    const { actor, submitted } = start();
    actor.send({ type: 'email.change', value: 'new@example.com' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.problem).toBe('register.codeEmpty');
    actor.send({ type: 'code.change', value: ' 123456 ' });
    actor.send({ type: 'form.submit' });
    await flush();
    expect(submitted).toEqual([{ email: 'new@example.com', code: '123456' }]);
    expect(actor.getSnapshot().matches({ form: 'changed' })).toBe(true);
  });

  it('property: the countdown is never negative and the field never changes while it runs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ type: fc.constant('email.change' as const), value: fc.constantFrom('a@example.com', 'b@example.com', '', 'bad') }),
            fc.constant({ type: 'code.request' as const }),
            fc.constant({ type: 'dialog.close' as const }),
            fc.integer({ min: 1, max: 30_000 }),
          ),
          { maxLength: 25 },
        ),
        async (steps) => {
          const { actor } = start();
          for (const step of steps) {
            const before = actor.getSnapshot().context;
            if (typeof step === 'number') await vi.advanceTimersByTimeAsync(step);
            else {
              actor.send(step);
              await flush();
              if (step.type === 'email.change' && before.remaining > 0) expect(actor.getSnapshot().context.email).toBe(before.email);
            }
            const { remaining } = actor.getSnapshot().context;
            expect(remaining).toBeGreaterThanOrEqual(0);
            expect(remaining).toBeLessThanOrEqual(60);
          }
          actor.stop();
        },
      ),
      { numRuns: 60 },
    );
  });
  it('property: neither a code request nor a submission leaves with an empty or malformed address, and each says why', async () => {
    const requested: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom('', '   ', 'bad', 'a@', '@example.com', 'a b@example.com', 'owner@laser'), fc.string({ maxLength: 12 }).filter((s) => !s.includes('@'))),
        fc.constantFrom('code.request' as const, 'form.submit' as const),
        async (address, type) => {
          const { actor, submitted } = start();
          const sent = createActor(
            emailChangeMachine.provide({
              actors: { requestCode: fromPromise(async ({ input }) => (requested.push(input.email), { kind: 'sent', waitSeconds: 60 }) as EmailCodeAnswer) },
            }),
          ).start();
          for (const a of [actor, sent]) {
            a.send({ type: 'email.change', value: address });
            a.send({ type: 'code.change', value: '123456' });
            a.send({ type });
          }
          await flush();
          expect(requested).toEqual([]);
          expect(submitted).toEqual([]);
          expect(actor.getSnapshot().context.problem).toBe(address.trim() === '' ? 'register.emailEmpty' : 'register.emailErr');
          actor.stop();
          sent.stop();
        },
      ),
      { numRuns: 60 },
    );
  });
});
