import { assign, fromPromise, setup } from 'xstate';
import type { Envelope } from '../shared/envelope';
import { validateOrderNumber, type OrderNumberError } from './order-number';

/** The maintenance platform's record of a machine (`Machine/GetBpmMachine`, ADR 0005). */
export interface BpmMachine {
  OrderNumber: string;
  Name: string;
  SeriesName: string;
  Model?: string;
  LaserPower?: number | string;
  DeliveryTime?: string;
}

/** "No data found": MachineBind's answer for a machine the portal does not know yet, and GetBpmMachine's for one it cannot find. */
export const NOT_FOUND_INFO = '未查询到数据';

/** The lookup infos that the flow shows instead of saving (spec 1 section 8). */
export const LOOKUP_SHOWN_INFOS: readonly string[] = ['200', NOT_FOUND_INFO];

export interface BindingContext {
  /** What the person typed. */
  orderNumber: string;
  /** The browser's rule message, shown after the first submit. */
  fieldError: OrderNumberError | null;
  attempted: boolean;
  /** The server's info to show ('' when there is none). */
  serverMessage: string;
  /** The record GetBpmMachine found, sent to SaveMachineData. */
  record: BpmMachine | null;
  /** SaveMachineData succeeded in this attempt: a second "not found" from MachineBind is shown, not looked up again. */
  saved: boolean;
}

export type BindingEvent = { type: 'form.change'; value: string } | { type: 'form.submit' } | { type: 'form.reset' };

type Answer = Envelope<unknown>;

const isRecord = (value: unknown): value is BpmMachine =>
  !!value && typeof value === 'object' && !Array.isArray(value) && typeof (value as BpmMachine).OrderNumber === 'string';

/** True when GetBpmMachine's answer is shown rather than saved: info 200 or "not found", a refusal, or no record. */
export function isLookupShown(answer: Envelope<BpmMachine | null>): boolean {
  return answer.code !== 200 || LOOKUP_SHOWN_INFOS.includes(String(answer.info)) || !isRecord(answer.ReturnData);
}

/** True when MachineBind says the portal does not know the machine yet (code 400, `未查询到数据`). */
export function isUnknownToPortal(answer: Answer): boolean {
  return answer.code === 400 && answer.info === NOT_FOUND_INFO;
}

const EMPTY: BindingContext = { orderNumber: '', fieldError: null, attempted: false, serverMessage: '', record: null, saved: false };

/**
 * Binding a machine (spec 1 sections 4 and 8, ADR 0005): MachineBind; on code 400 `未查询到数据`
 * GetBpmMachine; its info 200 or `未查询到数据` is shown, otherwise SaveMachineData with the record
 * and MachineBind again. `bound` is the success ("Binding successful!").
 */
export const bindingMachine = setup({
  types: {
    context: {} as BindingContext,
    events: {} as BindingEvent,
    tags: {} as 'busy',
  },
  actors: {
    bind: fromPromise<Answer, { orderNumber: string }>(async () => {
      throw new Error('bind actor not provided');
    }),
    getBpmMachine: fromPromise<Envelope<BpmMachine | null>, { orderNumber: string }>(async () => {
      throw new Error('getBpmMachine actor not provided');
    }),
    saveMachineData: fromPromise<Answer, BpmMachine>(async () => {
      throw new Error('saveMachineData actor not provided');
    }),
  },
  guards: {
    isOrderNumberInvalid: ({ context }) => validateOrderNumber(context.orderNumber) !== null,
    isBound: (_, params: { answer: Answer }) => params.answer.code === 200,
    isFirstUnknown: ({ context }, params: { answer: Answer }) => !context.saved && isUnknownToPortal(params.answer),
    isLookupShown: (_, params: { answer: Envelope<BpmMachine | null> }) => isLookupShown(params.answer),
    isSaved: (_, params: { answer: Answer }) => params.answer.code === 200,
  },
  actions: {
    assignValue: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      return {
        orderNumber: event.value,
        fieldError: context.attempted ? validateOrderNumber(event.value) : null,
        serverMessage: '',
      };
    }),
    assignFieldError: assign(({ context }) => ({ fieldError: validateOrderNumber(context.orderNumber), attempted: true })),
    startAttempt: assign({ fieldError: null, attempted: true, serverMessage: '', record: null, saved: false }),
    assignServerMessage: assign((_, params: { info: string }) => ({ serverMessage: String(params.info ?? '') })),
    assignRecord: assign((_, params: { record: BpmMachine | null | undefined }) => ({ record: params.record ?? null })),
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
          { target: 'editing', actions: { type: 'assignServerMessage', params: ({ event }) => ({ info: event.output.info }) } },
        ],
        // No envelope: the HTTP adapter already showed the network or timeout dialog.
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
            guard: { type: 'isLookupShown', params: ({ event }) => ({ answer: event.output }) },
            target: 'editing',
            actions: { type: 'assignServerMessage', params: ({ event }) => ({ info: event.output.info }) },
          },
          { target: 'saving', actions: { type: 'assignRecord', params: ({ event }) => ({ record: event.output.ReturnData }) } },
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
          { target: 'editing', actions: { type: 'assignServerMessage', params: ({ event }) => ({ info: event.output.info }) } },
        ],
        onError: { target: 'editing' },
      },
    },
    bound: {
      on: { 'form.reset': { target: 'editing', actions: 'reset' } },
    },
  },
});
