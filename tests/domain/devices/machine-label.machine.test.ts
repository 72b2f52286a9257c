import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { machineLabelMachine, type MachineLabelAnswer } from '../../../src/domain/devices/machine-label.machine';

const FC = { numRuns: 100, seed: Number(process.env.FC_SEED ?? 20250101) };

/** One answer of GetMachineLabel: a label, not the caller's, a refusal, or no answer at all (rejected). */
const answer = fc.oneof(
  fc.record({ orderNumber: fc.stringMatching(/^[A-Z][A-Z0-9-]{0,10}$/), name: fc.string({ maxLength: 12 }), path: fc.stringMatching(/^\/m\/[0-9a-z]{1,4}\.[0-9a-z]{1,2}\.[A-Za-z0-9_-]{22}$/) }).map((data): MachineLabelAnswer => ({ kind: 'done', data })),
  fc.constant<MachineLabelAnswer>({ kind: 'notYours' }),
  fc.string({ maxLength: 10 }).map((message): MachineLabelAnswer => ({ kind: 'refused', message })),
  fc.constant('lost' as const),
);

/** The machine over a fake call that gives the answers in turn, counting the calls. */
function start(answers: (MachineLabelAnswer | 'lost')[], withdrawals: (MachineLabelAnswer | 'lost')[] = []) {
  const asked: string[] = [];
  const withdrawn: string[] = [];
  const actor = createActor(
    machineLabelMachine.provide({
      actors: {
        loadLabel: fromPromise(async ({ input }) => {
          const next = answers[asked.push(input.orderNumber) - 1];
          if (next === 'lost' || next === undefined) throw new Error('no answer');
          return next;
        }),
        withdrawLabels: fromPromise(async ({ input }) => {
          const next = withdrawals[withdrawn.push(input.orderNumber) - 1];
          if (next === 'lost' || next === undefined) throw new Error('no answer');
          return next;
        }),
      },
    }),
    { input: { orderNumber: 'G3015-0001' } },
  );
  actor.start();
  return { actor, asked, withdrawn };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('machine label machine', () => {
  it('asks once for the order number it opened with and shows the label', async () => {
    const label = { orderNumber: 'G3015-0001', name: 'G3015', path: '/m/1a.0.AAAAAAAAAAAAAAAAAAAAAA' };
    const { actor, asked } = start([{ kind: 'done', data: label }]);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('ready');
    expect(snapshot.context.label).toEqual(label);
    expect(asked).toEqual(['G3015-0001']);
  });

  it('property: the state follows the last answer, a retry is only offered after a failure, and a label is shown only when one came', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(answer, { minLength: 1, maxLength: 6 }), async (answers) => {
        const { actor, asked } = start(answers);
        let snapshot = await settled(actor);
        // Retry while it can: each retry asks again, and only `failed` takes one.
        while (snapshot.value === 'failed' && asked.length < answers.length) {
          actor.send({ type: 'label.retry' });
          snapshot = await settled(actor);
        }
        const last = answers[asked.length - 1];
        const expected = last === 'lost' || last.kind === 'refused' ? 'failed' : last.kind === 'done' ? 'ready' : 'notYours';
        expect(snapshot.value).toBe(expected);
        expect(snapshot.context.label).toEqual(last !== 'lost' && last.kind === 'done' ? last.data : null);
        expect(snapshot.context.error).toBe(last !== 'lost' && last.kind === 'refused' ? last.message : '');
        // A retry outside `failed` asks nothing.
        const before = asked.length;
        if (snapshot.value !== 'failed') {
          actor.send({ type: 'label.retry' });
          expect(asked.length).toBe(before);
        }
        actor.stop();
      }),
      FC,
    );
  });

  it('withdraws only after a confirmation, and shows the new label with the notice', async () => {
    const label = { orderNumber: 'G3015-0001', name: 'G3015', path: '/m/1a.0.AAAAAAAAAAAAAAAAAAAAAA' };
    const renewed = { ...label, path: '/m/1a.1.BBBBBBBBBBBBBBBBBBBBBB' };
    const { actor, withdrawn } = start([{ kind: 'done', data: label }], [{ kind: 'done', data: renewed }]);
    await settled(actor);
    actor.send({ type: 'label.withdraw' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'label.cancel' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(withdrawn).toEqual([]);
    actor.send({ type: 'label.withdraw' });
    actor.send({ type: 'label.confirm' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('ready');
    expect(snapshot.context.label).toEqual(renewed);
    expect(snapshot.context.withdrawal).toEqual({ kind: 'withdrawn' });
    expect(withdrawn).toEqual(['G3015-0001']);
  });

  it('property: after any withdrawals, the label shown is the last one the server gave, and the notice tells the last outcome', async () => {
    const label = { orderNumber: 'G3015-0001', name: 'G3015', path: '/m/1a.0.AAAAAAAAAAAAAAAAAAAAAA' };
    await fc.assert(
      fc.asyncProperty(fc.array(answer, { minLength: 1, maxLength: 5 }), async (withdrawals) => {
        const { actor, withdrawn } = start([{ kind: 'done', data: label }], withdrawals);
        let snapshot = await settled(actor);
        let shown = label;
        while (snapshot.value === 'ready' && withdrawn.length < withdrawals.length) {
          actor.send({ type: 'label.withdraw' });
          actor.send({ type: 'label.confirm' });
          snapshot = await settled(actor);
          const last = withdrawals[withdrawn.length - 1]!;
          if (last !== 'lost' && last.kind === 'done') shown = last.data;
          const notice = last === 'lost' ? { kind: 'failed', message: '' } : last.kind === 'done' ? { kind: 'withdrawn' } : last.kind === 'refused' ? { kind: 'failed', message: last.message } : null;
          if (notice) {
            expect(snapshot.value).toBe('ready');
            expect(snapshot.context.withdrawal).toEqual(notice);
            expect(snapshot.context.label).toEqual(shown);
          } else {
            expect(snapshot.value).toBe('notYours');
            expect(snapshot.context.label).toBeNull();
          }
        }
        // Nothing withdraws without its confirmation.
        const before = withdrawn.length;
        actor.send({ type: 'label.confirm' });
        expect(withdrawn.length).toBe(before);
        actor.stop();
      }),
      FC,
    );
  });
});
