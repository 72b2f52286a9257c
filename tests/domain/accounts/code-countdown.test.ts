import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { CODE_COUNTDOWN_NAMES, codeCountdownStates, countDown } from '../../../src/domain/accounts/code-countdown.states';
import type { CodeAnswer } from '../../../src/domain/accounts/validation';
import { refused } from '../../../src/domain/shared/refused';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20250101) };

interface HostContext {
  contact: string;
  blocked: boolean;
  codeSentTo: string | null;
  remaining: number;
  error: string | null;
}

type HostEvent = { type: 'code.request' } | { type: 'contact.change'; value: string } | { type: 'block.toggle' };

/** A minimal parent that hosts the shared region, named the way the real parents name things. */
const hostMachine = setup({
  types: { context: {} as HostContext, events: {} as HostEvent, tags: {} as 'busy' | 'counting' },
  actors: {
    requestCode: fromPromise<CodeAnswer, { contact: string }>(async () => {
      throw new Error('requestCode actor not provided');
    }),
  },
  delays: { tick: 1000 },
  guards: {
    isBlocked: ({ context }) => context.blocked,
    isCodeRequestInvalid: ({ context }) => context.contact.trim() === '',
    isCodeSent: (_, params: { answer: CodeAnswer }) => params.answer.kind === 'sent',
    isLastSecond: ({ context }) => context.remaining <= 1,
  },
  actions: {
    assignCodeRequestError: assign({ error: 'contactRequired' }),
    clearError: assign({ error: null }),
    startCountdown: assign(({ context }, params: { answer: CodeAnswer }) => ({
      codeSentTo: context.contact.trim(),
      remaining: params.answer.kind === 'sent' ? params.answer.waitSeconds : 0,
    })),
    assignServerError: assign((_, params: { answer: CodeAnswer }) => ({ error: params.answer.kind === 'refused' ? params.answer.message : null })),
    tick: assign({ remaining: ({ context }) => countDown(context.remaining) }),
    endCountdown: assign({ remaining: 0 }),
  },
}).createMachine({
  context: { contact: '', blocked: false, codeSentTo: null, remaining: 0, error: null },
  on: {
    'contact.change': { actions: assign({ contact: ({ event }) => event.value }) },
    'block.toggle': { actions: assign({ blocked: ({ context }) => !context.blocked }) },
  },
  initial: 'idle',
  states: codeCountdownStates(
    { ...CODE_COUNTDOWN_NAMES, ignoreWhile: ['isBlocked'] },
    ({ context }: { context: HostContext }) => ({ contact: context.contact.trim() }),
  ),
});

type Answer = 'sent' | 'refused' | 'thrown';

function start(answers: () => Answer = () => 'sent') {
  const calls: string[] = [];
  const actor = createActor(
    hostMachine.provide({
      actors: {
        requestCode: fromPromise(async ({ input }) => {
          calls.push(input.contact);
          const answer = answers();
          if (answer === 'thrown') throw new Error('network');
          return answer === 'sent' ? { kind: 'sent', waitSeconds: 60 } : refused('Too many requests');
        }),
      },
    }),
  );
  actor.start();
  return { actor, calls };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('shared code request + countdown region', () => {
  it('asks for a contact first, then counts 60 s down to ended', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'code.request' });
    expect(actor.getSnapshot().context.error).toBe('contactRequired');
    expect(calls).toHaveLength(0);
    actor.send({ type: 'contact.change', value: ' a@b.cn ' });
    actor.send({ type: 'code.request' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['a@b.cn']);
    expect(actor.getSnapshot().hasTag('counting')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ remaining: 60, codeSentTo: 'a@b.cn' });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(actor.getSnapshot().context.remaining).toBe(1);
    expect(actor.getSnapshot().matches('counting')).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches('ended')).toBe(true);
    expect(actor.getSnapshot().context.remaining).toBe(0);
    expect(actor.getSnapshot().can({ type: 'code.request' })).toBe(true);
  });

  it('a refused request shows the server text and goes back to idle; a failed one just goes back', async () => {
    const refused = start(() => 'refused');
    refused.actor.send({ type: 'contact.change', value: 'a@b.cn' });
    refused.actor.send({ type: 'code.request' });
    await vi.advanceTimersByTimeAsync(0);
    expect(refused.actor.getSnapshot().matches('idle')).toBe(true);
    expect(refused.actor.getSnapshot().context).toMatchObject({ error: 'Too many requests', remaining: 0, codeSentTo: null });

    const thrown = start(() => 'thrown');
    thrown.actor.send({ type: 'contact.change', value: 'a@b.cn' });
    thrown.actor.send({ type: 'code.request' });
    await vi.advanceTimersByTimeAsync(0);
    expect(thrown.actor.getSnapshot().matches('idle')).toBe(true);
    expect(thrown.actor.getSnapshot().context.error).toBeNull();
  });

  it('ignores a request while an ignoreWhile guard holds', () => {
    const { actor, calls } = start();
    actor.send({ type: 'contact.change', value: 'a@b.cn' });
    actor.send({ type: 'block.toggle' });
    actor.send({ type: 'code.request' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(calls).toHaveLength(0);
  });

  type Step = { event: HostEvent } | { wait: number };
  const stepArb: fc.Arbitrary<Step> = fc.oneof(
    { weight: 3, arbitrary: fc.constant<Step>({ event: { type: 'code.request' } }) },
    { weight: 1, arbitrary: fc.constantFrom('a@b.cn', '', '13800138000').map((value): Step => ({ event: { type: 'contact.change', value } })) },
    { weight: 1, arbitrary: fc.constant<Step>({ event: { type: 'block.toggle' } }) },
    { weight: 3, arbitrary: fc.constantFrom(0, 1, 999, 1000, 1500, 7000, 30_000, 59_000, 61_000).map((wait): Step => ({ wait })) },
  );
  const answerArb = fc.array(fc.constantFrom<Answer>('sent', 'sent', 'refused', 'thrown'), { minLength: 1, maxLength: 10 });

  it('property: the count stays within 0..60 under random event sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 40 }), answerArb, async (steps, answers) => {
        let i = 0;
        const { actor } = start(() => answers[i++ % answers.length]);
        for (const step of steps) {
          if ('event' in step) actor.send(step.event);
          else await vi.advanceTimersByTimeAsync(step.wait);
          const s = actor.getSnapshot();
          expect(s.context.remaining).toBeGreaterThanOrEqual(0);
          expect(s.context.remaining).toBeLessThanOrEqual(60);
          // Only a countdown has seconds left; idle and ended have none.
          if (!s.matches('counting')) expect(s.context.remaining).toBe(0);
        }
        actor.stop();
      }),
      FC,
    );
  });

  it('property: after a sent code, 60 ticks always reach ended, whatever is requested meanwhile', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ at: fc.integer({ min: 0, max: 59_999 }), event: stepArb }), { maxLength: 15 }),
        async (noise) => {
          const { actor } = start();
          actor.send({ type: 'contact.change', value: 'a@b.cn' });
          actor.send({ type: 'code.request' });
          await vi.advanceTimersByTimeAsync(0);
          expect(actor.getSnapshot().context.remaining).toBe(60);
          let elapsed = 0;
          for (const { at, event } of [...noise].sort((x, y) => x.at - y.at)) {
            await vi.advanceTimersByTimeAsync(at - elapsed);
            elapsed = at;
            if ('event' in event) actor.send(event.event);
            expect(actor.getSnapshot().matches('counting')).toBe(true);
          }
          await vi.advanceTimersByTimeAsync(60_000 - elapsed - 1);
          expect(actor.getSnapshot().matches('counting')).toBe(true);
          await vi.advanceTimersByTimeAsync(1);
          expect(actor.getSnapshot().matches('ended')).toBe(true);
          expect(actor.getSnapshot().context.remaining).toBe(0);
          actor.stop();
        },
      ),
      FC,
    );
  });

  it('property: a request while counting is ignored', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 59_999 }), fc.integer({ min: 1, max: 5 }), async (wait, requests) => {
        const { actor, calls } = start();
        actor.send({ type: 'contact.change', value: 'a@b.cn' });
        actor.send({ type: 'code.request' });
        await vi.advanceTimersByTimeAsync(0);
        await vi.advanceTimersByTimeAsync(wait);
        const before = actor.getSnapshot();
        expect(before.matches('counting')).toBe(true);
        expect(before.can({ type: 'code.request' })).toBe(false);
        for (let r = 0; r < requests; r++) actor.send({ type: 'code.request' });
        await vi.advanceTimersByTimeAsync(0);
        const after = actor.getSnapshot();
        expect(calls).toEqual(['a@b.cn']);
        expect(after.matches('counting')).toBe(true);
        expect(after.context.remaining).toBe(before.context.remaining);
        actor.stop();
      }),
      FC,
    );
  });
});
