import { isOrderNumber } from '../../domain/devices/order-number';
import type { ExportTable } from '../../domain/reports/csv-export.machine';
import { defaultRange, MAX_RANGE_DAYS, rangeProblem, type SpanProblem } from '../../domain/reports/day-range';
import { DEFAULT_TIME_ZONE, dayIn } from '../../domain/shared/zoned-day';
import type { MachineEventStore, RuntimeRow, ZonedDayRange } from '../../ports/machine-event-store.port';
import type { MachineRecord, MachineStore } from '../../ports/machine-store.port';
import type { Clock } from '../../ports/clock.port';
import { csvDocument } from '../csv';
import { done, refuse, type Outcome } from '../outcome';
import { dateFormat } from '../../domain/shared/date-format';

/** Rows one export carries at most. */
export const EXPORT_MAX_ROWS = 100_000;

/** The report columns of spec 2 section 3, in page order. */
export const SHEET_COLUMNS = ['TaskName', 'CuttingLength', 'PunchingNum', 'ProcessingTime', 'EmptyLength', 'StartTime', 'EndTime', 'FileUrl'] as const;
export const TUBE_COLUMNS = [
  'TaskName', 'SlicingLength', 'SlicingDuration', 'PierceCount', 'PierceDuration', 'TotalDuration', 'IdleLength', 'PartCount',
  'Thickness', 'UseTubeCount', 'StartTime', 'EndTime', 'ProcessType', 'IsComplete',
] as const;
const WORDS = {
  zh: { ProcessType: ['空走', '加工'], IsComplete: ['未完成', '已完成'] },
  en: { ProcessType: ['empty operation', 'process'], IsComplete: ['not completed', 'completed'] },
} as const;

/** Why a statistics call refuses its range: the zone, or the range rule of `domain/reports/day-range.ts`. */
export type RangeRefusal = 'timeZone' | SpanProblem;

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export function isTimeZone(name: string): boolean {
  try {
    dateFormat('en', { timeZone: name });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$|^UTC$/.test(name);
  } catch {
    return false;
  }
}

/** An ISO time (the spec's own `2025-06-01T00:00:00+08:00`) as its day in `timeZone`; anything else as it is, for the range rule to judge. */
export function dayOf(value: string, timeZone: string): string {
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text)) return text;
  const at = new Date(text.replace(' ', 'T'));
  return Number.isNaN(at.getTime()) ? text : dayIn(at, timeZone);
}

export interface RangeInput {
  from?: string;
  to?: string;
  timeZone?: string;
}

/**
 * The range of a statistics call, by the rule the page's picker uses (`rangeProblem`): both ends
 * given, or neither (the last 7 days up to today in the zone; none at all when not `required`).
 */
export function rangeOf(input: RangeInput, now: Date, required = true): Outcome<ZonedDayRange | null, RangeRefusal> {
  const timeZone = input.timeZone?.trim() || DEFAULT_TIME_ZONE;
  if (!isTimeZone(timeZone)) return refuse('timeZone');
  if (!input.from?.trim() && !input.to?.trim()) {
    if (!required) return done(null);
    const { start, end } = defaultRange(dayIn(now, timeZone));
    return done({ from: start, to: end, timeZone });
  }
  const range = { start: dayOf(input.from ?? '', timeZone), end: dayOf(input.to ?? '', timeZone) };
  const problem = rangeProblem(range);
  if (problem) return refuse(problem, problem === 'tooLong' ? { days: MAX_RANGE_DAYS } : undefined);
  return done({ from: range.start, to: range.end, timeZone });
}

type Page = { offset: number; limit: number };

/** A CSV file of one table, with the name it is saved under. */
export interface CsvFile {
  filename: string;
  csv: string;
}

/**
 * The task section's calls (ADR 0006): reports, run time, statistics, alarms and the CSV export;
 * only the caller's machines. An unknown machine and someone else's answer an empty list alike.
 */
export class ReportService {
  constructor(
    private readonly machines: MachineStore,
    private readonly events: MachineEventStore,
    private readonly clock: Clock,
  ) {}

  /** The caller's machine, or null for an unknown one and someone else's alike. */
  private async own(userId: string, orderNumber: string): Promise<MachineRecord | null> {
    const text = orderNumber.trim();
    if (!isOrderNumber(text)) return null;
    const machine = await this.machines.findByOrderNumber(text);
    return machine && machine.ownerId === userId ? machine : null;
  }

  /** Report rows as stored (the row fields of the machine's kind, with `Id`), newest first; the count is the total. */
  async report(userId: string, orderNumber: string, page: Page, range: RangeInput): Promise<Outcome<Array<Record<string, unknown>>, RangeRefusal>> {
    const machine = await this.own(userId, orderNumber);
    if (!machine) return done([]);
    const within = rangeOf(range, this.clock.now(), false);
    if (!within.ok) return within;
    const { rows, total } = await this.events.reportPage(machine.orderNumber, page.offset, page.limit, within.data ?? undefined);
    return done(rows, total);
  }

  /** Run time per day, newest first; `estop` null for a sheet machine, 0 when a tube machine reported none. */
  async runtime(userId: string, orderNumber: string, page: Page): Promise<Outcome<RuntimeRow[]>> {
    const machine = await this.own(userId, orderNumber);
    if (!machine) return done([]);
    const { rows, total } = await this.events.runtimePage(machine.orderNumber, page.offset, page.limit);
    const tube = machine.kind === 'tube';
    return done(
      rows.map((r) => ({ ...r, estop: tube ? (r.estop ?? 0) : null })),
      total,
    );
  }

  /** Tasks per day of the range (zeros included), counted by the tasks; ReturnType the period's totals and utilisation. */
  async tasksPerDay(userId: string, orderNumber: string, range: RangeInput) {
    const within = rangeOf(range, this.clock.now());
    if (!within.ok) return within;
    const machine = await this.own(userId, orderNumber);
    if (!machine || !within.data) return done([]);
    const [days, runtime] = await Promise.all([this.events.tasksPerDay(machine.orderNumber, within.data), this.events.runtimeTotals(machine.orderNumber, within.data)]);
    const taskCount = days.reduce((n, d) => n + d.taskCount, 0);
    if (!taskCount && !runtime.run && !runtime.idle) return done([]);
    const hours = runtime.run + runtime.idle + runtime.offline;
    return done(
      days.map((d) => ({ Day: d.day, TaskCount: d.taskCount, CuttingLength: round(d.cutLength), ProcessingTime: round(d.durationS), PierceCount: d.pierces })),
      taskCount,
      {
        ReturnType: {
          TaskCount: taskCount,
          CuttingLength: round(days.reduce((n, d) => n + d.cutLength, 0)),
          ProcessingTime: round(days.reduce((n, d) => n + d.durationS, 0)),
          PierceCount: days.reduce((n, d) => n + d.pierces, 0),
          RunHours: round(runtime.run),
          IdleHours: round(runtime.idle),
          OfflineHours: round(runtime.offline),
          Utilisation: hours ? round(runtime.run / hours, 4) : 0,
        },
      },
    );
  }

  /** Alarms per day of the range (zeros included), counted by the alarms; ReturnType the period's latest 100. */
  async alarms(userId: string, orderNumber: string, range: RangeInput) {
    const within = rangeOf(range, this.clock.now());
    if (!within.ok) return within;
    const machine = await this.own(userId, orderNumber);
    if (!machine || !within.data) return done([]);
    const [days, latest] = await Promise.all([this.events.alarmsPerDay(machine.orderNumber, within.data), this.events.latestAlarms(machine.orderNumber, within.data, 100)]);
    const count = days.reduce((n, d) => n + d.count, 0);
    if (!count) return done([]);
    return done(
      days.map((d) => ({ Day: d.day, Count: d.count })),
      count,
      { ReturnType: latest.map((a) => ({ ErrorDate: a.errorDate.toISOString(), ErrorType: a.errorType, ErrorContent: a.errorContent })) },
    );
  }

  /** A CSV export of one table (ADR 0006), every row up to EXPORT_MAX_ROWS; null when the machine is not the caller's. */
  async export(
    userId: string,
    input: { orderNumber: string; table: ExportTable; range: RangeInput; lang: 'zh' | 'en' },
  ): Promise<Outcome<CsvFile | null, RangeRefusal>> {
    const machine = await this.own(userId, input.orderNumber);
    if (!machine) return done(null);
    const within = rangeOf(input.range, this.clock.now(), false);
    if (!within.ok) return within;
    const range = within.data;
    const filename = `${machine.orderNumber}-${input.table}-${dayIn(this.clock.now(), range?.timeZone ?? DEFAULT_TIME_ZONE)}.csv`;
    return done({ filename, csv: await this.csvOf(machine, input.table, range, input.lang) });
  }

  private async csvOf(machine: MachineRecord, table: ExportTable, range: ZonedDayRange | null, lang: 'zh' | 'en'): Promise<string> {
    if (table === 'report') {
      const { rows } = await this.events.reportPage(machine.orderNumber, 0, EXPORT_MAX_ROWS, range ?? undefined);
      const columns = machine.kind === 'tube' ? TUBE_COLUMNS : SHEET_COLUMNS;
      const words = WORDS[lang] as Record<string, readonly string[]>;
      return csvDocument(
        columns,
        rows.map((row) => columns.map((c) => (words[c] ? words[c][Number(row[c]) ? 1 : 0] : row[c]))),
      );
    }
    if (table === 'runtime') {
      const { rows } = await this.events.runtimePage(machine.orderNumber, 0, EXPORT_MAX_ROWS);
      const tube = machine.kind === 'tube';
      return csvDocument(
        ['Run', 'Idle', 'Offline', ...(tube ? ['Estop'] : []), 'CreateTime'],
        rows.map((r) => [r.run, r.idle, r.offline, ...(tube ? [r.estop ?? 0] : []), r.day]),
      );
    }
    const alarms = await this.events.latestAlarms(machine.orderNumber, range, EXPORT_MAX_ROWS);
    return csvDocument(['ErrorDate', 'ErrorType', 'ErrorContent'], alarms.map((a) => [a.errorDate.toISOString(), a.errorType, a.errorContent]));
  }
}
