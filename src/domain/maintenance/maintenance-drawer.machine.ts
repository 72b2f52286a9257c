import { assign, fromPromise, setup } from 'xstate';
import { isAbortError } from '../shared/abort';
import type { MaintenancePlan, MaintenanceRecord, PlansAnswer, RecordsAnswer, SaveAnswer } from './maintenance';
import { pickMaintenanceTime, maintenanceTimeProblem, type MaintenanceTimeProblem } from './maintenance-time';
import { isNormalOf } from './plan-state';

export const RECORDS_PAGE_SIZE = 10;

export interface MaintenanceDrawerContext {
  planId: number | null;
  plan: MaintenancePlan | null;
  records: MaintenanceRecord[];
  recordsTotal: number;
  page: number;
  /** The picked time; null until one is picked (the picker cannot clear it afterwards). */
  time: Date | null;
  /** Why the confirmation cannot go (the picker's rule), or null. */
  timeProblem: MaintenanceTimeProblem | null;
  /** The server's refusal of the last call ('' for none). */
  error: string;
  /** The server's message of the last confirmation ('' until one). */
  notice: string;
  /** Confirmations so far: the page reloads its plans when it grows. */
  confirmed: number;
}

export type MaintenanceDrawerEvent =
  | { type: 'drawer.open'; planId: number }
  | { type: 'drawer.close' }
  | { type: 'records.page'; page: number }
  | { type: 'time.pick'; at: Date | null; now: Date }
  | { type: 'confirm.submit'; now: Date };

/**
 * The Maintain drawer (spec 3 section 4): closed; open with the plan's details loading, then its
 * records loading, then ready; confirming stores a record with the picked time (required, never
 * in the future) and the plan's state, then reloads the details and the records.
 */
export const maintenanceDrawerMachine = setup({
  types: {
    context: {} as MaintenanceDrawerContext,
    events: {} as MaintenanceDrawerEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadPlan: fromPromise<PlansAnswer, { planId: number }>(async () => {
      throw new Error('loadPlan actor not provided');
    }),
    loadRecords: fromPromise<RecordsAnswer, { planId: number; offset: number; size: number }>(async () => {
      throw new Error('loadRecords actor not provided');
    }),
    confirm: fromPromise<SaveAnswer, { planId: number; at: Date; state: 0 | 1 }>(async () => {
      throw new Error('confirm actor not provided');
    }),
  },
  guards: {
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
    isOtherPage: ({ context, event }) =>
      event.type === 'records.page' && Number.isInteger(event.page) && event.page >= 1 && event.page !== context.page && (event.page - 1) * RECORDS_PAGE_SIZE < Math.max(context.recordsTotal, 1),
    hasGoodTime: ({ context, event }) => event.type === 'confirm.submit' && maintenanceTimeProblem(context.time, event.now) === null,
    isSaved: (_, params: { output: SaveAnswer }) => params.output.kind === 'saved',
  },
  actions: {
    assignOpen: assign(({ event }) =>
      event.type === 'drawer.open' ? { planId: event.planId, plan: null, records: [], recordsTotal: 0, page: 1, time: null, timeProblem: null, error: '', notice: '' } : {},
    ),
    assignPlan: assign(({ context }, params: { output: PlansAnswer }) => {
      const { output } = params;
      if (output.kind === 'refused') return { error: output.message };
      return { plan: output.plans.find((p) => p.id === context.planId) ?? null };
    }),
    assignRecords: assign((_, params: { output: RecordsAnswer }) =>
      params.output.kind === 'records' ? { records: params.output.records, recordsTotal: params.output.total } : { error: params.output.message },
    ),
    assignPage: assign(({ event }) => (event.type === 'records.page' ? { page: event.page } : {})),
    assignTime: assign(({ context, event }) => {
      if (event.type !== 'time.pick') return {};
      const time = pickMaintenanceTime(event.at, context.time, event.now);
      return { time, timeProblem: time ? null : context.timeProblem };
    }),
    assignTimeProblem: assign(({ context, event }) => (event.type === 'confirm.submit' ? { timeProblem: maintenanceTimeProblem(context.time, event.now) } : {})),
    assignSaved: assign(({ context }, params: { output: SaveAnswer }) =>
      params.output.kind === 'saved' ? { notice: params.output.message, error: '', confirmed: context.confirmed + 1, page: 1 } : { error: params.output.message, notice: '' },
    ),
  },
}).createMachine({
  id: 'maintenanceDrawer',
  context: { planId: null, plan: null, records: [], recordsTotal: 0, page: 1, time: null, timeProblem: null, error: '', notice: '', confirmed: 0 },
  initial: 'closed',
  states: {
    closed: {
      on: { 'drawer.open': { target: 'open', actions: 'assignOpen' } },
    },
    open: {
      initial: 'loadingDetails',
      on: {
        'drawer.close': { target: 'closed' },
        'drawer.open': { target: '.loadingDetails', reenter: true, actions: 'assignOpen' },
        'time.pick': { actions: 'assignTime' },
      },
      states: {
        loadingDetails: {
          tags: ['busy'],
          invoke: {
            src: 'loadPlan',
            input: ({ context }) => ({ planId: context.planId! }),
            onDone: { target: 'loadingRecords', actions: { type: 'assignPlan', params: ({ event }) => ({ output: event.output }) } },
            onError: [{ guard: 'isAborted' }, { target: 'loadingRecords' }],
          },
        },
        loadingRecords: {
          tags: ['busy'],
          invoke: {
            src: 'loadRecords',
            input: ({ context }) => ({ planId: context.planId!, offset: (context.page - 1) * RECORDS_PAGE_SIZE, size: RECORDS_PAGE_SIZE }),
            onDone: { target: 'ready', actions: { type: 'assignRecords', params: ({ event }) => ({ output: event.output }) } },
            onError: [{ guard: 'isAborted' }, { target: 'ready' }],
          },
        },
        ready: {
          on: {
            'records.page': { guard: 'isOtherPage', target: 'loadingRecords', actions: 'assignPage' },
            'confirm.submit': [{ guard: 'hasGoodTime', target: 'confirming', actions: 'assignTimeProblem' }, { actions: 'assignTimeProblem' }],
          },
        },
        confirming: {
          tags: ['busy'],
          invoke: {
            src: 'confirm',
            input: ({ context }) => ({ planId: context.planId!, at: context.time!, state: isNormalOf(context.plan?.state ?? 'normal') }),
            onDone: [
              { guard: { type: 'isSaved', params: ({ event }) => ({ output: event.output }) }, target: 'loadingDetails', actions: { type: 'assignSaved', params: ({ event }) => ({ output: event.output }) } },
              { target: 'ready', actions: { type: 'assignSaved', params: ({ event }) => ({ output: event.output }) } },
            ],
            onError: [{ guard: 'isAborted' }, { target: 'ready' }],
          },
        },
      },
    },
  },
});
