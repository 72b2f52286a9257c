// Until the reports adapter reads its answers (issue 13): GetMyMachine's empty-fleet info.
const EMPTY_QUERY_INFO = '数据查询为空';
import { NO_DATA, type Envelope } from '../shared/envelope';
import { daysOf, type DayRange } from './day-range';

/** A sheet machine's processing report row (spec 2 section 3, ADR 0006): metres, seconds, ISO times. */
export interface SheetReportRow {
  Id?: number | string;
  TaskName: string;
  CuttingLength: number;
  PunchingNum: number;
  ProcessingTime: number;
  EmptyLength: number;
  StartTime: string;
  EndTime: string;
  FileUrl: string;
}

/** A tube machine's processing report row: metres, seconds, millimetres; ProcessType 0 is an empty operation, IsComplete 0 not completed. */
export interface TubeReportRow {
  Id?: number | string;
  SlicingLength: number;
  SlicingDuration: number;
  PierceCount: number;
  PierceDuration: number;
  TotalDuration: number;
  IdleLength: number;
  PartCount: number;
  Thickness: number;
  UseTubeCount: number;
  StartTime: string;
  EndTime: string;
  ProcessType: number;
  IsComplete: number;
  TaskName?: string;
  FileUrl?: string;
}

/** One day of run time in hours; tube machines add Estop. */
export interface RunTimeRow {
  Id?: number | string;
  Run: number;
  Idle: number;
  Offline: number;
  Estop?: number;
  CreateTime: string;
}

/** One day of GetMachineTasks (zeros included). */
export interface TaskDay {
  Day: string;
  TaskCount: number;
  CuttingLength: number;
  ProcessingTime: number;
  PierceCount: number;
}

/** GetMachineTasks' ReturnType: the period's totals. */
export interface TaskTotals {
  TaskCount: number;
  CuttingLength: number;
  ProcessingTime: number;
  PierceCount: number;
  RunHours: number;
  IdleHours: number;
  OfflineHours: number;
  /** run / (run + idle + offline), 0 to 1; null when the machine reported no time at all. */
  Utilisation: number | null;
}

/** One day of GetErrorLog (zeros included). */
export interface AlarmDay {
  Day: string;
  Count: number;
}

/** One alarm of GetErrorLog's ReturnType (the period's latest 100). */
export interface AlarmRow {
  ErrorDate: string;
  ErrorType: string;
  ErrorContent: string;
}

/** A table row as the server sent it; the columns of the page pick and format its fields. */
export type TableRow = Record<string, unknown>;

export type PageAnswer = { kind: 'page'; rows: TableRow[]; total: number } | { kind: 'failed'; info: string };

export type TaskStatsAnswer = { kind: 'stats'; days: TaskDay[]; totals: TaskTotals } | { kind: 'failed'; info: string };

export type AlarmStatsAnswer = { kind: 'stats'; days: AlarmDay[]; latest: AlarmRow[]; count: number } | { kind: 'failed'; info: string };

/** The empty-data answers (spec 1 section 8, ADR 0006) that mean "nothing yet", never an error. */
const EMPTY_MARKERS: readonly unknown[] = [NO_DATA, EMPTY_QUERY_INFO];

/** True when an answer says "no data" (in info or ReturnData), whatever its code. */
export function isEmptyAnswer(answer: Envelope<unknown>): boolean {
  return EMPTY_MARKERS.includes(answer.info) || EMPTY_MARKERS.includes(answer.ReturnData);
}

const isObject = (value: unknown): value is TableRow => !!value && typeof value === 'object' && !Array.isArray(value);

/** A count or measure as a finite, non-negative number (0 for anything else). */
export function amount(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : 0;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The day a row is about (`2025-06-01` or the day part of an ISO time), or ''. */
const dayPart = (value: unknown): string => {
  const day = text(value).slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : '';
};

/** Reads a paged table answer: its rows and total, an empty page for the no-data answers, or the refusal. */
export function readPageAnswer(answer: Envelope<unknown>): PageAnswer {
  if (isEmptyAnswer(answer)) return { kind: 'page', rows: [], total: 0 };
  if (answer.code !== 200) return { kind: 'failed', info: text(answer.info) };
  const rows = Array.isArray(answer.ReturnData) ? answer.ReturnData.filter(isObject) : [];
  const count = answer.ReturnCount;
  const total = typeof count === 'number' && Number.isInteger(count) && count >= rows.length ? count : rows.length;
  return { kind: 'page', rows, total };
}

/** The totals of GetMachineTasks; utilisation from the hours when the server leaves it out. */
export function readTaskTotals(value: unknown): TaskTotals {
  const totals = isObject(value) ? value : {};
  const run = amount(totals.RunHours);
  const idle = amount(totals.IdleHours);
  const offline = amount(totals.OfflineHours);
  const hours = run + idle + offline;
  const given = totals.Utilisation;
  // No hours at all: there is no share to show (the server then sends 0). The ADR's share is 0 to
  // 1; anything else (a percentage, say) is not trusted and the hours decide.
  const utilisation = hours === 0 ? null : typeof given === 'number' && given >= 0 && given <= 1 ? given : run / hours;
  return {
    TaskCount: amount(totals.TaskCount),
    CuttingLength: amount(totals.CuttingLength),
    ProcessingTime: amount(totals.ProcessingTime),
    PierceCount: amount(totals.PierceCount),
    RunHours: run,
    IdleHours: idle,
    OfflineHours: offline,
    Utilisation: utilisation,
  };
}

/** Reads GetMachineTasks: one row per day and the period's totals (all zero for a no-data answer), or the refusal. */
export function readTaskStats(answer: Envelope<unknown>): TaskStatsAnswer {
  if (isEmptyAnswer(answer)) return { kind: 'stats', days: [], totals: readTaskTotals(null) };
  if (answer.code !== 200) return { kind: 'failed', info: text(answer.info) };
  const rows = Array.isArray(answer.ReturnData) ? answer.ReturnData.filter(isObject) : [];
  const days = rows
    .map((row) => ({
      Day: dayPart(row.Day),
      TaskCount: amount(row.TaskCount),
      CuttingLength: amount(row.CuttingLength),
      ProcessingTime: amount(row.ProcessingTime),
      PierceCount: amount(row.PierceCount),
    }))
    .filter((row) => row.Day !== '');
  return { kind: 'stats', days, totals: readTaskTotals(answer.ReturnType) };
}

/** Reads GetErrorLog: alarms per day, the latest alarms (newest first as sent) and the period's count, or the refusal. */
export function readAlarmStats(answer: Envelope<unknown>): AlarmStatsAnswer {
  if (isEmptyAnswer(answer)) return { kind: 'stats', days: [], latest: [], count: 0 };
  if (answer.code !== 200) return { kind: 'failed', info: text(answer.info) };
  const rows = Array.isArray(answer.ReturnData) ? answer.ReturnData.filter(isObject) : [];
  const days = rows.map((row) => ({ Day: dayPart(row.Day), Count: amount(row.Count) })).filter((row) => row.Day !== '');
  const latest = (Array.isArray(answer.ReturnType) ? answer.ReturnType.filter(isObject) : []).map((row) => ({
    ErrorDate: text(row.ErrorDate),
    ErrorType: text(row.ErrorType),
    ErrorContent: text(row.ErrorContent),
  }));
  const count = answer.ReturnCount;
  return {
    kind: 'stats',
    days,
    latest,
    count: typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : days.reduce((sum, day) => sum + day.Count, 0),
  };
}

/**
 * One value per day of the range, in order, from rows keyed by day: a day the answer left out
 * counts 0, and a row outside the range is ignored (the chart always shows the range it names).
 */
export function seriesOver<R extends { Day: string }>(range: DayRange, rows: readonly R[], pick: (row: R) => number): number[] {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.Day, (byDay.get(row.Day) ?? 0) + pick(row));
  return daysOf(range).map((day) => byDay.get(day) ?? 0);
}

/** ProcessType of a tube row: 0 is an empty operation, any other value a process; null when missing. */
export function processTypeOf(value: unknown): 'emptyOperation' | 'process' | null {
  if (value === null || value === undefined || value === '') return null;
  return Number(value) === 0 ? 'emptyOperation' : 'process';
}

/** IsComplete of a tube row: 0 is not completed, any other value completed; null when missing. */
export function completionOf(value: unknown): 'notCompleted' | 'completed' | null {
  if (value === null || value === undefined || value === '') return null;
  return Number(value) === 0 ? 'notCompleted' : 'completed';
}
