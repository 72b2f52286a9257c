import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Refused } from '../shared/refused';

/** A page of a staff list, the 403 of a caller who is not staff, or a refusal. */
export type PageAnswer<Row> = { kind: 'page'; rows: Row[]; total: number } | { kind: 'forbidden' } | Refused;

export interface PagedListContext<Row, Filter> {
  filter: Filter;
  page: number;
  size: number;
  rows: Row[];
  total: number;
  message: string;
}

export type PagedListEvent<Filter> =
  | { type: 'page'; page: number }
  | { type: 'filter'; filter: Filter }
  | { type: 'reload' };

/** The number of pages of `total` rows (at least one). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, size)));
/** A page asked for, kept within 1..pages (the quick jumper may ask for anything). */
export const clampPage = (page: number, total: number, size: number) => Math.min(Math.max(1, Number.isFinite(page) ? Math.trunc(page) : 1), pageCount(total, size));

/**
 * A paged staff list (the service page's machines, registrations, the audit log): loads a page
 * with the filter, offset = (page-1)*size (DECISIONS 1). A new filter goes back to page 1; a page
 * asked for is kept within the pages there are. `forbidden` is the server's 403 (not staff).
 * A filter sent while a page is loading replaces that load: a search typed and sent while the tab's
 * first page was still on its way was dropped, and the unfiltered list showed under it.
 */
export function pagedListMachine<Row, Filter>() {
  return setup({
    types: {} as {
      context: PagedListContext<Row, Filter>;
      events: PagedListEvent<Filter>;
      input: { filter: Filter; size: number };
    },
    actors: {
      load: fromPromise<PageAnswer<Row>, { filter: Filter; offset: number; size: number }>(async () => {
        throw new Error('pagedListMachine: provide the load actor');
      }),
    },
    actions: {
      /** A new filter, from page 1. */
      takeFilter: assign(({ event }) => {
        assertEvent(event, 'filter');
        return { filter: event.filter, page: 1 };
      }),
    },
  }).createMachine({
    id: 'pagedList',
    context: ({ input }) => ({ filter: input.filter, page: 1, size: input.size, rows: [], total: 0, message: '' }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'load',
          input: ({ context }) => ({ filter: context.filter, offset: (context.page - 1) * context.size, size: context.size }),
          onDone: [
            { guard: ({ event }) => event.output.kind === 'forbidden', target: 'forbidden' },
            { guard: ({ event }) => event.output.kind === 'refused', target: 'failed', actions: assign({ message: ({ event }) => (event.output as Refused).message }) },
            {
              target: 'ready',
              actions: assign(({ event }) => {
                const answer = event.output as { rows: Row[]; total: number };
                return { rows: answer.rows, total: answer.total, message: '' };
              }),
            },
          ],
          onError: { target: 'failed', actions: assign({ message: '' }) },
        },
        on: {
          filter: { target: 'loading', reenter: true, actions: 'takeFilter' },
        },
      },
      ready: {
        on: {
          page: { target: 'loading', actions: assign({ page: ({ context, event }) => clampPage(event.page, context.total, context.size) }) },
          filter: { target: 'loading', actions: 'takeFilter' },
          reload: 'loading',
        },
      },
      failed: {
        on: {
          reload: 'loading',
          filter: { target: 'loading', actions: 'takeFilter' },
        },
      },
      forbidden: {},
    },
  });
}
