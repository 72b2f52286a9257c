import { assign, fromPromise, setup } from 'xstate';
import { isAbortError } from '../shared/abort';
import type { ItemsAnswer, MaintenanceItem, MaintenanceMachine, MaintenancePlan, PlansAnswer, SaveAnswer } from './maintenance';

/** The items table's page size (spec 3 section 9). */
export const ITEMS_PAGE_SIZE = 10;

export interface MaintenancePageContext {
  machine: MaintenanceMachine | null;
  items: MaintenanceItem[];
  itemsTotal: number;
  page: number;
  plans: MaintenancePlan[];
  /** Item ids chosen in the items table (only enabled items that are not planned yet). */
  selected: number[];
  /** The last refusal ('' for none). */
  error: string;
  /** The last success message of adding or removing. */
  notice: string;
  /** The items still to add, one call each (SaveMMachine takes one). */
  queue: number[];
}

export type MaintenancePageEvent =
  | { type: 'machine.set'; machine: MaintenanceMachine }
  | { type: 'items.page'; page: number }
  | { type: 'selection.set'; ids: number[] }
  | { type: 'plans.add' }
  | { type: 'plan.remove'; planId: number }
  | { type: 'plans.reload' };

type Loaded = { items: ItemsAnswer; plans: PlansAnswer };

/** Ids that may be added: enabled items of the shown page not planned yet. */
export function addableIds(context: Pick<MaintenancePageContext, 'items' | 'plans'>, ids: readonly number[]): number[] {
  const planned = new Set(context.plans.map((p) => p.itemId));
  const enabled = new Set(context.items.filter((i) => i.enabled).map((i) => i.id));
  return [...new Set(ids)].filter((id) => enabled.has(id) && !planned.has(id));
}

/**
 * The maintenance page (spec 3): the chosen machine's items (paged, by its series) and its plans;
 * adding the selected items as plans (SaveMMachine) and removing a plan (DeleteMMachine), each
 * followed by a reload of both tables.
 */
export const maintenancePageMachine = setup({
  types: {
    context: {} as MaintenancePageContext,
    events: {} as MaintenancePageEvent,
    tags: {} as 'busy',
  },
  actors: {
    load: fromPromise<Loaded, { machine: MaintenanceMachine; offset: number; size: number }>(async () => {
      throw new Error('load actor not provided');
    }),
    loadPlans: fromPromise<PlansAnswer, { machine: MaintenanceMachine }>(async () => {
      throw new Error('loadPlans actor not provided');
    }),
    addPlan: fromPromise<SaveAnswer, { machineId: number; itemId: number }>(async () => {
      throw new Error('addPlan actor not provided');
    }),
    removePlan: fromPromise<SaveAnswer, { planId: number }>(async () => {
      throw new Error('removePlan actor not provided');
    }),
  },
  guards: {
    hasMachine: ({ context }) => context.machine !== null,
    isOtherMachine: ({ context, event }) => event.type === 'machine.set' && event.machine.id !== context.machine?.id,
    isOtherPage: ({ context, event }) =>
      event.type === 'items.page' && Number.isInteger(event.page) && event.page >= 1 && event.page !== context.page && (event.page - 1) * ITEMS_PAGE_SIZE < Math.max(context.itemsTotal, 1),
    hasSelection: ({ context }) => context.machine !== null && addableIds(context, context.selected).length > 0,
    isPlanned: ({ context, event }) => event.type === 'plan.remove' && context.plans.some((p) => p.id === event.planId),
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
  },
  actions: {
    assignMachine: assign(({ event }) => (event.type === 'machine.set' ? { machine: event.machine, page: 1, items: [], itemsTotal: 0, plans: [], selected: [], error: '', notice: '' } : {})),
    assignPage: assign(({ event }) => (event.type === 'items.page' ? { page: event.page, selected: [] } : {})),
    assignSelection: assign(({ context, event }) => (event.type === 'selection.set' ? { selected: addableIds(context, event.ids) } : {})),
    assignLoaded: assign((_, params: { output: Loaded }) => {
      const { items, plans } = params.output;
      const error = items.kind === 'refused' ? items.message : plans.kind === 'refused' ? plans.message : '';
      return {
        ...(items.kind === 'items' ? { items: items.items, itemsTotal: items.total } : {}),
        ...(plans.kind === 'plans' ? { plans: plans.plans } : {}),
        error,
      };
    }),
    assignPlans: assign((_, params: { output: PlansAnswer }) => (params.output.kind === 'plans' ? { plans: params.output.plans, error: '' } : { error: params.output.message })),
    assignSaved: assign((_, params: { output: SaveAnswer }) =>
      params.output.kind === 'saved' ? { notice: params.output.message, error: '', selected: [] } : { error: params.output.message, notice: '' },
    ),
    clearNotice: assign({ notice: '', error: '' }),
    queueSelection: assign(({ context }) => ({ queue: addableIds(context, context.selected) })),
  },
}).createMachine({
  id: 'maintenancePage',
  context: { machine: null, items: [], itemsTotal: 0, page: 1, plans: [], selected: [], error: '', notice: '', queue: [] },
  initial: 'idle',
  on: {
    'machine.set': { guard: 'isOtherMachine', target: '.loading', reenter: true, actions: 'assignMachine' },
  },
  states: {
    idle: {},
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        input: ({ context }) => ({ machine: context.machine!, offset: (context.page - 1) * ITEMS_PAGE_SIZE, size: ITEMS_PAGE_SIZE }),
        onDone: { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => ({ output: event.output }) } },
        onError: [{ guard: 'isAborted' }, { target: 'ready' }],
      },
    },
    reloadingPlans: {
      tags: ['busy'],
      invoke: {
        src: 'loadPlans',
        input: ({ context }) => ({ machine: context.machine! }),
        onDone: { target: 'ready', actions: { type: 'assignPlans', params: ({ event }) => ({ output: event.output }) } },
        onError: [{ guard: 'isAborted' }, { target: 'ready' }],
      },
    },
    ready: {
      on: {
        'items.page': { guard: 'isOtherPage', target: 'loading', actions: 'assignPage' },
        'selection.set': { actions: 'assignSelection' },
        'plans.add': { guard: 'hasSelection', target: 'adding', actions: ['clearNotice', 'queueSelection'] },
        'plan.remove': { guard: 'isPlanned', target: 'removing', actions: 'clearNotice' },
        'plans.reload': { guard: 'hasMachine', target: 'reloadingPlans' },
      },
    },
    // The selected items one by one; the first refusal stops and is the answer.
    adding: {
      tags: ['busy'],
      invoke: {
        src: 'addPlan',
        input: ({ context }) => ({ machineId: context.machine!.id, itemId: context.queue[0]! }),
        onDone: [
          {
            guard: ({ context, event }) => event.output.kind === 'saved' && context.queue.length > 1,
            target: 'adding',
            reenter: true,
            actions: assign(({ context }) => ({ queue: context.queue.slice(1) })),
          },
          { target: 'loading', actions: [assign({ queue: [] }), { type: 'assignSaved', params: ({ event }) => ({ output: event.output }) }] },
        ],
        onError: [{ guard: 'isAborted' }, { target: 'loading', actions: assign({ queue: [] }) }],
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        src: 'removePlan',
        input: ({ event }) => ({ planId: event.type === 'plan.remove' ? event.planId : 0 }),
        onDone: { target: 'loading', actions: { type: 'assignSaved', params: ({ event }) => ({ output: event.output }) } },
        onError: [{ guard: 'isAborted' }, { target: 'loading' }],
      },
    },
  },
});
