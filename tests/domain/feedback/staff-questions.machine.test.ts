import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Question, QuestionsAnswer } from '../../../src/domain/feedback/questions.machine';
import { canAct, STATUS_OF, staffQuestionsMachine, type StaffQuestionsEvent } from '../../../src/domain/feedback/staff-questions.machine';
import type { SubmitAnswer } from '../../../src/domain/shared/form-submit.machine';

const FC = { numRuns: 100, seed: Number(process.env.FC_SEED ?? 20261202) };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const question = (id: number, open = true): Question =>
  ({ id, title: `q${id}`, product: 1, version: '4.2', userName: 'Alice', phone: '1', createTime: '2026-12-02T08:00:00Z', answer: '', processingStatus: open ? 0 : 1 }) as unknown as Question;

function start(options: { answer?: () => SubmitAnswer; forbidden?: boolean } = {}) {
  const calls = { loads: [] as Array<0 | 1 | null>, acts: [] as Array<{ id: number; act: string; text: string }>, told: [] as string[] };
  const actor = createActor(
    staffQuestionsMachine.provide({
      actors: {
        loadQuestions: fromPromise(async ({ input }): Promise<QuestionsAnswer & { forbidden?: boolean }> => {
          calls.loads.push(input.status);
          await tick();
          return options.forbidden ? { kind: 'refused', message: '', forbidden: true } : { kind: 'list', questions: [question(1), question(2), question(3, false)] };
        }),
        act: fromPromise(async ({ input }) => {
          calls.acts.push(input);
          await tick();
          return options.answer?.() ?? { kind: 'accepted' };
        }),
      },
      actions: {
        notifyDone: (_, { act }) => calls.told.push(`done:${act}`),
        notifyRefused: (_, { message }) => calls.told.push(`refused:${message}`),
      },
    }),
  ).start();
  const settled = () => waitFor(actor, (s) => !s.matches({ list: 'loading' }) && s.matches({ acting: 'idle' }));
  return { actor, calls, settled };
}

const event: fc.Arbitrary<StaffQuestionsEvent> = fc.oneof(
  fc.record({ type: fc.constant('filter.choose' as const), filter: fc.constantFrom('open' as const, 'done' as const, 'all' as const) }),
  fc.record({ type: fc.constant('draft.change' as const), id: fc.constantFrom(1, 2, 3), text: fc.constantFrom('', '  ', 'Replace the nozzle') }),
  fc.record({ type: fc.constant('question.act' as const), id: fc.constantFrom(1, 2, 3, 9), act: fc.constantFrom('answer' as const, 'answerClose' as const, 'close' as const) }),
);

describe('the staff questions machine (/staff/questions)', () => {
  it('sends only acts on open questions with the words they need, one at a time, each told once and followed by a reload', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 15 }), fc.boolean(), async (events, accepted) => {
        const { actor, calls, settled } = start({ answer: () => (accepted ? { kind: 'accepted' } : { kind: 'refused', message: 'already closed' }) });
        await settled();
        let expectedActs = 0;
        for (const e of events) {
          const before = actor.getSnapshot();
          const takes = e.type === 'question.act' && before.matches({ acting: 'idle' }) && before.context.rows.some((q) => q.id === e.id && q.processingStatus === 0) && canAct(before.context, e.id, e.act);
          const loadsBefore = calls.loads.length;
          actor.send(e);
          await settled();
          if (takes) {
            expectedActs++;
            const sent = calls.acts.at(-1)!;
            expect(sent.id).toBe((e as { id: number }).id);
            if (sent.act === 'close') expect(sent.text).toBe('');
            else expect(sent.text.trim()).not.toBe('');
            expect(calls.loads.length).toBe(loadsBefore + (accepted ? 1 : 0));
            if (accepted) expect(actor.getSnapshot().context.drafts[sent.id] ?? '').toBe('');
          }
          expect(calls.acts).toHaveLength(expectedActs);
        }
        expect(calls.told).toHaveLength(expectedActs);
        for (const told of calls.told) expect(told.startsWith(accepted ? 'done:' : 'refused:already closed')).toBe(true);
        expect(calls.loads.at(-1)).toBe(STATUS_OF[actor.getSnapshot().context.filter]);
        actor.stop();
      }),
      FC,
    );
  });

  it('says the page is for staff only when the server answers 403', async () => {
    const { actor, settled } = start({ forbidden: true });
    await settled();
    expect(actor.getSnapshot().matches({ list: 'forbidden' })).toBe(true);
  });
});
