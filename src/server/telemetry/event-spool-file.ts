import type { MachineEvent } from '../../ports/machine-event-store.port';

/**
 * The spool's file format (issue 22): one machine event per line, `{"v":1,"event":{...}}` and a
 * newline, appended. A line counts only once its newline is written, so whatever follows the last
 * newline is a record torn by a kill mid-write: it was never acknowledged, and it is ignored. A
 * line that does not read as an event (a power cut can leave zeros in a file's last block) is
 * skipped and counted, never fatal.
 */
const VERSION = 1;
const NEWLINE = 0x0a;

export function encodeSpoolRecords(events: readonly MachineEvent[]): Buffer {
  return Buffer.from(events.map((event) => `${JSON.stringify({ v: VERSION, event })}\n`).join(''), 'utf8');
}

export interface SpoolRecords {
  /** The events in file order, each with the byte offset just past its line. */
  records: Array<{ event: MachineEvent; end: number }>;
  /** Bytes up to and including the last newline: what was written whole. */
  end: number;
  /** Whole lines that did not read as an event. */
  skipped: number;
}

export function decodeSpoolRecords(bytes: Buffer): SpoolRecords {
  const records: SpoolRecords['records'] = [];
  let skipped = 0;
  let start = 0;
  for (let nl = bytes.indexOf(NEWLINE, start); nl !== -1; nl = bytes.indexOf(NEWLINE, start)) {
    const event = readLine(bytes.toString('utf8', start, nl));
    if (event) records.push({ event, end: nl + 1 });
    else skipped++;
    start = nl + 1;
  }
  return { records, end: start, skipped };
}

function readLine(line: string): MachineEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isObject(parsed) || parsed.v !== VERSION || !isObject(parsed.event)) return null;
  return eventOf(parsed.event);
}

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const dateOf = (v: unknown): Date | null => {
  if (!isText(v)) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** The event as `JSON.stringify` wrote it, with its dates read back; null for anything else. */
function eventOf(e: Fields): MachineEvent | null {
  if (!isText(e.orderNumber)) return null;
  if (e.kind === 'task') {
    const [startTime, endTime] = [dateOf(e.startTime), dateOf(e.endTime)];
    if (!isText(e.eventId) || (e.taskKind !== 'sheet' && e.taskKind !== 'tube') || !startTime || !endTime) return null;
    if (!isNumber(e.cutLength) || !isNumber(e.durationS) || !isNumber(e.pierces) || !isObject(e.row)) return null;
    const row = e.row as Record<string, string | number>;
    return { kind: 'task', orderNumber: e.orderNumber, eventId: e.eventId, taskKind: e.taskKind, startTime, endTime, cutLength: e.cutLength, durationS: e.durationS, pierces: e.pierces, row };
  }
  if (e.kind === 'alarm') {
    const errorDate = dateOf(e.errorDate);
    if (!isText(e.eventId) || !errorDate || !isText(e.errorType) || !isText(e.errorContent)) return null;
    return { kind: 'alarm', orderNumber: e.orderNumber, eventId: e.eventId, errorDate, errorType: e.errorType, errorContent: e.errorContent };
  }
  if (e.kind === 'runtime') {
    if (!isText(e.day) || !isNumber(e.run) || !isNumber(e.idle) || !isNumber(e.offline) || !(e.estop === null || isNumber(e.estop))) return null;
    return { kind: 'runtime', orderNumber: e.orderNumber, day: e.day, run: e.run, idle: e.idle, offline: e.offline, estop: e.estop };
  }
  return null;
}
