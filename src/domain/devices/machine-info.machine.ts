import { assign, fromPromise, setup } from 'xstate';
import { isAbortError } from '../shared/abort';
import type { Refused } from '../shared/refused';
import type { MachineKind } from './machine-kind';
import { isOrderNumber } from './order-number';

/** What the detail page shows about the machine itself. */
export interface MachineInfo {
  equipmentId: string;
  orderNumber: string;
  name: string;
  series: string;
  kind: MachineKind;
  /** The member of the owning company who bound it ('' before issue 37 item 4 knew). */
  boundByName: string;
}

/** The caller's machine, "not one of yours" (unknown and someone else's alike), or a refusal. */
export type MachineInfoAnswer = { kind: 'found'; info: MachineInfo } | { kind: 'not-yours' } | Refused;

export interface MachineInfoContext {
  orderNumber: string;
  info: MachineInfo | null;
  /** The server's refusal ('' when the call itself failed). */
  error: string;
}

export type MachineInfoEvent = { type: 'info.reload' };

/** The detail page's machine facts from GetMachineTables: ready, notFound (404 or a malformed order number) or failed. */
export const machineInfoMachine = setup({
  types: {
    context: {} as MachineInfoContext,
    events: {} as MachineInfoEvent,
    input: {} as { orderNumber: string },
  },
  actors: {
    loadMachine: fromPromise<MachineInfoAnswer, { orderNumber: string }>(async () => {
      throw new Error('loadMachine actor not provided');
    }),
  },
  guards: {
    isMalformed: ({ context }) => !isOrderNumber(context.orderNumber),
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
    isFound: (_, params: { answer: MachineInfoAnswer }) => params.answer.kind === 'found',
    isNotFound: (_, params: { answer: MachineInfoAnswer }) => params.answer.kind === 'not-yours',
  },
  actions: {
    assignInfo: assign((_, params: { answer: MachineInfoAnswer }) => ({ info: params.answer.kind === 'found' ? params.answer.info : null, error: '' })),
    assignError: assign((_, params: { info: string }) => ({ error: String(params.info ?? '') })),
  },
}).createMachine({
  id: 'machineInfo',
  context: ({ input }) => ({ orderNumber: input.orderNumber, info: null, error: '' }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isMalformed', target: 'notFound' }, { target: 'loading' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadMachine',
        input: ({ context }) => ({ orderNumber: context.orderNumber }),
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            actions: { type: 'assignInfo', params: ({ event }) => ({ answer: event.output }) },
          },
          { guard: { type: 'isNotFound', params: ({ event }) => ({ answer: event.output }) }, target: 'notFound' },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ info: event.output.kind === 'refused' ? event.output.message : '' }) } },
        ],
        onError: [{ guard: 'isAborted' }, { target: 'failed', actions: { type: 'assignError', params: { info: '' } } }],
      },
    },
    ready: {},
    notFound: {},
    failed: {
      on: { 'info.reload': 'checking' },
    },
  },
});
