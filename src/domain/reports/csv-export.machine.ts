import { assign, fromPromise, setup } from 'xstate';
import type { Refused } from '../shared/refused';
import type { DayRange } from './day-range';
import type { MachineRef } from './paged-table.machine';

/** The tables `Machine/ExportCsv` writes (ADR 0006). */
export type ExportTable = 'report' | 'runtime' | 'alarms';

export interface ExportQuery extends MachineRef {
  table: ExportTable;
  /** Only the alarms are exported for a range: the page's tables show every row. */
  range?: DayRange;
  timeZone?: string;
  /** The page's language: the server writes ProcessType and IsComplete in it. */
  lang?: 'zh' | 'en';
}

/** ExportCsv's answer: a file (with the server's name when it gave one), nothing to export yet, or the server's refusal. */
export type ExportAnswer = { kind: 'file'; blob: Blob; fileName: string | null } | { kind: 'empty' } | Refused;

export interface CsvExportContext {
  /** The table being exported, null when none is. */
  exporting: ExportTable | null;
  query: ExportQuery | null;
}

export type CsvExportEvent = { type: 'export.csv'; query: ExportQuery };

/** The name a CSV file gets when the server names none: order number, table and range, e.g. `LC-1-alarms-2025-06-01_2025-06-07.csv`. */
export function exportFileName(query: ExportQuery): string {
  const safe = query.orderNumber.replace(/[^A-Za-z0-9_-]/g, '_');
  const range = query.range ? `-${query.range.start}_${query.range.end}` : '';
  return `${safe}-${query.table}${range}.csv`;
}

/**
 * CSV downloads of the task page through `Machine/ExportCsv`, one at a time: the file is handed
 * to `saveFile` (the screen saves it), nothing to export to `notifyEmpty`, a refusal to
 * `notifyRefused` with the server's message.
 */
export const csvExportMachine = setup({
  types: {
    context: {} as CsvExportContext,
    events: {} as CsvExportEvent,
    tags: {} as 'busy',
  },
  actors: {
    exportCsv: fromPromise<ExportAnswer, ExportQuery>(async () => {
      throw new Error('exportCsv actor not provided');
    }),
  },
  guards: {
    isFile: (_, params: { answer: ExportAnswer }) => params.answer.kind === 'file',
    isEmpty: (_, params: { answer: ExportAnswer }) => params.answer.kind === 'empty',
  },
  actions: {
    assignQuery: assign(({ event }) => ({ exporting: event.query.table, query: { ...event.query } })),
    clear: assign({ exporting: null, query: null }),
    /** Saves the file; the screen provides it. */
    saveFile: (_, _params: { blob: Blob; fileName: string }) => {},
    /** Tells that the table has nothing to export; the screen provides it. */
    notifyEmpty: () => {},
    /** Shows the server's refusal; the screen provides it. */
    notifyRefused: (_, _params: { info: string }) => {},
  },
}).createMachine({
  id: 'csvExport',
  context: { exporting: null, query: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'export.csv': { target: 'exporting', actions: 'assignQuery' } },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        src: 'exportCsv',
        input: ({ context }) => context.query!,
        onDone: [
          {
            guard: { type: 'isFile', params: ({ event }) => ({ answer: event.output }) },
            target: 'idle',
            actions: [
              {
                type: 'saveFile',
                params: ({ context, event }) =>
                  event.output.kind === 'file'
                    ? { blob: event.output.blob, fileName: event.output.fileName || exportFileName(context.query!) }
                    : { blob: new Blob([]), fileName: '' },
              },
              'clear',
            ],
          },
          { guard: { type: 'isEmpty', params: ({ event }) => ({ answer: event.output }) }, target: 'idle', actions: ['notifyEmpty', 'clear'] },
          {
            target: 'idle',
            actions: [
              { type: 'notifyRefused', params: ({ event }) => ({ info: event.output.kind === 'refused' ? event.output.message : '' }) },
              'clear',
            ],
          },
        ],
        // No answer (or aborted): the HTTP adapter already showed the network or timeout dialog.
        onError: { target: 'idle', actions: 'clear' },
      },
    },
  },
});
