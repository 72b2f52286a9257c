import { assign, fromPromise, setup } from 'xstate';
import type { MachineKind } from '../devices/machine-kind';
import { isAbortError } from '../shared/abort';
import { DEFAULT_PAGE_SIZE, isPageOf, isPageSize, pageCount, pageOffset, type PageSize } from './paging';
import type { PageAnswer, TableRow } from './report-rows';

/** The machine a table is about. */
export interface MachineRef {
  orderNumber: string;
  kind: MachineKind;
}

/** What one page load asks for: `offset` is PrevPageNums, `size` TopNums. */
export interface PageQuery extends MachineRef {
  offset: number;
  size: number;
}

export interface PagedTableContext {
  /** null until a machine is chosen. */
  machine: MachineRef | null;
  page: number;
  size: PageSize;
  /** The rows of `page` of `machine` (never another machine's: a switch clears them). */
  rows: TableRow[];
  total: number;
  /** The server's refusal of the last load ('' when the call itself failed). */
  error: string;
  /** True once a page of the current machine has arrived. */
  loaded: boolean;
}

export type PagedTableEvent =
  | { type: 'machine.set'; machine: MachineRef }
  | { type: 'page.set'; page: number }
  | { type: 'size.set'; size: number }
  | { type: 'table.reload' };

const sameMachine = (a: MachineRef | null, b: MachineRef) => !!a && a.orderNumber === b.orderNumber && a.kind === b.kind;

/**
 * A paged table of one machine (the processing report and the run-time table of spec 2): loads a
 * page with PrevPageNums/TopNums, keeps the rows while the next page loads, starts again at page 1
 * on another machine or page size. A load that was overtaken (another machine, page or size) is
 * stopped with its state, so its answer can never replace the current one.
 */
export const pagedTableMachine = setup({
  types: {
    context: {} as PagedTableContext,
    events: {} as PagedTableEvent,
    input: {} as { machine?: MachineRef | null; size?: number },
    tags: {} as 'busy',
  },
  actors: {
    loadPage: fromPromise<PageAnswer, PageQuery>(async () => {
      throw new Error('loadPage actor not provided');
    }),
  },
  guards: {
    hasMachine: ({ context }) => context.machine !== null,
    isOtherMachine: ({ context, event }) => event.type === 'machine.set' && !sameMachine(context.machine, event.machine),
    isOtherPage: ({ context, event }) =>
      context.machine !== null && event.type === 'page.set' && event.page !== context.page && isPageOf(event.page, context.total, context.size),
    isOtherSize: ({ context, event }) => context.machine !== null && event.type === 'size.set' && isPageSize(event.size) && event.size !== context.size,
    isAborted: ({ event }) => isAbortError((event as { error?: unknown }).error),
    isRefused: (_, params: { answer: PageAnswer }) => params.answer.kind === 'refused',
    /** The table shrank under a later page (rows deleted): go to its new last page. */
    isPastEnd: ({ context }, params: { answer: PageAnswer }) => {
      const { answer } = params;
      return answer.kind === 'page' && answer.rows.length === 0 && answer.total > 0 && context.page > pageCount(answer.total, context.size);
    },
  },
  actions: {
    assignMachine: assign(({ event }) =>
      event.type === 'machine.set' ? { machine: { ...event.machine }, page: 1, rows: [], total: 0, error: '', loaded: false } : {},
    ),
    assignPage: assign(({ event }) => (event.type === 'page.set' ? { page: event.page } : {})),
    assignSize: assign(({ event }) => (event.type === 'size.set' && isPageSize(event.size) ? { size: event.size, page: 1 } : {})),
    assignLastPage: assign(({ context }, params: { answer: PageAnswer }) =>
      params.answer.kind === 'page' ? { page: pageCount(params.answer.total, context.size), total: params.answer.total } : {},
    ),
    assignRows: assign((_, params: { answer: PageAnswer }) =>
      params.answer.kind === 'page' ? { rows: params.answer.rows, total: params.answer.total, error: '', loaded: true } : {},
    ),
    // A failed page is not shown as the page before it: the table shows the failure and a retry.
    assignError: assign((_, params: { message: string }) => ({ error: params.message, rows: [], loaded: false })),
  },
}).createMachine({
  id: 'pagedTable',
  context: ({ input }) => ({
    machine: input.machine ? { ...input.machine } : null,
    page: 1,
    size: isPageSize(input.size) ? input.size : DEFAULT_PAGE_SIZE,
    rows: [],
    total: 0,
    error: '',
    loaded: false,
  }),
  initial: 'starting',
  on: {
    'machine.set': { guard: 'isOtherMachine', target: '.loading', reenter: true, actions: 'assignMachine' },
    'page.set': { guard: 'isOtherPage', target: '.loading', reenter: true, actions: 'assignPage' },
    'size.set': { guard: 'isOtherSize', target: '.loading', reenter: true, actions: 'assignSize' },
    'table.reload': { guard: 'hasMachine', target: '.loading', reenter: true },
  },
  states: {
    starting: {
      always: [{ guard: 'hasMachine', target: 'loading' }, { target: 'idle' }],
    },
    idle: {},
    loading: {
      tags: ['busy'],
      entry: assign({ error: '' }),
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ ...context.machine!, offset: pageOffset(context.page, context.size), size: context.size }),
        onDone: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ answer: event.output }) },
            target: 'failed',
            actions: { type: 'assignError', params: ({ event }) => ({ message: event.output.kind === 'refused' ? event.output.message : '' }) },
          },
          {
            guard: { type: 'isPastEnd', params: ({ event }) => ({ answer: event.output }) },
            target: 'loading',
            reenter: true,
            actions: { type: 'assignLastPage', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'ready', actions: { type: 'assignRows', params: ({ event }) => ({ answer: event.output }) } },
        ],
        // No answer: the HTTP adapter already showed the network or timeout dialog.
        onError: [{ guard: 'isAborted' }, { target: 'failed', actions: { type: 'assignError', params: { message: '' } } }],
      },
    },
    ready: {},
    failed: {},
  },
});
