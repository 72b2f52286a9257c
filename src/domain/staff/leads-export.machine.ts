import { assign, fromPromise, setup } from 'xstate';
import type { Lead, LeadKind } from './staff-records';

/**
 * The leads tab's CSV export: every lead of the kind shown, collected page after page
 * (`allPages` in the provided actor), handed to `saveCsv` (the view writes and saves the file);
 * one export at a time.
 */
export const leadsExportMachine = setup({
  types: {
    context: {} as { kind: LeadKind },
    events: {} as { type: 'export'; kind: LeadKind },
    tags: {} as 'busy',
  },
  actors: {
    loadAll: fromPromise<Lead[], { kind: LeadKind }>(async () => {
      throw new Error('leadsExport: loadAll not provided');
    }),
  },
  actions: {
    saveCsv: (_, _params: { kind: LeadKind; leads: Lead[] }) => {},
  },
}).createMachine({
  id: 'leadsExport',
  context: { kind: 'contact' },
  initial: 'idle',
  states: {
    idle: { on: { export: { target: 'exporting', actions: assign(({ event }) => ({ kind: event.kind })) } } },
    exporting: {
      tags: ['busy'],
      invoke: {
        src: 'loadAll',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: { target: 'idle', actions: { type: 'saveCsv', params: ({ context, event }) => ({ kind: context.kind, leads: event.output }) } },
        onError: { target: 'idle' },
      },
    },
  },
});
