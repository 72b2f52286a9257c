import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  passwordResetMachine,
  type PasswordResetEvent,
  type PasswordResetRequest,
  type ResetAnswer,
} from '../../../src/domain/accounts/password-reset.machine';
import type { CodeAnswer, CodeChannel } from '../../../src/domain/accounts/validation';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20250101) };

function start(answers: { reset?: ResetAnswer; code?: CodeAnswer } = {}) {
  const calls = {
    requestCode: [] as { channel: CodeChannel; account: string }[],
    reset: [] as { body: PasswordResetRequest; codeSentTo: string | null }[],
  };
  const actor = createActor(
    passwordResetMachine.provide({
      actors: {
        requestCode: fromPromise(async ({ input }) => {
          calls.requestCode.push(input);
          return answers.code ?? { kind: 'sent', waitSeconds: 60 };
        }),
        resetPassword: fromPromise(async ({ input }) => {
          calls.reset.push({ body: input, codeSentTo: actor.getSnapshot().context.codeSentTo });
          return answers.reset ?? { kind: 'reset' };
        }),
      },
    }),
  );
  actor.start();
  const change = (field: 'account' | 'code' | 'password' | 'confirmation', value: string) =>
    actor.send({ type: 'form.change', field, value });
  return { actor, calls, change };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('password reset machine', () => {
  it('asks for the account before sending a code, by mail or SMS', async () => {
    const { actor, calls, change } = start();
    actor.send({ type: 'code.request' });
    expect(actor.getSnapshot().context.error).toEqual({ key: 'accounts.validation.accountRequired' });
    change('account', '13800138000');
    actor.send({ type: 'code.request' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.requestCode).toEqual([{ channel: 'phone', account: '13800138000' }]);
    expect(actor.getSnapshot().hasTag('counting')).toBe(true);
  });

  it('counts down 60 s, then offers a new code', async () => {
    const { actor, change } = start();
    change('account', 'a@b.cn');
    actor.send({ type: 'code.request' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.remaining).toBe(60);
    expect(actor.getSnapshot().can({ type: 'code.request' })).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(actor.getSnapshot().context.remaining).toBe(30);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(actor.getSnapshot().context.remaining).toBe(0);
    expect(actor.getSnapshot().matches({ editing: { code: 'ended' } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'code.request' })).toBe(true);
  });

  it('submit is possible only with account and code filled', () => {
    const { actor, change } = start();
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    change('account', 'a@b.cn');
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    change('code', '123456');
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true);
  });

  it('refuses an account other than the one the code went to', async () => {
    const { actor, calls, change } = start();
    change('account', 'a@b.cn');
    actor.send({ type: 'code.request' });
    await vi.advanceTimersByTimeAsync(0);
    change('account', 'c@d.cn');
    change('code', '123456');
    change('password', 'newpassword');
    change('confirmation', 'newpassword');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.error).toEqual({ key: 'accounts.validation.codeExpired' });
    expect(calls.reset).toHaveLength(0);
  });

  it('resets with the code and ends; a wrong code shows the server verdict', async () => {
    const wrong = start({ reset: { kind: 'problem', problem: 'codeError' } });
    for (const { actor, change } of [wrong]) {
      change('account', 'a@b.cn');
      actor.send({ type: 'code.request' });
      await vi.advanceTimersByTimeAsync(0);
      change('code', '000000');
      change('password', 'newpassword');
      change('confirmation', 'newpassword');
      actor.send({ type: 'form.submit' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().context.error).toEqual({ key: 'accounts.validation.codeError' });
    }
    const { actor, calls, change } = start();
    change('account', 'a@b.cn');
    actor.send({ type: 'code.request' });
    await vi.advanceTimersByTimeAsync(0);
    change('code', '123456');
    change('password', 'newpassword');
    change('confirmation', 'newpassword');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.reset.map((c) => c.body)).toEqual([
      { account: 'a@b.cn', code: '123456', password: 'newpassword', confirmation: 'newpassword' },
    ]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('property: countdown within 0..60; the server never gets an empty field, a mismatch or a foreign account', async () => {
    const fieldValues = {
      account: ['a@b.cn', 'a@b.cn', '13800138000', '', 'c@d.cn'],
      code: ['123456', '123456', ''],
      password: ['newpassword', 'newpassword', 'short', ''],
      confirmation: ['newpassword', 'newpassword', 'other-pass', ''],
    } as const;
    type Step = { event: PasswordResetEvent } | { wait: number };
    const stepArb: fc.Arbitrary<Step> = fc.oneof(
      fc
        .constantFrom(...(Object.keys(fieldValues) as (keyof typeof fieldValues)[]))
        .chain((field) => fc.constantFrom(...fieldValues[field]).map((value): Step => ({ event: { type: 'form.change', field, value } }))),
      fc.constant<Step>({ event: { type: 'code.request' } }),
      fc.constant<Step>({ event: { type: 'form.submit' } }),
      fc.constantFrom(0, 1000, 30_000, 61_000).map((wait): Step => ({ wait })),
    );
    let resets = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 5, maxLength: 40 }), async (steps) => {
        const { actor, calls } = start();
        for (const step of steps) {
          if (actor.getSnapshot().status !== 'active') break;
          if ('event' in step) actor.send(step.event);
          else await vi.advanceTimersByTimeAsync(step.wait);
          const { remaining } = actor.getSnapshot().context;
          expect(remaining).toBeGreaterThanOrEqual(0);
          expect(remaining).toBeLessThanOrEqual(60);
        }
        await vi.advanceTimersByTimeAsync(0);
        for (const { body, codeSentTo } of calls.reset) {
          expect(body.account).not.toBe('');
          expect(body.code).not.toBe('');
          expect(body.password.length).toBeGreaterThanOrEqual(8);
          expect(body.password).toBe(body.confirmation);
          expect(body.account).toBe(codeSentTo);
        }
        resets += calls.reset.length;
        actor.stop();
      }),
      FC,
    );
    expect(resets).toBeGreaterThan(0);
  });
});
