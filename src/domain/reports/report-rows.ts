import type { Refused } from '../shared/refused';
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

/** A page of a paged table (`total` the rows of the whole table), or the server's refusal. */
export type PageAnswer = { kind: 'page'; rows: TableRow[]; total: number } | Refused;

/** GetMachineTasks of a range: one row per day and the period's totals (no data: no days, zero totals), or the refusal. */
export type TaskStatsAnswer = { kind: 'stats'; days: TaskDay[]; totals: TaskTotals } | Refused;

/** GetErrorLog of a range: per day, the latest alarms (newest first) and the period's count, or the refusal. */
export type AlarmStatsAnswer = { kind: 'stats'; days: AlarmDay[]; latest: AlarmRow[]; count: number } | Refused;

/** A count or measure as a finite, non-negative number (0 for anything else). */
export function amount(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : 0;
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
