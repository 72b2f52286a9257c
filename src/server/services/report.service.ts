import { NO_DATA, type Envelope } from '../../domain/shared/envelope';
import type { DayRange, MachineEventStore } from '../../ports/machine-event-store.port';
import type { MachineRecord, MachineStore } from '../../ports/machine-store.port';
import type { Clock } from './clock';
import { isOrderNumber } from '../../domain/devices/order-number';
import { csvDocument } from './csv';
import { fail, ok } from './service-result';

export type ExportTable = 'report' | 'runtime' | 'alarms';
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

/** The date picker's rule (spec 2 section 5): at most 7 days, i.e. 6 days between first and last. */
export const MAX_RANGE_DAYS = 7;
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
const DAY_MS = 86_400_000;

const empty = (): Envelope => ok(NO_DATA, NO_DATA, { ReturnCount: 0 });
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The local day (`YYYY-MM-DD`) of an instant in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$|^UTC$/.test(name);
  } catch {
    return false;
  }
}

/** A day or an ISO time, as the local day in `timeZone`; null when it is neither. */
export function dayOf(value: string, timeZone: string): string | null {
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? null : text;
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text)) return null;
  const at = new Date(text.replace(' ', 'T'));
  return Number.isNaN(at.getTime()) ? null : localDay(at, timeZone);
}

export interface RangeInput {
  from?: string;
  to?: string;
  timeZone?: string;
}

/**
 * The range of a statistics call: both ends given, or neither (the last 7 days up to today).
 * Answers an error envelope for a bad day, a reversed range or one longer than 7 days.
 */
export function rangeOf(input: RangeInput, now: Date, required = true): DayRange | Envelope | null {
  const timeZone = input.timeZone?.trim() || DEFAULT_TIME_ZONE;
  if (!isTimeZone(timeZone)) return fail(400, 'TimeZone must be an IANA time zone such as Asia/Shanghai');
  if (!input.from?.trim() && !input.to?.trim()) {
    if (!required) return null;
    const to = localDay(now, timeZone);
    return { from: localDay(new Date(Date.parse(`${to}T12:00:00Z`) - (MAX_RANGE_DAYS - 1) * DAY_MS), 'UTC'), to, timeZone };
  }
  const from = dayOf(input.from ?? '', timeZone);
  const to = dayOf(input.to ?? '', timeZone);
  if (!from || !to) return fail(400, 'Give both dates of the range as YYYY-MM-DD or an ISO time');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
  if (days < 0) return fail(400, 'The end of the range is before its start');
  if (days > MAX_RANGE_DAYS - 1) return fail(400, `The date range may span at most ${MAX_RANGE_DAYS} days`);
  return { from, to, timeZone };
}

const isEnvelope = (value: unknown): value is Envelope => !!value && typeof value === 'object' && 'code' in value;

/** The task section's calls (ADR 0006): reports, run time, statistics, alarms; only the caller's machines. */
export class ReportService {
  constructor(
    readonly machines: MachineStore,
    readonly events: MachineEventStore,
    readonly clock: Clock,
  ) {}

  export(userId: string, input: { orderNumber: string; table: ExportTable; range: RangeInput; lang: 'zh' | 'en' }) {
    return exportTable(this, userId, input);
  }

  /** The caller's machine, or null for an unknown one and someone else's alike. */
  private async own(userId: string, orderNumber: string): Promise<MachineRecord | null> {
    const text = orderNumber.trim();
    if (!isOrderNumber(text)) return null;
    const machine = await this.machines.findByOrderNumber(text);
    return machine && machine.ownerId === userId ? machine : null;
  }

  async report(userId: string, orderNumber: string, page: { offset: number; limit: number }, range: RangeInput): Promise<Envelope> {
    const machine = await this.own(userId, orderNumber);
    if (!machine) return empty();
    const within = rangeOf(range, this.clock.now(), false);
    if (isEnvelope(within)) return within;
    const { rows, total } = await this.events.reportPage(machine.orderNumber, page.offset, page.limit, within ?? undefined);
    return total ? ok(rows, 'success', { ReturnCount: total }) : empty();
  }

  async runtime(userId: string, orderNumber: string, page: { offset: number; limit: number }): Promise<Envelope> {
    const machine = await this.own(userId, orderNumber);
    if (!machine) return empty();
    const { rows, total } = await this.events.runtimePage(machine.orderNumber, page.offset, page.limit);
    if (!total) return empty();
    const tube = machine.kind === 'tube';
    return ok(
      rows.map((r) => ({ Run: r.run, Idle: r.idle, Offline: r.offline, ...(tube ? { Estop: r.estop ?? 0 } : {}), CreateTime: r.day })),
      'success',
      { ReturnCount: total },
    );
  }

  async tasksPerDay(userId: string, orderNumber: string, range: RangeInput): Promise<Envelope> {
    const within = rangeOf(range, this.clock.now());
    if (isEnvelope(within)) return within;
    const machine = await this.own(userId, orderNumber);
    if (!machine || !within) return empty();
    const [days, runtime] = await Promise.all([this.events.tasksPerDay(machine.orderNumber, within), this.events.runtimeTotals(machine.orderNumber, within)]);
    const taskCount = days.reduce((n, d) => n + d.taskCount, 0);
    if (!taskCount && !runtime.run && !runtime.idle) return empty();
    const hours = runtime.run + runtime.idle + runtime.offline;
    return ok(
      days.map((d) => ({ Day: d.day, TaskCount: d.taskCount, CuttingLength: round(d.cutLength), ProcessingTime: round(d.durationS), PierceCount: d.pierces })),
      'success',
      {
        ReturnCount: taskCount,
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

  async alarms(userId: string, orderNumber: string, range: RangeInput): Promise<Envelope> {
    const within = rangeOf(range, this.clock.now());
    if (isEnvelope(within)) return within;
    const machine = await this.own(userId, orderNumber);
    if (!machine || !within) return empty();
    const [days, latest] = await Promise.all([this.events.alarmsPerDay(machine.orderNumber, within), this.events.latestAlarms(machine.orderNumber, within, 100)]);
    const count = days.reduce((n, d) => n + d.count, 0);
    if (!count) return empty();
    return ok(
      days.map((d) => ({ Day: d.day, Count: d.count })),
      'success',
      {
        ReturnCount: count,
        ReturnType: latest.map((a) => ({ ErrorDate: a.errorDate.toISOString(), ErrorType: a.errorType, ErrorContent: a.errorContent })),
      },
    );
  }
}

/** A CSV export of one table of the task section (ADR 0006), or an envelope when there is nothing to send. */
export async function exportTable(
  service: { machines: MachineStore; events: MachineEventStore; clock: Clock },
  userId: string,
  input: { orderNumber: string; table: ExportTable; range: RangeInput; lang: 'zh' | 'en' },
): Promise<{ filename: string; csv: string } | Envelope> {
  const text = input.orderNumber.trim();
  const machine = isOrderNumber(text) ? await service.machines.findByOrderNumber(text) : null;
  if (!machine || machine.ownerId !== userId) return empty();
  const range = rangeOf(input.range, service.clock.now(), false);
  if (isEnvelope(range)) return range;
  const stamp = localDay(service.clock.now(), range?.timeZone ?? DEFAULT_TIME_ZONE);
  const filename = `${machine.orderNumber}-${input.table}-${stamp}.csv`;
  if (input.table === 'report') {
    const { rows } = await service.events.reportPage(machine.orderNumber, 0, EXPORT_MAX_ROWS, range ?? undefined);
    const columns = machine.kind === 'tube' ? TUBE_COLUMNS : SHEET_COLUMNS;
    const words = WORDS[input.lang] as Record<string, readonly string[]>;
    return {
      filename,
      csv: csvDocument(
        columns,
        rows.map((row) => columns.map((c) => (words[c] ? words[c][Number(row[c]) ? 1 : 0] : row[c]))),
      ),
    };
  }
  if (input.table === 'runtime') {
    const { rows } = await service.events.runtimePage(machine.orderNumber, 0, EXPORT_MAX_ROWS);
    const tube = machine.kind === 'tube';
    return {
      filename,
      csv: csvDocument(
        ['Run', 'Idle', 'Offline', ...(tube ? ['Estop'] : []), 'CreateTime'],
        rows.map((r) => [r.run, r.idle, r.offline, ...(tube ? [r.estop ?? 0] : []), r.day]),
      ),
    };
  }
  const alarms = await service.events.latestAlarms(machine.orderNumber, range, EXPORT_MAX_ROWS);
  return { filename, csv: csvDocument(['ErrorDate', 'ErrorType', 'ErrorContent'], alarms.map((a) => [a.errorDate.toISOString(), a.errorType, a.errorContent])) };
}
