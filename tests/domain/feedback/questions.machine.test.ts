import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { questionsMachine, type Question } from '../../../src/domain/feedback/questions.machine';

const q = (id: number, processingStatus: number, isComplaint: number): Question => ({
  id,
  title: `q${id}`,
  product: 0,
  version: '1',
  processingStatus,
  isComplaint,
  userName: '',
  phone: '',
  createTime: '',
  expectedTime: '',
  processingTime: '',
  html: '',
  mainFile: '',
  mainFileName: '',
  otherFile: '',
  otherFileName: '',
  answer: '',
});

function start(questions: Question[]) {
  const urged: number[] = [];
  const searched: string[] = [];
  const actor = createActor(
    questionsMachine.provide({
      actors: {
        load: fromPromise(async ({ input }) => {
          searched.push(input.title);
          return { kind: 'list' as const, questions };
        }),
        urge: fromPromise(async ({ input }) => {
          urged.push(input.id);
          return { kind: 'urged' as const };
        }),
      },
    }),
  ).start();
  return { actor, urged, searched };
}

describe('the question list', () => {
  it('searches without whitespace', async () => {
    const { actor, searched } = start([]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'search.change', value: ' nest  hangs ' });
    actor.send({ type: 'search.submit' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(searched).toEqual(['', 'nesthangs']);
  });

  it('property: urges only questions that are neither urgent nor completed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 1 })), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 8 }),
        async (states, clicks) => {
          const questions = states.map(([s, c], i) => q(i + 1, s, c));
          const { actor, urged } = start(questions);
          for (const id of clicks) {
            await waitFor(actor, (s) => s.matches('ready'));
            actor.send({ type: 'question.urge', id });
          }
          await waitFor(actor, (s) => s.matches('ready'));
          for (const id of urged) {
            const target = questions.find((x) => x.id === id)!;
            expect(target.processingStatus === 0 && target.isComplaint === 0).toBe(true);
          }
          actor.stop();
        },
      ),
      { numRuns: 50 },
    );
  });
});
