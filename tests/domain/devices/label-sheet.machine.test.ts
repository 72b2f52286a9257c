import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { labelSheetMachine, type LabelSheetAnswer } from '../../../src/domain/devices/label-sheet.machine';

const FC = { numRuns: 100, seed: Number(process.env.FC_SEED ?? 20250101) };

const label = fc.record({ orderNumber: fc.stringMatching(/^[A-Z][A-Z0-9-]{0,10}$/), name: fc.string({ maxLength: 12 }), path: fc.stringMatching(/^\/m\/[0-9a-z]{1,4}\.[0-9a-z]\.[A-Za-z0-9_-]{22}$/) });
const answer = fc.oneof(
  fc.array(label, { maxLength: 12 }).map((data): LabelSheetAnswer => ({ kind: 'done', data })),
  fc.string({ maxLength: 10 }).map((message): LabelSheetAnswer => ({ kind: 'refused', message })),
  fc.constant('lost' as const),
);

describe('label sheet machine', () => {
  it('property: the labels shown are those of the last answer, a failure keeps none and offers the only retry', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(answer, { minLength: 1, maxLength: 5 }), async (answers) => {
        let asked = 0;
        const actor = createActor(
          labelSheetMachine.provide({
            actors: {
              loadLabels: fromPromise(async () => {
                const next = answers[asked++];
                if (next === 'lost' || next === undefined) throw new Error('no answer');
                return next;
              }),
            },
          }),
        ).start();
        let snapshot = await waitFor(actor, (s) => !s.hasTag('busy'));
        while (snapshot.value === 'failed' && asked < answers.length) {
          actor.send({ type: 'sheet.retry' });
          snapshot = await waitFor(actor, (s) => !s.hasTag('busy'));
        }
        const last = answers[asked - 1]!;
        expect(snapshot.value).toBe(last !== 'lost' && last.kind === 'done' ? 'ready' : 'failed');
        expect(snapshot.context.labels).toEqual(last !== 'lost' && last.kind === 'done' ? last.data : []);
        expect(snapshot.context.error).toBe(last !== 'lost' && last.kind === 'refused' ? last.message : '');
        const before = asked;
        if (snapshot.value === 'ready') {
          actor.send({ type: 'sheet.retry' });
          expect(asked).toBe(before);
        }
        actor.stop();
      }),
      FC,
    );
  });
});
