import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  camBindingMachine,
  type CamBindAnswer,
  type CamBindingEvent,
  type CamBindingRequest,
} from '../../../src/domain/accounts/cam-binding.machine';
import type { CodeAnswer } from '../../../src/domain/accounts/validation';
import { refused } from '../../../src/domain/shared/refused';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20250101) };

const SENT: CodeAnswer = { kind: 'sent', waitSeconds: 60 };

function start(answers: { code?: () => CodeAnswer | 'throw'; bind?: () => CamBindAnswer | 'throw' } = {}, email = '') {
  const calls = { codes: [] as string[], binds: [] as { request: CamBindingRequest; codeSentTo: string | null }[] };
  const actor = createActor(
    camBindingMachine.provide({
      actors: {
        requestCode: fromPromise(async ({ input }) => {
          calls.codes.push(input.email);
          const answer = answers.code?.() ?? SENT;
          if (answer === 'throw') throw new Error('network');
          return answer;
        }),
        bindEmail: fromPromise(async ({ input }) => {
          calls.binds.push({ request: input, codeSentTo: actor.getSnapshot().context.codeSentTo });
          const answer = answers.bind?.() ?? { kind: 'bound' };
          if (answer === 'throw') throw new Error('network');
          return answer;
        }),
      },
    }),
    { input: { account: '13800138000', password: 'longenough', email } },
  );
  actor.start();
  const send = (event: CamBindingEvent) => actor.send(event);
  return { actor, calls, send };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('CAM e-mail binding', () => {
  it('starts with the offered e-mail and asks for one before a code', () => {
    expect(start({}, 'li@laser.cn').actor.getSnapshot().context.email).toBe('li@laser.cn');
    const { actor, send, calls } = start();
    send({ type: 'cam.requestCode' });
    expect(actor.getSnapshot().context.error).toEqual({ key: 'accounts.validation.emailRequired' });
    send({ type: 'cam.change', field: 'email', value: 'li@laser' });
    send({ type: 'cam.requestCode' });
    expect(actor.getSnapshot().context.error).toEqual({ key: 'accounts.validation.emailFormat' });
    expect(calls.codes).toHaveLength(0);
  });

  it('mails a code, locks the e-mail for 60 s, then binds with the code and ends', async () => {
    const { actor, send, calls } = start();
    send({ type: 'cam.change', field: 'email', value: ' li@laser.cn ' });
    send({ type: 'cam.requestCode' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.codes).toEqual(['li@laser.cn']);
    expect(actor.getSnapshot().context.remaining).toBe(60);
    send({ type: 'cam.change', field: 'email', value: 'other@laser.cn' });
    expect(actor.getSnapshot().context.email).toBe(' li@laser.cn ');
    send({ type: 'cam.submit' });
    expect(actor.getSnapshot().context.error).toEqual({ key: 'accounts.validation.codeRequired' });
    send({ type: 'cam.change', field: 'code', value: ' 777777 ' });
    send({ type: 'cam.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.binds.map((b) => b.request)).toEqual([{ account: '13800138000', password: 'longenough', email: 'li@laser.cn', code: '777777' }]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('shows a refusal and stays; a lost answer just goes back', async () => {
    let answer: CamBindAnswer | 'throw' = { kind: 'problem', problem: 'codeError' };
    const { actor, send } = start({ bind: () => answer });
    send({ type: 'cam.change', field: 'email', value: 'li@laser.cn' });
    send({ type: 'cam.requestCode' });
    await vi.advanceTimersByTimeAsync(0);
    send({ type: 'cam.change', field: 'code', value: '000000' });
    send({ type: 'cam.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toEqual({ key: 'accounts.validation.codeError' });
    answer = refused('Incorrect account or password');
    send({ type: 'cam.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toEqual({ text: 'Incorrect account or password' });
    answer = 'throw';
    send({ type: 'cam.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ editing: { submission: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('a code to another e-mail than the one typed now is asked for again', async () => {
    const { actor, send, calls } = start();
    send({ type: 'cam.change', field: 'email', value: 'li@laser.cn' });
    send({ type: 'cam.requestCode' });
    await vi.advanceTimersByTimeAsync(60_000);
    send({ type: 'cam.change', field: 'email', value: 'wang@laser.cn' });
    send({ type: 'cam.change', field: 'code', value: '777777' });
    send({ type: 'cam.submit' });
    expect(actor.getSnapshot().context.error).toEqual({ key: 'accounts.validation.codeExpired' });
    expect(calls.binds).toHaveLength(0);
  });

  // What may be bound, from spec 1 section 5 for this test's values (a table, not the production patterns).
  const WELL_FORMED = new Set(['li@laser.cn', 'wang@laser.cn']);
  type Step = { event: CamBindingEvent } | { wait: number };
  const stepArb: fc.Arbitrary<Step> = fc.oneof(
    fc.constantFrom('li@laser.cn', 'wang@laser.cn', 'li@laser', '').map((value): Step => ({ event: { type: 'cam.change', field: 'email', value } })),
    fc.constantFrom('777777', ' 777777 ', '', ' ').map((value): Step => ({ event: { type: 'cam.change', field: 'code', value } })),
    fc.constant<Step>({ event: { type: 'cam.requestCode' } }),
    fc.constant<Step>({ event: { type: 'cam.submit' } }),
    fc.constantFrom(0, 1000, 30_000, 61_000).map((wait): Step => ({ wait })),
  );
  const answerArb = fc.constantFrom<CodeAnswer | 'throw'>(SENT, SENT, refused('Too many requests'), 'throw');

  it('property: the count stays within 0..60, the e-mail is locked while it runs, and only a coded, well-formed e-mail is bound', async () => {
    let binds = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 3, maxLength: 30 }), answerArb, async (steps, codeAnswer) => {
        const { actor, send, calls } = start({ code: () => codeAnswer, bind: () => refused('no') });
        for (const step of steps) {
          if (actor.getSnapshot().status !== 'active') break;
          const before = actor.getSnapshot().context;
          if ('event' in step) send(step.event);
          else await vi.advanceTimersByTimeAsync(step.wait);
          const after = actor.getSnapshot().context;
          expect(after.remaining).toBeGreaterThanOrEqual(0);
          expect(after.remaining).toBeLessThanOrEqual(60);
          if (before.remaining > 0) expect(after.email).toBe(before.email);
        }
        await vi.advanceTimersByTimeAsync(0);
        for (const { request, codeSentTo } of calls.binds) {
          expect(WELL_FORMED.has(request.email)).toBe(true);
          expect(request.code).toBe('777777');
          expect(request.email).toBe(codeSentTo);
        }
        binds += calls.binds.length;
        actor.stop();
      }),
      FC,
    );
    expect(binds).toBeGreaterThan(0);
  });
});
