import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  labelRequestMachine,
  labelRequestProblem,
  type LabelCodeAnswer,
  type LabelRequestAnswer,
  type LabelRequestField,
} from '../../../src/domain/devices/label-request.machine';

const FC = { numRuns: 100, seed: Number(process.env.FC_SEED ?? 20261203) };
const LABEL = '1a.0.AAAAAAAAAAAAAAAAAAAAAA';

/** The machine over fake calls that give the answers in turn and record what was sent. */
function start(codeAnswers: (LabelCodeAnswer | 'lost')[], submitAnswers: (LabelRequestAnswer | 'lost')[], second = 0) {
  const codes: { label: string; contact: string }[] = [];
  const submits: Record<string, string>[] = [];
  const next = <T>(answers: (T | 'lost')[], count: number): T => {
    const answer = answers[count - 1];
    if (answer === 'lost' || answer === undefined) throw new Error('no answer');
    return answer;
  };
  const actor = createActor(
    labelRequestMachine.provide({
      actors: {
        requestCode: fromPromise(async ({ input }) => next(codeAnswers, codes.push(input))),
        submit: fromPromise(async ({ input }) => next(submitAnswers, submits.push(input))),
      },
      // The countdown's seconds pass at once unless a test holds them: these are about the order of things, not the time.
      delays: { second },
    }),
    { input: { label: LABEL } },
  );
  actor.start();
  return { actor, codes, submits };
}

type Actor = ReturnType<typeof start>['actor'];
const settled = (actor: Actor) => waitFor(actor, (s) => !s.hasTag('busy'));
const fill = (actor: Actor, fields: Partial<Record<LabelRequestField, string>>) => {
  for (const [field, value] of Object.entries(fields)) actor.send({ type: 'field.change', field: field as LabelRequestField, value });
};
const GOOD = { name: 'Wang Wei', contact: 'wang@factory.example', code: '123456', content: 'The chiller beeps' };

describe('label request machine', () => {
  it('sends the code to the address, then the request with the trimmed fields, and ends with the order number', async () => {
    const { actor, codes, submits } = start([{ kind: 'done', data: 60 }], [{ kind: 'done', data: 'EV202612030001' }]);
    fill(actor, { contact: ' wang@factory.example ' });
    actor.send({ type: 'code.request' });
    let snapshot = await settled(actor);
    expect(codes).toEqual([{ label: LABEL, contact: 'wang@factory.example' }]);
    expect(snapshot.context.problem).toBeNull();
    fill(actor, { name: ' Wang Wei ', code: ' 123456 ', content: ' The chiller beeps ' });
    actor.send({ type: 'form.submit' });
    snapshot = await waitFor(actor, (s) => s.matches({ form: 'submitted' }));
    expect(submits).toEqual([{ label: LABEL, ...GOOD, contact: 'wang@factory.example' }]);
    expect(snapshot.context.eventNum).toBe('EV202612030001');
  });

  it('locks the address while a code counts down, and lets it change once the count is over', async () => {
    const { actor } = start([{ kind: 'done', data: 2 }], []);
    fill(actor, { contact: 'wang@factory.example' });
    actor.send({ type: 'code.request' });
    await waitFor(actor, (s) => s.matches({ countdown: 'counting' }));
    fill(actor, { contact: 'other@factory.example' });
    expect(actor.getSnapshot().context.contact).toBe('wang@factory.example');
    await waitFor(actor, (s) => s.matches({ countdown: 'idle' }));
    fill(actor, { contact: 'other@factory.example' });
    expect(actor.getSnapshot().context.contact).toBe('other@factory.example');
  });

  it("property: a form with a problem of its own sends nothing and names the first problem; one without sends once and shows the server's answer", async () => {
    const field = fc.oneof(fc.constant(''), fc.constant('  '), fc.string({ maxLength: 20 }));
    const submitAnswer = fc.oneof(
      fc.constantFrom<LabelRequestAnswer>(
        { kind: 'codeWrong' },
        { kind: 'codeExpired' },
        { kind: 'machineBusy' },
        { kind: 'withdrawn' },
        { kind: 'done', data: 'EV202612030002' },
      ),
      fc.string({ maxLength: 10 }).map((message): LabelRequestAnswer => ({ kind: 'refused', message })),
      fc.constant('lost' as const),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ name: fc.oneof(field, fc.constant(GOOD.name)), contact: fc.oneof(field, fc.constant(GOOD.contact), fc.constant('+86 138 0000 0000')), code: fc.oneof(field, fc.constant(GOOD.code)), content: fc.oneof(field, fc.constant(GOOD.content)) }),
        submitAnswer,
        async (form, answer) => {
          const { actor, submits } = start([], [answer]);
          fill(actor, form);
          actor.send({ type: 'form.submit' });
          const snapshot = await waitFor(actor, (s) => !s.hasTag('busy') && !s.matches({ form: 'submitting' }));
          const own = labelRequestProblem(form);
          if (own) {
            expect(submits).toEqual([]);
            expect(snapshot.context.problem).toBe(own);
            expect(snapshot.matches({ form: 'editing' })).toBe(true);
          } else {
            expect(submits).toHaveLength(1);
            if (answer === 'lost') expect(snapshot.context.problem).toBe('failed');
            else if (answer.kind === 'done') expect(snapshot.matches({ form: 'submitted' })).toBe(true);
            else if (answer.kind === 'refused') expect([snapshot.context.problem, snapshot.context.serverError]).toEqual([null, answer.message]);
            else expect(snapshot.context.problem).toBe(answer.kind);
            // Only a done answer ends the form; anything else leaves it to be corrected and sent again.
            expect(snapshot.matches({ form: 'submitted' })).toBe(answer !== 'lost' && answer.kind === 'done');
          }
          actor.stop();
        },
      ),
      FC,
    );
  });

  it('property: a code is asked for only for a well-formed address, and never again while counting', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 16 }), fc.constant(GOOD.contact)), fc.integer({ min: 1, max: 4 }), async (contact, presses) => {
        const { actor, codes } = start([{ kind: 'done', data: 60 }], [], 60_000);
        fill(actor, { contact });
        for (let i = 0; i < presses; i++) {
          actor.send({ type: 'code.request' });
          await settled(actor);
        }
        const wellFormed = labelRequestProblem({ ...GOOD, contact }) === null;
        expect(codes.length).toBe(wellFormed ? 1 : 0);
        if (!wellFormed) expect(actor.getSnapshot().context.problem).toMatch(/^contact/);
        actor.stop();
      }),
      FC,
    );
  });
});
