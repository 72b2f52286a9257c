import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { loyaltyOf } from '../../../src/domain/points/loyalty';
import { LATEST_ROWS, loyaltyMachine, type LoyaltyAnswer } from '../../../src/domain/points/loyalty.machine';

const FC = { numRuns: 200, seed: Number(process.env.FC_SEED ?? 20250101) };

/** The card over a queue of answers (an Error is no answer at all). */
function start(answers: Array<LoyaltyAnswer | Error>) {
  let calls = 0;
  const actor = createActor(
    loyaltyMachine.provide({
      actors: {
        load: fromPromise(async () => {
          const answer = answers[Math.min(calls++, answers.length - 1)]!;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    }),
  );
  actor.start();
  return { actor, calls: () => calls };
}

const settle = () => vi.advanceTimersByTimeAsync(0);
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const row = fc.record({ delta: fc.integer({ min: -5000, max: 5000 }), balanceAfter: fc.nat(40000), reason: fc.string(), source: fc.constantFrom('purchase', 'staff', 'exchange'), time: fc.constant('2026-11-20T08:00:00Z') });
const answer: fc.Arbitrary<LoyaltyAnswer | Error> = fc.oneof(
  fc.record({ kind: fc.constant('points' as const), points: fc.integer({ min: -10, max: 45000 }), history: fc.array(row, { maxLength: 6 }) }),
  fc.constant({ kind: 'refused' as const, message: 'no' }),
  fc.constant(new Error('network')),
);

describe('loyalty card machine', () => {
  it('shows the level of the balance and the newest three rows, and reloads after a failure', async () => {
    const { actor, calls } = start([new Error('network'), { kind: 'points', points: 7400, history: [1, 2, 3, 4].map((n) => ({ delta: n, balanceAfter: n, reason: `r${n}`, source: 'purchase', time: '' })) }]);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'reload' });
    await settle();
    expect(calls()).toBe(2);
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context.loyalty).toMatchObject({ level: 2, next: 10000, toNext: 2601, progress: 74 });
    expect(actor.getSnapshot().context.latest.map((r) => r.reason)).toEqual(['r1', 'r2', 'r3']);
  });

  it('property: after any answers and reloads the card shows the last answer: its level by the shared rule, or the failure', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(answer, { minLength: 1, maxLength: 5 }), async (answers) => {
        const { actor } = start(answers);
        await settle();
        for (let i = 1; i < answers.length; i++) {
          actor.send({ type: 'reload' });
          await settle();
        }
        const last = answers[answers.length - 1]!;
        const snapshot = actor.getSnapshot();
        if (last instanceof Error || last.kind === 'refused') {
          expect(snapshot.value).toBe('failed');
        } else {
          expect(snapshot.value).toBe('shown');
          expect(snapshot.context.loyalty).toEqual(loyaltyOf(last.points));
          expect(snapshot.context.loyalty.points).toBeGreaterThanOrEqual(0);
          expect(snapshot.context.latest).toEqual(last.history.slice(0, LATEST_ROWS));
        }
        actor.stop();
      }),
      FC,
    );
  });
});
