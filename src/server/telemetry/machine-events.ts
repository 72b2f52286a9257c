import type { AlarmEvent, MachineEvent, RuntimeEvent, TaskEvent } from '../../ports/machine-event-store.port';

const EVENT_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
// ISO 8601 with an offset (DECISIONS 3): the server stores UTC.
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const MAX_PAYLOAD = 8 * 1024;

const SHEET_NUMBERS = ['CuttingLength', 'PunchingNum', 'ProcessingTime', 'EmptyLength'] as const;
const TUBE_NUMBERS = ['SlicingLength', 'SlicingDuration', 'PierceCount', 'PierceDuration', 'TotalDuration', 'IdleLength', 'PartCount', 'Thickness', 'UseTubeCount'] as const;
const COUNTS = new Set(['PunchingNum', 'PierceCount', 'PartCount', 'UseTubeCount']);

type Fields = Record<string, unknown>;

const text = (v: unknown, max: number): string | null => (typeof v === 'string' && v.length <= max ? v : v === undefined ? '' : null);
const amount = (v: unknown, integer = false): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 1e12 && (!integer || Number.isInteger(v)) ? v : null;
const time = (v: unknown): Date | null => {
  if (typeof v !== 'string' || !ISO_TIME.test(v)) return null;
  const t = new Date(v);
  return Number.isNaN(t.getTime()) ? null : t;
};
const flag = (v: unknown): 0 | 1 | null => (v === 0 || v === 1 ? v : null);

/**
 * Reads an event a machine published on `<OrderNumber>/event/<kind>` (ADR 0006); answers null for
 * anything malformed, so that nothing half-checked reaches the database.
 */
export function parseMachineEvent(orderNumber: string, kind: string, payload: Buffer | string): MachineEvent | null {
  if (payload.length > MAX_PAYLOAD) return null;
  let body: unknown;
  try {
    body = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const f = body as Fields;
  if (kind === 'runtime') return runtimeEvent(orderNumber, f);
  if (typeof f.EventId !== 'string' || !EVENT_ID.test(f.EventId)) return null;
  if (kind === 'alarm') return alarmEvent(orderNumber, f.EventId, f);
  if (kind === 'task') return taskEvent(orderNumber, f.EventId, f);
  return null;
}

function taskEvent(orderNumber: string, eventId: string, f: Fields): TaskEvent | null {
  const startTime = time(f.StartTime);
  const endTime = time(f.EndTime);
  if (!startTime || !endTime || endTime < startTime) return null;
  const taskKind = 'SlicingLength' in f ? 'tube' : 'sheet';
  const row: Record<string, string | number> = { StartTime: startTime.toISOString(), EndTime: endTime.toISOString() };
  for (const key of taskKind === 'tube' ? TUBE_NUMBERS : SHEET_NUMBERS) {
    const value = amount(f[key], COUNTS.has(key));
    if (value === null) return null;
    row[key] = value;
  }
  for (const key of ['TaskName', 'FileUrl']) {
    const value = text(f[key], 500);
    if (value === null) return null;
    row[key] = value;
  }
  if (taskKind === 'tube') {
    const processType = flag(f.ProcessType);
    const isComplete = flag(f.IsComplete);
    if (processType === null || isComplete === null) return null;
    row.ProcessType = processType;
    row.IsComplete = isComplete;
  }
  return {
    kind: 'task',
    orderNumber,
    eventId,
    taskKind,
    startTime,
    endTime,
    cutLength: Number(taskKind === 'tube' ? row.SlicingLength : row.CuttingLength),
    durationS: Number(taskKind === 'tube' ? row.TotalDuration : row.ProcessingTime),
    pierces: Number(taskKind === 'tube' ? row.PierceCount : row.PunchingNum),
    row,
  };
}

function alarmEvent(orderNumber: string, eventId: string, f: Fields): AlarmEvent | null {
  const errorDate = time(f.ErrorDate);
  const errorType = text(f.ErrorType, 100);
  const errorContent = text(f.ErrorContent, 1000);
  if (!errorDate || !errorType || errorContent === null) return null;
  return { kind: 'alarm', orderNumber, eventId, errorDate, errorType, errorContent };
}

function runtimeEvent(orderNumber: string, f: Fields): RuntimeEvent | null {
  if (typeof f.Day !== 'string' || !DAY.test(f.Day) || Number.isNaN(Date.parse(`${f.Day}T00:00:00Z`))) return null;
  const [run, idle, offline] = [amount(f.Run), amount(f.Idle), amount(f.Offline)];
  const estop = f.Estop === undefined ? null : amount(f.Estop);
  if (run === null || idle === null || offline === null || (f.Estop !== undefined && estop === null)) return null;
  // A day has 24 hours; more is a broken counter, not a long day.
  if (run + idle + offline + (estop ?? 0) > 24.01) return null;
  return { kind: 'runtime', orderNumber, day: f.Day, run, idle, offline, estop };
}
