/**
 * The maintenance confirmation's time (spec 3 sections 5 and 9): required, never in the future;
 * the picker forbids days after today and times later than now, and cannot be cleared. Sent as
 * the spec's "+08:00" text (a real instant: any ISO 8601 time with an offset is accepted,
 * DECISIONS 3). One rule for the browser and the server.
 */

export type MaintenanceTimeProblem = 'required' | 'future';

/** The clocks of a browser and the server may differ by this much. */
export const CLOCK_SKEW_MS = 60_000;

/** Parses an ISO 8601 time with a date and a time; null for anything else (no offset means UTC+8, the spec's zone). */
export function parseMaintenanceTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, zone] = m;
  if (+mo < 1 || +mo > 12 || +d < 1 || +d > 31 || +h > 23 || +mi > 59 || +(s ?? 0) > 59) return null;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${zone ? (zone === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone) : '+08:00'}`;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  // 2025-02-31 rolls over in Date: refuse a day the month does not have.
  const local = new Date(at.getTime() + offsetMinutes(iso) * 60_000);
  if (local.getUTCDate() !== +d) return null;
  return at;
}

function offsetMinutes(iso: string): number {
  const zone = /([+-])(\d{2}):(\d{2})$/.exec(iso);
  if (!zone) return 0;
  return (zone[1] === '-' ? -1 : 1) * (+zone[2] * 60 + +zone[3]);
}

/** Why a confirmation's time is refused, or null when it is good. */
export function maintenanceTimeProblem(at: Date | null, now: Date): MaintenanceTimeProblem | null {
  if (!at || Number.isNaN(at.getTime())) return 'required';
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) return 'future';
  return null;
}

/**
 * The picker's choice (spec 3 section 5): clearing keeps the previous time, a later time than now
 * becomes now. Never in the future, never empty once something was chosen.
 */
export function pickMaintenanceTime(next: Date | null, previous: Date | null, now: Date): Date | null {
  if (!next || Number.isNaN(next.getTime())) return previous;
  return next.getTime() > now.getTime() ? new Date(Math.floor(now.getTime() / 1000) * 1000) : next;
}

/** True for a day (`YYYY-MM-DD` in UTC+8) the picker forbids: after today. */
export function isDayAfterToday(day: string, now: Date): boolean {
  return day > beijingText(now).slice(0, 10);
}

/** An instant as the spec's "+08:00" text: `2025-06-01T14:05:09+08:00`. */
export function beijingText(at: Date): string {
  const shifted = new Date(at.getTime() + 8 * 3_600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}
