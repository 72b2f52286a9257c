import type { MachineKind } from '../../domain/devices/machine-kind';
import { completionOf, processTypeOf, type TableRow } from '../../domain/reports/report-rows';
import type { Translate } from '../i18n/intl';
import { fileLabel, formatAmount, formatSeconds, formatWhen, localInstant, safeFileHref, type ReportFormat } from './report-format';

/** What a cell shows: its text, a link, or a badge with a tone. */
export interface Cell {
  text: string;
  /** The ISO time the text writes in the browser's zone (`<time dateTime>`). */
  time?: string;
  href?: string;
  badge?: 'green' | 'orange' | 'gray';
}

/** One column of a report table: the row field it shows, its header and how a value is written. */
export interface Column {
  field: string;
  /** Message id of the header. */
  header: string;
  numeric?: boolean;
  /** Wider columns (names, times) do not wrap. */
  nowrap?: boolean;
  /** The machine's own data (task names, file paths), not a text of ours: in no page language. */
  machineData?: boolean;
  cell: (row: TableRow, format: ReportFormat) => Cell;
}

/** Metres, and the tube's millimetres of thickness: two decimals. */
const metres = (field: string): Column => ({
  field,
  header: `reports.col.${field}`,
  numeric: true,
  cell: (row, { locale }) => ({ text: formatAmount(row[field], 2, locale) }),
});
const count = (field: string): Column => ({
  field,
  header: `reports.col.${field}`,
  numeric: true,
  cell: (row, { locale }) => ({ text: formatAmount(row[field], 0, locale) }),
});
const seconds = (field: string): Column => ({
  field,
  header: `reports.col.${field}`,
  numeric: true,
  nowrap: true,
  cell: (row, { t }) => ({ text: formatSeconds(row[field], t) }),
});
const hours = (field: string): Column => ({
  field,
  header: `reports.col.${field}`,
  numeric: true,
  cell: (row, { locale }) => ({ text: formatAmount(row[field], 2, locale) }),
});
const when = (field: string): Column => ({
  field,
  header: `reports.col.${field}`,
  nowrap: true,
  cell: (row, { locale }) => ({ text: formatWhen(row[field], locale), time: localInstant(row[field]) ?? undefined }),
});

const taskName: Column = {
  field: 'TaskName',
  header: 'reports.col.TaskName',
  nowrap: true,
  machineData: true,
  cell: (row) => ({ text: typeof row.TaskName === 'string' && row.TaskName ? row.TaskName : '—' }),
};

const fileUrl: Column = {
  field: 'FileUrl',
  header: 'reports.col.FileUrl',
  nowrap: true,
  machineData: true,
  cell: (row) => {
    const value = typeof row.FileUrl === 'string' ? row.FileUrl : '';
    const href = safeFileHref(value);
    return href ? { text: fileLabel(href), href } : { text: value || '—' };
  },
};

/** ProcessType and IsComplete in words (spec 2 section 3), never as 0 and 1. */
const processType: Column = {
  field: 'ProcessType',
  header: 'reports.col.ProcessType',
  nowrap: true,
  cell: (row, { t }) => {
    const type = processTypeOf(row.ProcessType);
    return type ? { text: t(`reports.processType.${type}`), badge: type === 'process' ? 'gray' : 'orange' } : { text: '—' };
  },
};
const isComplete: Column = {
  field: 'IsComplete',
  header: 'reports.col.IsComplete',
  nowrap: true,
  cell: (row, { t }) => {
    const state = completionOf(row.IsComplete);
    return state ? { text: t(`reports.complete.${state}`), badge: state === 'completed' ? 'green' : 'orange' } : { text: '—' };
  },
};

/** Sheet report: the columns of spec 2 section 3, in its order. */
export const SHEET_REPORT_COLUMNS: readonly Column[] = [
  taskName,
  metres('CuttingLength'),
  count('PunchingNum'),
  seconds('ProcessingTime'),
  metres('EmptyLength'),
  when('StartTime'),
  when('EndTime'),
  fileUrl,
];

/** Tube report: the columns of spec 2 section 3, in its order, after the task name the events carry (ADR 0006) as the server's CSV does. */
export const TUBE_REPORT_COLUMNS: readonly Column[] = [
  taskName,
  metres('SlicingLength'),
  seconds('SlicingDuration'),
  count('PierceCount'),
  seconds('PierceDuration'),
  seconds('TotalDuration'),
  metres('IdleLength'),
  count('PartCount'),
  metres('Thickness'),
  count('UseTubeCount'),
  when('StartTime'),
  when('EndTime'),
  processType,
  isComplete,
];

// The day leads (the server's CSV puts it last): it is what tells the rows apart, and on a phone
// the first column is the one that stays in view.
const SHEET_RUNTIME_COLUMNS: readonly Column[] = [when('CreateTime'), hours('Run'), hours('Idle'), hours('Offline')];
const TUBE_RUNTIME_COLUMNS: readonly Column[] = [...SHEET_RUNTIME_COLUMNS, hours('Estop')];

export type ReportTable = 'report' | 'runtime';

/** What a table's card shows besides its rows: its columns for a machine of `kind`, title, hint, empty note and test id. */
export function tableCard(table: ReportTable, kind: MachineKind, t: Translate) {
  return {
    columns: columnsOf(table, kind),
    title: t(`reports.${table}.title`),
    hint: t(`reports.${table}.hint`),
    emptyBody: t(`reports.table.empty.${table}`),
    testId: `${table}-table`,
  };
}

/** The columns a table shows for a machine of `kind`. */
export function columnsOf(table: ReportTable, kind: MachineKind): readonly Column[] {
  if (table === 'report') return kind === 'tube' ? TUBE_REPORT_COLUMNS : SHEET_REPORT_COLUMNS;
  return kind === 'tube' ? TUBE_RUNTIME_COLUMNS : SHEET_RUNTIME_COLUMNS;
}
