import { assign, fromPromise, setup } from 'xstate';
import type { CallAnswer } from '../shared/call-answer';

/** A machine's QR label: what it prints beside the code, and the portal path the code holds. */
export interface MachineLabel {
  orderNumber: string;
  name: string;
  path: string;
}

/** GetMachineLabel in domain terms: the label, the caller's machine it is not, or a refusal. */
export type MachineLabelAnswer = CallAnswer<MachineLabel, 'notYours'>;

export interface MachineLabelContext {
  orderNumber: string;
  label: MachineLabel | null;
  /** The server's refusal ('' when no answer came: the HTTP adapter showed its dialog). */
  error: string;
}

export type MachineLabelEvent = { type: 'label.retry' };

/**
 * The label dialog of a machine's page (issue 39, item 3): asks for the label once when the
 * dialog opens; `ready` with the label, `notYours`, or `failed` with a retry.
 */
export const machineLabelMachine = setup({
  types: {
    context: {} as MachineLabelContext,
    events: {} as MachineLabelEvent,
    input: {} as { orderNumber: string },
  },
  actors: {
    loadLabel: fromPromise<MachineLabelAnswer, { orderNumber: string }>(async () => {
      throw new Error('loadLabel actor not provided');
    }),
  },
}).createMachine({
  id: 'machineLabel',
  context: ({ input }) => ({ orderNumber: input.orderNumber, label: null, error: '' }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      // A retry forgets the last failure's message.
      entry: assign({ error: '' }),
      invoke: {
        src: 'loadLabel',
        input: ({ context }) => ({ orderNumber: context.orderNumber }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'done',
            target: 'ready',
            actions: assign(({ event }) => ({ label: event.output.kind === 'done' ? event.output.data : null })),
          },
          { guard: ({ event }) => event.output.kind === 'notYours', target: 'notYours' },
          { target: 'failed', actions: assign(({ event }) => ({ error: event.output.kind === 'refused' ? event.output.message : '' })) },
        ],
        onError: 'failed',
      },
    },
    ready: {},
    notYours: {},
    failed: {
      on: { 'label.retry': 'loading' },
    },
  },
});
