import { assign, fromPromise, setup } from 'xstate';
import type { Refused } from '../shared/refused';

/** A warranty row of a bound machine (spec 2 section 3). */
export interface WarrantyRow {
  orderNumber: string;
  deliveryTime: string;
  marketingDept: string;
  belongDept: string;
  laserBrand: string;
  guaranteeTime: string;
  extendedTime: string;
  extendedType: string;
  underWarranty: boolean;
}

export type WarrantyListAnswer<Row> = { kind: 'list'; rows: Row[] } | Refused;

export interface WarrantyListContext<Row> {
  /** What is typed in the search box. */
  search: string;
  /** The search being asked (whitespace stripped, as the server searches). */
  asking: string;
  /** The search the rows answer. */
  shownFor: string;
  rows: Row[];
  failed: boolean;
}

export type WarrantyListEvent = { type: 'search.change'; text: string } | { type: 'search.submit' };

/** Order numbers have no spaces: the search is sent without any (spec 2 section 3). */
export const warrantySearchOf = (text: string) => text.replace(/\s+/g, '');

/**
 * The user centre's warranty table (QualityAssurance/GetList): loads every row of the caller's
 * machines, then the rows of a submitted search, whitespace stripped. A search submitted while one
 * loads replaces it (the older answer is dropped), so the rows always answer the last search.
 */
export function warrantyListMachine<Row>() {
  return setup({
    types: { context: {} as WarrantyListContext<Row>, events: {} as WarrantyListEvent },
    actors: {
      load: fromPromise<WarrantyListAnswer<Row>, { search: string }>(async () => {
        throw new Error('warrantyListMachine: provide the load actor');
      }),
    },
  }).createMachine({
    id: 'warrantyList',
    context: { search: '', asking: '', shownFor: '', rows: [], failed: false },
    initial: 'loading',
    on: {
      'search.change': { actions: assign(({ event }) => ({ search: event.text })) },
      'search.submit': { target: '.loading', reenter: true },
    },
    states: {
      loading: {
        entry: assign(({ context }) => ({ asking: warrantySearchOf(context.search) })),
        invoke: {
          src: 'load',
          input: ({ context }) => ({ search: context.asking }),
          onDone: {
            target: 'ready',
            actions: assign(({ event, context }) =>
              event.output.kind === 'list'
                ? { rows: event.output.rows, failed: false, shownFor: context.asking }
                : { rows: [], failed: true, shownFor: context.asking },
            ),
          },
          onError: { target: 'ready', actions: assign(({ context }) => ({ rows: [], failed: true, shownFor: context.asking })) },
        },
      },
      ready: {},
    },
  });
}
