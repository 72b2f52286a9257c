import { assign, fromPromise, setup } from 'xstate';
import type { Refused } from '../shared/refused';
import type { SparePartOption } from './work-order-row';
import type { Language } from '../accounts/language';

export interface PartFaults {
  id: number;
  name: string;
  count: number;
}

export interface MonthFaults {
  /** YYYY-MM */
  date: string;
  counts: Array<{ name: string; count: number }>;
}

export type PartFaultsAnswer = { kind: 'list'; parts: PartFaults[] } | Refused;
export type MonthFaultsAnswer = { kind: 'list'; months: MonthFaults[] } | Refused;

export interface FaultSummaryContext {
  language: Language;
  parts: SparePartOption[];
  perPart: PartFaults[];
  months: MonthFaults[];
  /** The part of the chart over time, or null for all. */
  partId: number | null;
}

export type FaultSummaryEvent = { type: 'part.choose'; partId: number | null } | { type: 'language.change'; language: Language };

/**
 * `/Summary`, the fault summary (spec 3 section 4): fault counts per spare part, and per month of
 * one part or all (the part selector). Each chart loads on its own, again on a language (and the
 * months on a part); a load another overtook is stopped with its state. A failed load keeps what
 * the chart showed and is told by its named action (spec 3 section 8: parts, counts, dates).
 */
export const faultSummaryMachine = setup({
  types: {
    context: {} as FaultSummaryContext,
    events: {} as FaultSummaryEvent,
    input: {} as { language: Language },
    tags: {} as 'loading',
  },
  actors: {
    loadParts: fromPromise<SparePartOption[], { language: Language }>(async () => {
      throw new Error('faultSummary: loadParts not provided');
    }),
    loadPerPart: fromPromise<PartFaultsAnswer, { language: Language }>(async () => {
      throw new Error('faultSummary: loadPerPart not provided');
    }),
    loadPerMonth: fromPromise<MonthFaultsAnswer, { partId: number | null; language: Language }>(async () => {
      throw new Error('faultSummary: loadPerMonth not provided');
    }),
  },
  guards: {
    isOtherLanguage: ({ context, event }) => event.type === 'language.change' && event.language !== context.language,
    isOtherPart: ({ context, event }) => event.type === 'part.choose' && event.partId !== context.partId,
  },
  actions: {
    setLanguage: assign(({ event }) => (event.type === 'language.change' ? { language: event.language } : {})),
    notifyPartsFailed: () => {},
    notifyCountFailed: () => {},
    notifyDateFailed: () => {},
  },
}).createMachine({
  id: 'faultSummary',
  type: 'parallel',
  context: ({ input }) => ({ language: input.language, parts: [], perPart: [], months: [], partId: null }),
  states: {
    parts: {
      initial: 'loading',
      on: { 'language.change': { guard: 'isOtherLanguage', target: '.loading', actions: 'setLanguage' } },
      states: {
        loading: {
          invoke: {
            src: 'loadParts',
            input: ({ context }) => ({ language: context.language }),
            onDone: { target: 'ready', actions: assign(({ event }) => ({ parts: event.output })) },
            onError: { target: 'ready', actions: 'notifyPartsFailed' },
          },
        },
        ready: {},
      },
    },
    perPart: {
      initial: 'loading',
      on: { 'language.change': { guard: 'isOtherLanguage', target: '.loading', actions: 'setLanguage' } },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            src: 'loadPerPart',
            input: ({ context }) => ({ language: context.language }),
            onDone: [
              { guard: ({ event }) => event.output.kind === 'list', target: 'ready', actions: assign(({ event }) => (event.output.kind === 'list' ? { perPart: event.output.parts } : {})) },
              { target: 'ready', actions: 'notifyCountFailed' },
            ],
            onError: { target: 'ready', actions: 'notifyCountFailed' },
          },
        },
        ready: {},
      },
    },
    perMonth: {
      initial: 'loading',
      on: {
        'language.change': { guard: 'isOtherLanguage', target: '.loading', actions: 'setLanguage' },
        'part.choose': { guard: 'isOtherPart', target: '.loading', actions: assign(({ event }) => ({ partId: event.partId })) },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            src: 'loadPerMonth',
            input: ({ context }) => ({ partId: context.partId, language: context.language }),
            onDone: [
              { guard: ({ event }) => event.output.kind === 'list', target: 'ready', actions: assign(({ event }) => (event.output.kind === 'list' ? { months: event.output.months } : {})) },
              { target: 'ready', actions: 'notifyDateFailed' },
            ],
            onError: { target: 'ready', actions: 'notifyDateFailed' },
          },
        },
        ready: {},
      },
    },
  },
});
