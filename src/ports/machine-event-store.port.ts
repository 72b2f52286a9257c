/** A finished task (ADR 0006). */
export interface TaskEvent {
  kind: 'task';
  orderNumber: string;
  eventId: string;
  taskKind: 'sheet' | 'tube';
  startTime: Date;
  endTime: Date;
  cutLength: number;
  durationS: number;
  pierces: number;
  /** The report row as stored and answered (spec 2 section 3 fields only). */
  row: Record<string, string | number>;
}

export interface AlarmEvent {
  kind: 'alarm';
  orderNumber: string;
  eventId: string;
  errorDate: Date;
  errorType: string;
  errorContent: string;
}

/** A machine's run time of one local day, in hours. */
export interface RuntimeEvent {
  kind: 'runtime';
  orderNumber: string;
  day: string;
  run: number;
  idle: number;
  offline: number;
  estop: number | null;
}

export type MachineEvent = TaskEvent | AlarmEvent | RuntimeEvent;

/** An inclusive range of local days (`YYYY-MM-DD`) in an IANA time zone. */
export interface ZonedDayRange {
  from: string;
  to: string;
  timeZone: string;
}

export interface DayTotals {
  day: string;
  taskCount: number;
  cutLength: number;
  durationS: number;
  pierces: number;
}

export interface RuntimeRow {
  day: string;
  run: number;
  idle: number;
  offline: number;
  estop: number | null;
}

export interface AlarmRow {
  errorDate: Date;
  errorType: string;
  errorContent: string;
}

/** Machine events and what the task section reads from them. */
export interface MachineEventStore {
  /** Stores a batch; an event already stored (same machine, kind and id) is skipped, a run-time day replaced. */
  store(events: readonly MachineEvent[]): Promise<void>;
  /** Report rows, newest first, with their ids; optionally within a range. */
  reportPage(orderNumber: string, offset: number, limit: number, range?: ZonedDayRange): Promise<{ rows: Array<Record<string, unknown>>; total: number }>;
  runtimePage(orderNumber: string, offset: number, limit: number): Promise<{ rows: RuntimeRow[]; total: number }>;
  /** One entry per day of the range, zeros included. */
  tasksPerDay(orderNumber: string, range: ZonedDayRange): Promise<DayTotals[]>;
  runtimeTotals(orderNumber: string, range: ZonedDayRange): Promise<{ run: number; idle: number; offline: number }>;
  /** One entry per day of the range, zeros included. */
  alarmsPerDay(orderNumber: string, range: ZonedDayRange): Promise<Array<{ day: string; count: number }>>;
  latestAlarms(orderNumber: string, range: ZonedDayRange | null, limit: number): Promise<AlarmRow[]>;
  /** How many alarms of each kind (type and text) a machine raised from `from` through `to`, every one counted. */
  alarmCounts(orderNumber: string, from: Date, to: Date): Promise<Array<{ errorType: string; errorContent: string; count: number }>>;
  /** Run hours of the machine's stored days up to and including `throughDay` (`YYYY-MM-DD`; null: every day). For maintenance (issue 17). */
  runHoursThrough(orderNumber: string, throughDay: string | null): Promise<number>;
  /** Pierces of the machine's tasks that ended after `after`. For maintenance (issue 17). */
  piercesAfter(orderNumber: string, after: Date): Promise<number>;
  /** The finished tasks of one job (TaskName) of a kind, newest first (issue 18: a document's work report). */
  tasksNamed(orderNumber: string, kind: 'sheet' | 'tube', taskName: string, limit: number): Promise<JobRun[]>;
}

/** A stored task of a job: its report row and when it ran and arrived. */
export interface JobRun {
  row: Record<string, unknown>;
  startTime: Date;
  endTime: Date;
  receivedAt: Date;
}
