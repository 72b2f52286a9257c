import { assign, fromPromise, setup } from 'xstate';
import { isAbortError } from '../shared/abort';
import { dueByMachine, type CountsAnswer, type PlansAnswer, type ProjectCount } from './maintenance';

/** The statistics page (spec 3 "maintenance statistics"): maintenance counts per project, loaded once, reloadable. */
export const maintenanceStatsMachine = setup({
  types: {
    context: {} as { counts: ProjectCount[]; error: string; loaded: boolean },
    events: {} as { type: 'stats.reload' },
    tags: {} as 'busy',
  },
  actors: {
    loadCounts: fromPromise<CountsAnswer>(async () => {
      throw new Error('loadCounts actor not provided');
    }),
  },
  guards: { isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error) },
}).createMachine({
  id: 'maintenanceStats',
  context: { counts: [], error: '', loaded: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadCounts',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => (event.output.kind === 'counts' ? { counts: event.output.counts, error: '', loaded: true } : { error: event.output.message })),
        },
        onError: [{ guard: 'isAborted' }, { target: 'ready', actions: assign({ error: '' }) }],
      },
    },
    ready: { on: { 'stats.reload': 'loading' } },
  },
});

export type DueMap = ReturnType<typeof dueByMachine>;

/** The due/overdue badges of the fleet and machine pages: the caller's plans of every machine, worst state per machine. */
export const maintenanceDueMachine = setup({
  types: {
    context: {} as { due: DueMap },
    events: {} as { type: 'due.reload' },
  },
  actors: {
    loadPlans: fromPromise<PlansAnswer>(async () => {
      throw new Error('loadPlans actor not provided');
    }),
  },
  guards: { isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error) },
}).createMachine({
  id: 'maintenanceDue',
  context: { due: {} },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPlans',
        onDone: { target: 'ready', actions: assign(({ event }) => (event.output.kind === 'plans' ? { due: dueByMachine(event.output.plans) } : {})) },
        onError: [{ guard: 'isAborted' }, { target: 'ready' }],
      },
    },
    ready: { on: { 'due.reload': 'loading' } },
  },
});
