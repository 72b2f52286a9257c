import { assign, fromPromise, raise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { Refused } from '../shared/refused';
import { offersStockPage } from './stock-threshold';
import type { DateType } from './work-order-dates';
import { workOrderFormMachine, type AcceptedOrder, type WorkOrderFormValues } from './work-order-form.machine';
import type { SparePartOption, WorkOrderRow } from './work-order-row';
import type { StatusFilter } from './work-order-status';
import type { Language } from '../accounts/language';

/** The list's filters and page (spec 3 section 4): the searched event number, the quick date, the status. */
export interface WorkOrdersQuery {
  eventNum: string;
  dateType: DateType;
  status: StatusFilter;
  page: number;
}

/** A machine, province or city to choose in the form. */
export interface Choice {
  id: string;
  name: string;
}

export const WORK_ORDERS_PAGE_SIZE = 10;

export type OrdersAnswer = { kind: 'page'; rows: WorkOrderRow[]; total: number } | Refused;

export interface WorkOrdersPageContext {
  language: Language;
  /** What the search box holds; the list searches it on `search.submit`. */
  search: string;
  query: WorkOrdersQuery;
  rows: WorkOrderRow[];
  total: number;
  /** The last load failed (no answer, or a refusal). */
  failed: boolean;
  machines: Choice[];
  provinces: Choice[];
  /** The cities of the province chosen in the form. */
  cities: Choice[];
  parts: SparePartOption[];
  /** Parts the customer has a stock threshold for (the form offers the optional field for the others). */
  partsWithThreshold: readonly number[];
  /** What a new form starts from: the customer's contact data, and a machine and an alarm from a live page. */
  defaults: Partial<WorkOrderFormValues>;
  /** The form opens at once (the page was opened from an alarm). */
  openAtStart: boolean;
  /** The last accepted submission, for the success dialog and the stock warning. */
  accepted: AcceptedOrder | null;
  /** The order whose drawer is open. */
  viewing: WorkOrderRow | null;
}

export type WorkOrdersPageEvent =
  | { type: 'search.change'; text: string }
  | { type: 'search.submit' }
  | { type: 'status.choose'; status: StatusFilter }
  | { type: 'date.choose'; dateType: DateType }
  | { type: 'page.choose'; page: number }
  | { type: 'language.change'; language: Language }
  | { type: 'form.open' }
  | { type: 'form.close' }
  /** The form's province: the form takes it, and the page loads its cities. */
  | { type: 'province.choose'; id: string; name: string }
  | { type: 'order.view'; row: WorkOrderRow }
  | { type: 'order.close' }
  /** The success dialog's OK, then the stock warning's "later" or "go to stock". */
  | { type: 'notice.acknowledge' }
  | { type: 'list.reload' };

export interface WorkOrdersPageInput {
  language: Language;
  defaults?: Partial<WorkOrderFormValues>;
  openAtStart?: boolean;
  /** An order to find at once (a bell message's link to a label request's order). */
  eventNum?: string;
}

/** The form the page holds, for the dialog to render and send its fields to. */
export type WorkOrderFormRef = ActorRefFrom<typeof workOrderFormMachine>;

const FIRST_PAGE: WorkOrdersQuery = { eventNum: '', dateType: '', status: null, page: 1 };

/**
 * `/click`, the one-click repair page (spec 3 section 4): the caller's work orders (event-number
 * search, status filter, quick dates, pages of 10), the detail drawer, and the work-order form
 * with what it chooses from (machines, provinces and their cities, spare parts and which have a
 * threshold). After an accepted submission: the success dialog, a form reset to its defaults, the
 * list loaded again once (the choices stay: a threshold sent with the order is known to be saved),
 * and, when the stock signal is 2 or 0, the warning that leads to the stock page.
 *
 * Parallel regions: `list` (a filter, page or language change loads again, the load it overtook
 * stopped with its state), `choices` (loaded once a language), `cities` (per province) and `order`
 * (the form, invoked anew after each acceptance). A region restarts its own child state only: a
 * `reenter` from a region would re-enter the whole parallel machine (XState's transition domain
 * of a region is the machine's root), the form and every load with it.
 */
export const workOrdersPageMachine = setup({
  types: {
    context: {} as WorkOrdersPageContext,
    events: {} as WorkOrdersPageEvent,
    input: {} as WorkOrdersPageInput,
    tags: {} as 'loading',
  },
  actors: {
    loadOrders: fromPromise<OrdersAnswer, { query: WorkOrdersQuery; size: number; language: Language }>(async () => {
      throw new Error('workOrdersPage: loadOrders not provided');
    }),
    loadMachines: fromPromise<Choice[], void>(async () => {
      throw new Error('workOrdersPage: loadMachines not provided');
    }),
    loadProvinces: fromPromise<Choice[], { language: Language }>(async () => {
      throw new Error('workOrdersPage: loadProvinces not provided');
    }),
    loadCities: fromPromise<Choice[], { provinceId: string; language: Language }>(async () => {
      throw new Error('workOrdersPage: loadCities not provided');
    }),
    loadParts: fromPromise<SparePartOption[], { language: Language }>(async () => {
      throw new Error('workOrdersPage: loadParts not provided');
    }),
    loadPartsWithThreshold: fromPromise<number[], { language: Language }>(async () => {
      throw new Error('workOrdersPage: loadPartsWithThreshold not provided');
    }),
    workOrderForm: workOrderFormMachine,
  },
  guards: {
    offersStock: ({ context }) => !!context.accepted && offersStockPage(context.accepted.signal),
    opensAtStart: ({ context }) => context.openAtStart,
    hasProvince: ({ event }) => event.type === 'province.choose' && !!event.id,
    // Both regions choose on the language before either sets it.
    isOtherLanguage: ({ context, event }) => event.type === 'language.change' && event.language !== context.language,
  },
  actions: {
    setLanguage: assign(({ event }) => (event.type === 'language.change' ? { language: event.language } : {})),
  },
}).createMachine({
  id: 'workOrdersPage',
  type: 'parallel',
  context: ({ input }) => ({
    language: input.language,
    search: input.eventNum?.trim() ?? '',
    query: { ...FIRST_PAGE, eventNum: input.eventNum?.trim() ?? '' },
    rows: [],
    total: 0,
    failed: false,
    machines: [],
    provinces: [],
    cities: [],
    parts: [],
    partsWithThreshold: [],
    defaults: input.defaults ?? {},
    openAtStart: !!input.openAtStart,
    accepted: null,
    viewing: null,
  }),
  on: {
    'search.change': { actions: assign(({ event }) => ({ search: event.text })) },
    'order.view': { actions: assign(({ event }) => ({ viewing: event.row })) },
    'order.close': { actions: assign({ viewing: null }) },
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        'search.submit': { target: '.loading', actions: assign(({ context }) => ({ query: { ...context.query, eventNum: context.search.trim(), page: 1 } })) },
        'status.choose': { target: '.loading', actions: assign(({ context, event }) => ({ query: { ...context.query, status: event.status, page: 1 } })) },
        'date.choose': { target: '.loading', actions: assign(({ context, event }) => ({ query: { ...context.query, dateType: event.dateType, page: 1 } })) },
        'page.choose': { target: '.loading', actions: assign(({ context, event }) => ({ query: { ...context.query, page: Math.max(1, Math.floor(event.page) || 1) } })) },
        'language.change': { guard: 'isOtherLanguage', target: '.loading', actions: 'setLanguage' },
        'list.reload': { target: '.loading' },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            src: 'loadOrders',
            input: ({ context }) => ({ query: context.query, size: WORK_ORDERS_PAGE_SIZE, language: context.language }),
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => (event.output.kind === 'page' ? { rows: event.output.rows, total: event.output.total, failed: false } : { rows: [], total: 0, failed: true })),
            },
            onError: { target: 'ready', actions: assign({ rows: [], total: 0, failed: true }) },
          },
        },
        ready: {},
      },
    },
    choices: {
      initial: 'loading',
      on: { 'language.change': { guard: 'isOtherLanguage', target: '.loading', actions: 'setLanguage' } },
      states: {
        // Each list on its own: one that fails leaves the others, and its select empty.
        loading: {
          invoke: [
            { src: 'loadMachines', onDone: { actions: assign(({ event }) => ({ machines: event.output })) } },
            { src: 'loadProvinces', input: ({ context }) => ({ language: context.language }), onDone: { actions: assign(({ event }) => ({ provinces: event.output })) } },
            { src: 'loadParts', input: ({ context }) => ({ language: context.language }), onDone: { actions: assign(({ event }) => ({ parts: event.output })) } },
            {
              src: 'loadPartsWithThreshold',
              input: ({ context }) => ({ language: context.language }),
              onDone: { actions: assign(({ event }) => ({ partsWithThreshold: event.output })) },
            },
          ],
        },
      },
    },
    cities: {
      initial: 'none',
      on: {
        'province.choose': [
          { guard: 'hasProvince', target: '.loading', actions: [assign({ cities: [] }), sendTo('form', ({ event }) => event)] },
          { target: '.none', actions: [assign({ cities: [] }), sendTo('form', ({ event }) => event)] },
        ],
      },
      states: {
        none: {},
        loading: {
          invoke: {
            src: 'loadCities',
            input: ({ context, event }) => ({ provinceId: event.type === 'province.choose' ? event.id : '', language: context.language }),
            onDone: { target: 'none', actions: assign(({ event }) => ({ cities: event.output })) },
            onError: { target: 'none' },
          },
        },
      },
    },
    order: {
      initial: 'editing',
      states: {
        // The form lives while the dialog is closed and open again (what was typed stays); an
        // accepted order ends it, and the next order is a new one, reset to the defaults.
        editing: {
          initial: 'closed',
          invoke: {
            id: 'form',
            src: 'workOrderForm',
            input: ({ context }) => ({ defaults: context.defaults }),
            onDone: {
              target: 'succeeded',
              actions: [
                assign(({ context, event }) => ({
                  accepted: event.output,
                  cities: [],
                  partsWithThreshold:
                    event.output.thresholdSaved && !context.partsWithThreshold.includes(Number(event.output.partId))
                      ? [...context.partsWithThreshold, Number(event.output.partId)]
                      : context.partsWithThreshold,
                })),
                raise({ type: 'list.reload' }),
              ],
            },
          },
          states: {
            closed: {
              always: { guard: 'opensAtStart', target: 'open' },
              on: { 'form.open': 'open' },
            },
            open: {
              entry: assign({ openAtStart: false }),
              on: { 'form.close': 'closed' },
            },
          },
        },
        succeeded: {
          on: { 'notice.acknowledge': [{ guard: 'offersStock', target: 'stockWarning' }, { target: 'editing' }] },
        },
        stockWarning: {
          on: { 'notice.acknowledge': 'editing' },
        },
      },
    },
  },
});
