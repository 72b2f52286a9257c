import { assign, fromPromise, setup } from 'xstate';
import type { CallAnswer } from '../shared/call-answer';
import type { MachineLabel } from './machine-label.machine';

/** GetMachineLabels in domain terms: the caller's fleet's labels, oldest binding first. */
export type LabelSheetAnswer = CallAnswer<MachineLabel[]>;

export interface LabelSheetContext {
  labels: MachineLabel[];
  error: string;
}

export type LabelSheetEvent = { type: 'sheet.retry' };

/**
 * The fleet's sheet of QR labels (issue 39, item 3): asks once for every machine's label when
 * the dialog opens; `ready` with them (none for an empty fleet), or `failed` with a retry.
 */
export const labelSheetMachine = setup({
  types: {
    context: {} as LabelSheetContext,
    events: {} as LabelSheetEvent,
  },
  actors: {
    loadLabels: fromPromise<LabelSheetAnswer>(async () => {
      throw new Error('loadLabels actor not provided');
    }),
  },
}).createMachine({
  id: 'labelSheet',
  context: { labels: [], error: '' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ error: '', labels: [] }),
      invoke: {
        src: 'loadLabels',
        onDone: [
          { guard: ({ event }) => event.output.kind === 'done', target: 'ready', actions: assign(({ event }) => ({ labels: event.output.kind === 'done' ? event.output.data : [] })) },
          { target: 'failed', actions: assign(({ event }) => ({ error: event.output.kind === 'refused' ? event.output.message : '' })) },
        ],
        onError: 'failed',
      },
    },
    ready: {},
    failed: {
      on: { 'sheet.retry': 'loading' },
    },
  },
});
