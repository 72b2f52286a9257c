import { assign, fromPromise, raise, setup } from 'xstate';
import type { SubmitAnswer } from '../shared/form-submit.machine';
import type { Question, QuestionsAnswer } from './questions.machine';

export type QuestionFilter = 'open' | 'done' | 'all';
/** The list's filter as the server takes it: open 0, done 1, all null. */
export const STATUS_OF: Record<QuestionFilter, 0 | 1 | null> = { open: 0, done: 1, all: null };

/** What staff do to a question: answer it, answer and close it, or close it. */
export type QuestionAct = 'answer' | 'answerClose' | 'close';

export interface StaffQuestionsContext {
  filter: QuestionFilter;
  rows: Question[];
  /** The answer typed under each question. */
  drafts: Record<number, string>;
  /** The act under way, and its question. */
  busy: { id: number; act: QuestionAct } | null;
}

export type StaffQuestionsEvent =
  | { type: 'filter.choose'; filter: QuestionFilter }
  | { type: 'draft.change'; id: number; text: string }
  | { type: 'question.act'; id: number; act: QuestionAct }
  | { type: 'list.reload' };

/** An answer needs words; closing alone does not. */
export const canAct = (context: Pick<StaffQuestionsContext, 'drafts'>, id: number, act: QuestionAct): boolean => act === 'close' || !!context.drafts[id]?.trim();

/**
 * `/staff/questions`: staff list the support questions by state, answer one (the customer is
 * mailed and sees it in the drawer) and close it. The server refuses anyone but staff (403:
 * `forbidden`). One act at a time; an accepted one clears its draft and loads the list again, and
 * each outcome is told by a named action (the view's toasts).
 */
export const staffQuestionsMachine = setup({
  types: {
    context: {} as StaffQuestionsContext,
    events: {} as StaffQuestionsEvent,
  },
  actors: {
    loadQuestions: fromPromise<QuestionsAnswer & { forbidden?: boolean }, { status: 0 | 1 | null }>(async () => {
      throw new Error('staffQuestions: loadQuestions not provided');
    }),
    act: fromPromise<SubmitAnswer, { id: number; act: QuestionAct; text: string }>(async () => {
      throw new Error('staffQuestions: act not provided');
    }),
  },
  guards: {
    canAct: ({ context, event }) => event.type === 'question.act' && context.rows.some((q) => q.id === event.id && q.processingStatus === 0) && canAct(context, event.id, event.act),
  },
  actions: {
    notifyDone: (_, _params: { act: QuestionAct }) => {},
    notifyRefused: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'staffQuestions',
  type: 'parallel',
  context: { filter: 'open', rows: [], drafts: {}, busy: null },
  on: {
    'draft.change': { actions: assign(({ context, event }) => ({ drafts: { ...context.drafts, [event.id]: event.text } })) },
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        'filter.choose': { target: '.loading', actions: assign(({ event }) => ({ filter: event.filter })) },
        'list.reload': { target: '.loading' },
      },
      states: {
        loading: {
          invoke: {
            src: 'loadQuestions',
            input: ({ context }) => ({ status: STATUS_OF[context.filter] }),
            onDone: [
              { guard: ({ event }) => event.output.kind === 'list', target: 'ready', actions: assign(({ event }) => (event.output.kind === 'list' ? { rows: event.output.questions } : {})) },
              { guard: ({ event }) => !!event.output.forbidden, target: 'forbidden' },
              { target: 'ready' },
            ],
            // No answer: the HTTP adapter has shown the network or timeout dialog; the list stays.
            onError: { target: 'ready' },
          },
        },
        ready: {},
        forbidden: {},
      },
    },
    acting: {
      initial: 'idle',
      states: {
        idle: {
          // Cleared here, not on leaving `working`: the done actions still read the act (exit actions run before them).
          entry: assign({ busy: null }),
          on: { 'question.act': { guard: 'canAct', target: 'working' } },
        },
        working: {
          entry: assign(({ event }) => ({ busy: event.type === 'question.act' ? { id: event.id, act: event.act } : null })),
          invoke: {
            src: 'act',
            input: ({ context }) => ({ ...context.busy!, text: context.busy!.act === 'close' ? '' : (context.drafts[context.busy!.id] ?? '') }),
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'accepted',
                target: 'idle',
                actions: [
                  assign(({ context }) => ({ drafts: { ...context.drafts, [context.busy!.id]: '' } })),
                  { type: 'notifyDone', params: ({ context }) => ({ act: context.busy!.act }) },
                  raise({ type: 'list.reload' }),
                ],
              },
              { target: 'idle', actions: { type: 'notifyRefused', params: ({ event }) => ({ message: event.output.kind === 'refused' ? event.output.message : '' }) } },
            ],
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
});
