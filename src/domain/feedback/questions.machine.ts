import { assign, fromPromise, setup } from 'xstate';
import type { Refused } from '../shared/refused';
import { canUrge, stripWhitespace } from './question-rules';

/** A support question as the user centre shows it. */
export interface Question {
  id: number;
  title: string;
  product: number;
  version: string;
  processingStatus: number;
  isComplaint: number;
  userName: string;
  phone: string;
  createTime: string;
  expectedTime: string;
  processingTime: string;
  html: string;
  mainFile: string;
  mainFileName: string;
  otherFile: string;
  otherFileName: string;
  answer: string;
}

export type QuestionsAnswer = { kind: 'list'; questions: Question[] } | Refused;
export type UrgeAnswer = { kind: 'urged' } | Refused;

export interface QuestionsContext {
  questions: Question[];
  search: string;
  openId: number | null;
  error: string;
}

export type QuestionsEvent =
  | { type: 'search.change'; value: string }
  | { type: 'search.submit' }
  | { type: 'question.urge'; id: number }
  | { type: 'question.open'; id: number }
  | { type: 'drawer.close' }
  | { type: 'list.reload' };

/**
 * The question list of the user centre (spec 2 section 4): loads with the whitespace-stripped
 * search, offers the urgent action only for a question neither urgent nor completed, reloads after it.
 */
export const questionsMachine = setup({
  types: { context: {} as QuestionsContext, events: {} as QuestionsEvent },
  actors: {
    load: fromPromise<QuestionsAnswer, { title: string }>(async () => {
      throw new Error('questions: load not provided');
    }),
    urge: fromPromise<UrgeAnswer, { id: number }>(async () => {
      throw new Error('questions: urge not provided');
    }),
  },
  guards: {
    isUrgeable: ({ context, event }) => {
      if (event.type !== 'question.urge') return false;
      const q = context.questions.find((x) => x.id === event.id);
      return !!q && canUrge(q);
    },
  },
}).createMachine({
  id: 'questions',
  context: { questions: [], search: '', openId: null, error: '' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        input: ({ context }) => ({ title: stripWhitespace(context.search) }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => (event.output.kind === 'list' ? { questions: event.output.questions, error: '' } : { questions: [], error: event.output.message })),
        },
        onError: { target: 'ready' },
      },
    },
    ready: {
      on: {
        'search.submit': 'loading',
        'list.reload': 'loading',
        'question.urge': { guard: 'isUrgeable', target: 'urging' },
      },
    },
    urging: {
      tags: ['busy'],
      invoke: {
        src: 'urge',
        input: ({ event }) => ({ id: event.type === 'question.urge' ? event.id : 0 }),
        onDone: { target: 'loading', actions: assign(({ event }) => ({ error: event.output.kind === 'refused' ? event.output.message : '' })) },
        onError: { target: 'loading' },
      },
    },
  },
  on: {
    'search.change': { actions: assign(({ event }) => ({ search: event.value })) },
    'question.open': { actions: assign(({ event }) => ({ openId: event.id })) },
    'drawer.close': { actions: assign({ openId: null }) },
  },
});
