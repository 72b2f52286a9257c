import { assign, fromPromise, setup } from 'xstate';
import type { CallAnswer } from '../shared/call-answer';
import type { LiveRoute } from './fleet';
import type { MachineKind } from './machine-kind';

/** What a scanned QR label names: the model for anyone, and the live page for the owner only. */
export interface ScannedMachine {
  seriesName: string;
  kind: MachineKind;
  /** The owner's way to the live page; null for anyone else. */
  live: LiveRoute | null;
}

/** ScanMachineLabel in domain terms. */
export type LabelScanAnswer = CallAnswer<ScannedMachine, 'unknownLabel' | 'withdrawn'>;

export interface LabelScanContext {
  label: string;
  machine: ScannedMachine | null;
  error: string;
}

export type LabelScanEvent = { type: 'scan.retry' };

/**
 * The page a QR label opens (issue 39, item 3): asks once what the label names. Its owner goes
 * on to the machine's live page (`openLivePage`, the screen's navigation); anyone else sees the
 * model; a withdrawn or unknown label says so; no answer offers a retry.
 */
export const labelScanMachine = setup({
  types: {
    context: {} as LabelScanContext,
    events: {} as LabelScanEvent,
    input: {} as { label: string },
  },
  actors: {
    scan: fromPromise<LabelScanAnswer, { label: string }>(async () => {
      throw new Error('scan actor not provided');
    }),
  },
  actions: {
    openLivePage: (_, _route: LiveRoute) => {},
  },
}).createMachine({
  id: 'labelScan',
  context: ({ input }) => ({ label: input.label, machine: null, error: '' }),
  initial: 'scanning',
  states: {
    scanning: {
      tags: ['busy'],
      entry: assign({ error: '', machine: null }),
      invoke: {
        src: 'scan',
        input: ({ context }) => ({ label: context.label }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'done' && event.output.data.live !== null,
            target: 'mine',
            actions: assign(({ event }) => ({ machine: event.output.kind === 'done' ? event.output.data : null })),
          },
          {
            guard: ({ event }) => event.output.kind === 'done',
            target: 'stranger',
            actions: assign(({ event }) => ({ machine: event.output.kind === 'done' ? event.output.data : null })),
          },
          { guard: ({ event }) => event.output.kind === 'withdrawn', target: 'withdrawn' },
          { guard: ({ event }) => event.output.kind === 'unknownLabel', target: 'unknown' },
          { target: 'failed', actions: assign(({ event }) => ({ error: event.output.kind === 'refused' ? event.output.message : '' })) },
        ],
        onError: 'failed',
      },
    },
    mine: {
      entry: { type: 'openLivePage', params: ({ context }) => context.machine!.live! },
    },
    stranger: {},
    withdrawn: {},
    unknown: {},
    failed: {
      on: { 'scan.retry': 'scanning' },
    },
  },
});
