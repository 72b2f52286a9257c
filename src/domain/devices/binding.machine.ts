import { assign, fromPromise, setup } from 'xstate';
import type { Refused } from '../shared/refused';
import { validateOrderNumber, type OrderNumberError } from './order-number';

/** The maintenance platform's record of a machine (`Machine/GetBpmMachine`, ADR 0005). */
export interface BpmMachine {
  OrderNumber: string;
  Name: string;
  SeriesName: string;
  Model?: string;
  LaserPower?: number | string | null;
  DeliveryTime?: string | null;
}

/** Binding's answer: bound, a machine the portal does not know (yet), or a refusal. */
export type BindAnswer = { kind: 'bound' } | { kind: 'unknown-machine' } | Refused;
/** The maintenance platform's answer: the record to save, nothing known, an empty answer, or a refusal. */
export type LookupAnswer = { kind: 'found'; record: BpmMachine } | { kind: 'unknown-machine' } | { kind: 'empty' } | Refused;
/** Saving the platform's record into the portal. */
export type SaveAnswer = { kind: 'saved' } | { kind: 'unknown-machine' } | Refused;

/** What the dialog says after an attempt: the machine is unknown, the lookup found nothing, or the server's own words. */
export type BindingProblem = { kind: 'unknown-machine' } | { kind: 'lookup-empty' } | Refused;

export interface BindingContext {
  /** What the person typed. */
  orderNumber: string;
  /** The browser's rule message, shown after the first submit. */
  fieldError: OrderNumberError | null;
  attempted: boolean;
  /** What the server's answer leaves to say (null when nothing). */
  problem: BindingProblem | null;
  /** The record GetBpmMachine found, sent to SaveMachineData. */
  record: BpmMachine | null;
  /** SaveMachineData succeeded in this attempt: a second "unknown" from MachineBind is shown, not looked up again. */
  saved: boolean;
}

export type BindingEvent = { type: 'form.change'; value: string } | { type: 'form.submit' } | { type: 'form.reset' };

/** The problem an answer that ends the attempt leaves to show. */
function problemOf(answer: BindAnswer | LookupAnswer | SaveAnswer): BindingProblem | null {
  switch (answer.kind) {
    case 'unknown-machine':
    case 'refused':
      return answer;
    case 'empty':
      return { kind: 'lookup-empty' };
    default:
      return null;
  }
}

const EMPTY: BindingContext = { orderNumber: '', fieldError: null, attempted: false, problem: null, record: null, saved: false };

/**
 * Binding a machine (spec 1 sections 4 and 8, ADR 0005): MachineBind; for a machine the portal
 * does not know, GetBpmMachine; a record found is saved (SaveMachineData) and bound again, anything
 * else is shown. `bound` is the success ("Binding successful!").
 */
export const bindingMachine = setup({
  types: {
    context: {} as BindingContext,
    events: {} as BindingEvent,
    tags: {} as 'busy',
  },
  actors: {
    bind: fromPromise<BindAnswer, { orderNumber: string }>(async () => {
      throw new Error('bind actor not provided');
    }),
    getBpmMachine: fromPromise<LookupAnswer, { orderNumber: string }>(async () => {
      throw new Error('getBpmMachine actor not provided');
    }),
    saveMachineData: fromPromise<SaveAnswer, BpmMachine>(async () => {
      throw new Error('saveMachineData actor not provided');
    }),
  },
  guards: {
    isOrderNumberInvalid: ({ context }) => validateOrderNumber(context.orderNumber) !== null,
    isBound: (_, params: { answer: BindAnswer }) => params.answer.kind === 'bound',
    isFirstUnknown: ({ context }, params: { answer: BindAnswer }) => !context.saved && params.answer.kind === 'unknown-machine',
    isFound: (_, params: { answer: LookupAnswer }) => params.answer.kind === 'found',
    isSaved: (_, params: { answer: SaveAnswer }) => params.answer.kind === 'saved',
  },
  actions: {
    assignValue: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      return {
        orderNumber: event.value,
        fieldError: context.attempted ? validateOrderNumber(event.value) : null,
        problem: null,
      };
    }),
    assignFieldError: assign(({ context }) => ({ fieldError: validateOrderNumber(context.orderNumber), attempted: true })),
    startAttempt: assign({ fieldError: null, attempted: true, problem: null, record: null, saved: false }),
    assignProblem: assign((_, params: { answer: BindAnswer | LookupAnswer | SaveAnswer }) => ({ problem: problemOf(params.answer) })),
    assignRecord: assign((_, params: { answer: LookupAnswer }) => ({ record: params.answer.kind === 'found' ? params.answer.record : null })),
    markSaved: assign({ saved: true }),
    reset: assign(EMPTY),
  },
}).createMachine({
  id: 'binding',
  context: EMPTY,
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.change': { actions: 'assignValue' },
        'form.submit': [{ guard: 'isOrderNumberInvalid', actions: 'assignFieldError' }, { target: 'binding', actions: 'startAttempt' }],
      },
    },
    binding: {
      tags: ['busy'],
      invoke: {
        src: 'bind',
        input: ({ context }) => ({ orderNumber: context.orderNumber.trim() }),
        onDone: [
          { guard: { type: 'isBound', params: ({ event }) => ({ answer: event.output }) }, target: 'bound' },
          { guard: { type: 'isFirstUnknown', params: ({ event }) => ({ answer: event.output }) }, target: 'lookingUp' },
          { target: 'editing', actions: { type: 'assignProblem', params: ({ event }) => ({ answer: event.output }) } },
        ],
        // No answer: the HTTP adapter already showed the network or timeout dialog.
        onError: { target: 'editing' },
      },
    },
    lookingUp: {
      tags: ['busy'],
      invoke: {
        src: 'getBpmMachine',
        input: ({ context }) => ({ orderNumber: context.orderNumber.trim() }),
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => ({ answer: event.output }) },
            target: 'saving',
            actions: { type: 'assignRecord', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'editing', actions: { type: 'assignProblem', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: { target: 'editing' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveMachineData',
        input: ({ context }) => context.record!,
        onDone: [
          { guard: { type: 'isSaved', params: ({ event }) => ({ answer: event.output }) }, target: 'binding', actions: 'markSaved' },
          { target: 'editing', actions: { type: 'assignProblem', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: { target: 'editing' },
      },
    },
    bound: {
      on: { 'form.reset': { target: 'editing', actions: 'reset' } },
    },
  },
});
