import { assign, fromPromise, setup } from 'xstate';
import { isAbortError } from '../shared/abort';
import { isFleetFilter, type FleetAnswer, type FleetFilter, type MyMachine } from './fleet';

export interface FleetInput {
  /** The chip the page opens with (the stored `series`). */
  filter: FleetFilter;
}

export interface FleetContext {
  machines: MyMachine[];
  filter: FleetFilter;
  /** The server's refusal of the last load ('' when the call itself failed). */
  error: string;
  /** True once a list has arrived, so a reload keeps showing the old tiles. */
  loaded: boolean;
}

export type FleetEvent = { type: 'fleet.reload' } | { type: 'filter.set'; filter: FleetFilter };

/** The fleet page: load GetMyMachine, show the tiles of the chosen chip, reload after a binding. */
export const fleetMachine = setup({
  types: {
    context: {} as FleetContext,
    events: {} as FleetEvent,
    input: {} as FleetInput,
  },
  actors: {
    loadFleet: fromPromise<FleetAnswer>(async () => {
      throw new Error('loadFleet actor not provided');
    }),
  },
  guards: {
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
    isList: (_, params: { answer: FleetAnswer }) => params.answer.kind === 'list',
  },
  actions: {
    assignAnswer: assign((_, params: { answer: FleetAnswer }) =>
      params.answer.kind === 'list' ? { machines: params.answer.machines, error: '', loaded: true } : { error: params.answer.message },
    ),
    clearError: assign({ error: '' }),
    assignFilter: assign(({ context, event }) => ({
      filter: event.type === 'filter.set' && isFleetFilter(event.filter) ? event.filter : context.filter,
    })),
    /** Remembers the chip (local storage `series`); the screen provides it. */
    persistFilter: (_, _params: { filter: FleetFilter }) => {},
  },
}).createMachine({
  id: 'fleet',
  context: ({ input }) => ({ machines: [], filter: isFleetFilter(input.filter) ? input.filter : 'all', error: '', loaded: false }),
  initial: 'loading',
  on: {
    'fleet.reload': { target: '.loading', reenter: true },
    'filter.set': {
      actions: ['assignFilter', { type: 'persistFilter', params: ({ context }) => ({ filter: context.filter }) }],
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'loadFleet',
        onDone: [
          {
            guard: { type: 'isList', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'failed', actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) } },
        ],
        // No answer: the HTTP adapter already showed the network or timeout dialog.
        onError: [{ guard: 'isAborted' }, { target: 'failed' }],
      },
    },
    ready: {},
    failed: {},
  },
});
