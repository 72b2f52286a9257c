import { assign, fromPromise, raise, setup } from 'xstate';
import type { FleetAnswer, MyMachine } from '../devices/fleet';
import type { Refused } from '../shared/refused';

/** Page sizes of the document table (spec 3: 10 a page, with a quick jumper; 20 and 50 as the report tables offer). */
export const DOCUMENT_PAGE_SIZES = [10, 20, 50] as const;
export const DOCUMENT_PAGE_SIZE = 10;

/** A listed document as far as the screen's state needs it. */
export interface ScreenDocument {
  Id: string;
}

/** A page of documents: the rows and the total (WebGetList's ReturnCount), or a refusal. */
export type DocumentPage<Row> = { kind: 'list'; documents: Row[]; total: number } | Refused;

export type ReportKind = 'work' | 'cam';

export interface DocumentsQuery {
  orderNumber: string;
  fileName: string;
}

/** What is open over the table: nothing, the upload drawer, the delete confirmation, or a report drawer. */
export type DocumentsPanel<Row, Report> =
  | { kind: 'none' }
  | { kind: 'upload' }
  | { kind: 'confirm'; doc: Row }
  | { kind: 'report'; report: ReportKind; doc: Row; answer: Report | null };

export interface DocumentsScreenContext<Row, Report> {
  query: DocumentsQuery;
  page: number;
  size: number;
  /** Null while a page loads. */
  documents: Row[] | null;
  total: number;
  failed: boolean;
  panel: DocumentsPanel<Row, Report>;
  /** The caller's machines for the order select and the upload drawer; null while they load. */
  machines: MyMachine[] | null;
}

export type DocumentsScreenEvent<Row> =
  | { type: 'filter.order'; orderNumber: string }
  | { type: 'filter.name'; fileName: string }
  | { type: 'filter.reset' }
  | { type: 'page'; page: number }
  | { type: 'size'; size: number }
  | { type: 'reload' }
  | { type: 'upload.open' }
  | { type: 'upload.done' }
  | { type: 'delete.ask'; doc: Row }
  | { type: 'delete.confirm' }
  | { type: 'report.open'; report: ReportKind; doc: Row }
  | { type: 'panel.close' };

/** The number of pages of `total` rows (at least one). */
export const documentPages = (total: number, size: number) => Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, size)));
/** A page asked for (the quick jumper may ask anything), kept within 1..pages. */
export const clampDocumentPage = (page: number, total: number, size: number) =>
  Math.min(Math.max(1, Number.isFinite(page) ? Math.trunc(page) : 1), documentPages(total, size));
const isPageSize = (size: number) => (DOCUMENT_PAGE_SIZES as readonly number[]).includes(size);

/**
 * The file screen (spec 3 "File screen", issue 18) apart from the upload drawer's own machine:
 * the document table paged on the server (WebGetList's PrevPageNums = (page-1)*size, TopNums =
 * size, ReturnCount the total), its filters, and what is open over it. A new filter or page size
 * goes back to page 1; a page is kept within the pages there are, and a page left empty by a
 * deletion falls back to the last page that has rows. One panel at a time: the upload drawer, the
 * delete confirmation (busy while deleting, then reloads) or a report drawer (loads its report).
 * An empty file-name search changes nothing and warns (warnEmptyName). Beside them, the caller's
 * machines load once (the order select and the upload drawer).
 */
export function createDocumentsScreenMachine<Row extends ScreenDocument, Report>() {
  type Context = DocumentsScreenContext<Row, Report>;
  type Event = DocumentsScreenEvent<Row>;
  return setup({
    types: {
      context: {} as Context,
      events: {} as Event,
      tags: {} as 'deleting',
    },
    actors: {
      load: fromPromise<DocumentPage<Row>, DocumentsQuery & { offset: number; size: number }>(async () => {
        throw new Error('documentsScreen: provide the load actor');
      }),
      remove: fromPromise<{ kind: 'deleted' } | Refused, { id: string }>(async () => {
        throw new Error('documentsScreen: provide the remove actor');
      }),
      loadReport: fromPromise<Report, { report: ReportKind; doc: Row }>(async () => {
        throw new Error('documentsScreen: provide the loadReport actor');
      }),
      loadMachines: fromPromise<FleetAnswer>(async () => {
        throw new Error('documentsScreen: provide the loadMachines actor');
      }),
    },
    actions: {
      // The screen's notices (the spec's fail3, fail4, 删除成功!, the empty-search warning).
      listFailed: (_, _params: { message: string }) => {},
      deleted: () => {},
      deleteFailed: (_, _params: { message: string }) => {},
      reportAnswered: (_, _params: { answer: Report }) => {},
      warnEmptyName: () => {},
    },
    guards: {
      isEmptyName: ({ event }) => event.type === 'filter.name' && event.fileName.trim() === '',
      isReportPanel: ({ context }) => context.panel.kind === 'report',
      isConfirmPanel: ({ context }) => context.panel.kind === 'confirm',
    },
  }).createMachine({
    id: 'documentsScreen',
    type: 'parallel',
    context: {
      query: { orderNumber: '', fileName: '' },
      page: 1,
      size: DOCUMENT_PAGE_SIZE,
      documents: null,
      total: 0,
      failed: false,
      panel: { kind: 'none' },
      machines: null,
    },
    states: {
      machines: {
        initial: 'loading',
        states: {
          loading: {
            invoke: {
              src: 'loadMachines',
              // A refusal or no answer leaves the select empty (and says there are no machines).
              onDone: { target: 'ready', actions: assign(({ event }) => ({ machines: event.output.kind === 'list' ? event.output.machines : [] })) },
              onError: { target: 'ready', actions: assign({ machines: [] }) },
            },
          },
          ready: {},
        },
      },
      list: {
        initial: 'loading',
        on: {
          'filter.order': { target: '.loading', actions: assign(({ context, event }) => ({ query: { ...context.query, orderNumber: event.orderNumber }, page: 1 })) },
          'filter.name': [
            { guard: 'isEmptyName', actions: 'warnEmptyName' },
            { target: '.loading', actions: assign(({ context, event }) => ({ query: { ...context.query, fileName: event.fileName.trim() }, page: 1 })) },
          ],
          'filter.reset': { target: '.loading', actions: assign(({ context }) => ({ query: { ...context.query, fileName: '' }, page: 1 })) },
          size: { guard: ({ event }) => isPageSize(event.size), target: '.loading', actions: assign(({ event }) => ({ size: event.size, page: 1 })) },
          reload: '.loading',
        },
        states: {
          loading: {
            entry: assign({ documents: null, failed: false }),
            invoke: {
              src: 'load',
              input: ({ context }) => ({ ...context.query, offset: (context.page - 1) * context.size, size: context.size }),
              onDone: [
                {
                  guard: ({ event }) => event.output.kind === 'refused',
                  target: 'ready',
                  actions: [
                    assign({ documents: [], total: 0, failed: true }),
                    { type: 'listFailed', params: ({ event }) => ({ message: (event.output as Refused).message }) },
                  ],
                },
                {
                  // A page left without rows (the last row of the last page deleted): the last page that has some.
                  guard: ({ context, event }) =>
                    event.output.kind === 'list' && event.output.documents.length === 0 && clampDocumentPage(context.page, event.output.total, context.size) < context.page,
                  target: 'loading',
                  reenter: true,
                  actions: assign(({ context, event }) => ({ page: clampDocumentPage(context.page, (event.output as { total: number }).total, context.size) })),
                },
                {
                  target: 'ready',
                  actions: assign(({ event }) => {
                    const answer = event.output as { documents: Row[]; total: number };
                    return { documents: answer.documents, total: Math.max(answer.total, answer.documents.length) };
                  }),
                },
              ],
              onError: { target: 'ready', actions: assign({ documents: [], total: 0, failed: true }) },
            },
          },
          ready: {
            on: {
              page: {
                guard: ({ context, event }) => clampDocumentPage(event.page, context.total, context.size) !== context.page,
                target: 'loading',
                actions: assign(({ context, event }) => ({ page: clampDocumentPage(event.page, context.total, context.size) })),
              },
            },
          },
        },
      },
      panel: {
        initial: 'closed',
        states: {
          closed: {
            entry: assign({ panel: { kind: 'none' } }),
            on: {
              'upload.open': { target: 'upload' },
              'delete.ask': { target: 'confirming', actions: assign(({ event }) => ({ panel: { kind: 'confirm' as const, doc: event.doc } })) },
              'report.open': { target: 'report', actions: assign(({ event }) => ({ panel: { kind: 'report' as const, report: event.report, doc: event.doc, answer: null } })) },
            },
          },
          upload: {
            entry: assign({ panel: { kind: 'upload' } }),
            on: {
              'panel.close': 'closed',
              // A finished upload closes the drawer and shows the new rows from the first page.
              'upload.done': { target: 'closed', actions: [assign({ page: 1 }), raise({ type: 'reload' })] },
            },
          },
          confirming: {
            on: { 'panel.close': 'closed', 'delete.confirm': 'deleting' },
          },
          deleting: {
            tags: ['deleting'],
            invoke: {
              src: 'remove',
              input: ({ context }) => ({ id: context.panel.kind === 'confirm' ? context.panel.doc.Id : '' }),
              onDone: [
                { guard: ({ event }) => event.output.kind === 'deleted', target: 'closed', actions: ['deleted', raise({ type: 'reload' })] },
                { target: 'closed', actions: { type: 'deleteFailed', params: ({ event }) => ({ message: (event.output as Refused).message }) } },
              ],
              // No answer: the HTTP adapter showed its dialog.
              onError: 'closed',
            },
          },
          report: {
            on: { 'panel.close': 'closed' },
            invoke: {
              src: 'loadReport',
              input: ({ context }) => (context.panel.kind === 'report' ? { report: context.panel.report, doc: context.panel.doc } : ({} as never)),
              onDone: {
                actions: [
                  assign(({ context, event }) => (context.panel.kind === 'report' ? { panel: { ...context.panel, answer: event.output } } : {})),
                  { type: 'reportAnswered', params: ({ event }) => ({ answer: event.output }) },
                ],
              },
            },
          },
        },
      },
    },
  });
}

/** The file screen's machine with its rows and reports as the port gives them (app/documents.module.ts provides its actors). */
export type DocumentsScreenMachine<Row extends ScreenDocument, Report> = ReturnType<typeof createDocumentsScreenMachine<Row, Report>>;
