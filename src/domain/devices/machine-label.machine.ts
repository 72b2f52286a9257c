import { assign, fromPromise, setup } from 'xstate';
import type { CallAnswer } from '../shared/call-answer';

/** A machine's QR label: what it prints beside the code, and the portal path the code holds. */
export interface MachineLabel {
  orderNumber: string;
  name: string;
  path: string;
}

/** GetMachineLabel and WithdrawMachineLabels in domain terms: the label, the caller's machine it is not, or a refusal. */
export type MachineLabelAnswer = CallAnswer<MachineLabel, 'notYours'>;

/** What the last withdrawal did: none asked, old prints withdrawn, or the server's refusal. */
export type WithdrawNotice = { kind: 'none' } | { kind: 'withdrawn' } | { kind: 'failed'; message: string };

export interface MachineLabelContext {
  orderNumber: string;
  label: MachineLabel | null;
  /** The server's refusal ('' when no answer came: the HTTP adapter showed its dialog). */
  error: string;
  withdrawal: WithdrawNotice;
}

export type MachineLabelEvent = { type: 'label.retry' } | { type: 'label.withdraw' } | { type: 'label.confirm' } | { type: 'label.cancel' };

const NO_NOTICE: WithdrawNotice = { kind: 'none' };

/**
 * The label dialog of a machine's page (issue 39, item 3): asks for the label once when the
 * dialog opens; `ready` with the label, `notYours`, or `failed` with a retry. From `ready` the
 * owner may withdraw every print so far, after a confirmation: the new label replaces the old.
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
    withdrawLabels: fromPromise<MachineLabelAnswer, { orderNumber: string }>(async () => {
      throw new Error('withdrawLabels actor not provided');
    }),
  },
}).createMachine({
  id: 'machineLabel',
  context: ({ input }) => ({ orderNumber: input.orderNumber, label: null, error: '', withdrawal: NO_NOTICE }),
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
    ready: {
      on: { 'label.withdraw': 'confirming' },
    },
    confirming: {
      on: { 'label.confirm': 'withdrawing', 'label.cancel': 'ready' },
    },
    withdrawing: {
      tags: ['busy'],
      entry: assign({ withdrawal: NO_NOTICE }),
      invoke: {
        src: 'withdrawLabels',
        input: ({ context }) => ({ orderNumber: context.orderNumber }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'done',
            target: 'ready',
            actions: assign(({ event, context }) => ({ label: event.output.kind === 'done' ? event.output.data : context.label, withdrawal: { kind: 'withdrawn' } as const })),
          },
          // Unbound meanwhile (or by someone else): the label is no longer the caller's to show.
          { guard: ({ event }) => event.output.kind === 'notYours', target: 'notYours', actions: assign({ label: null }) },
          { target: 'ready', actions: assign(({ event }) => ({ withdrawal: { kind: 'failed', message: event.output.kind === 'refused' ? event.output.message : '' } as const })) },
        ],
        onError: { target: 'ready', actions: assign({ withdrawal: { kind: 'failed', message: '' } }) },
      },
    },
    notYours: {},
    failed: {
      on: { 'label.retry': 'loading' },
    },
  },
});
