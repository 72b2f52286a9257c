/**
 * Calendar days (`YYYY-MM-DD`) and the statistics range rule of spec 2 sections 5 and 9: a range
 * is inclusive and at most 7 days long (6 days difference); the default is the last 7 days. The
 * page's range picker and the server's statistics calls both decide with `rangeProblem` and
 * `defaultRange`.
 * Days carry no time zone: the browser counts them in its own and sends its zone as `TimeZone`
 * (ADR 0006), so the arithmetic below works on the date parts alone.
 */

/** An inclusive range of days, `start` not after `end`. */
export interface DayRange {
  start: string;
  end: string;
}

/** The longest range the page and the server accept, in days. */
export const MAX_RANGE_DAYS = 7;

/**
 * What a range itself may have wrong: a day that is not a real `YYYY-MM-DD` day, an end before
 * the start, more than 7 days. The server answers the refusal of the same name.
 */
export type SpanProblem = 'invalid' | 'reversed' | 'tooLong';

/** Why the page refuses a range: a span problem, or an end after the browser's today. The page words each one. */
export type RangeProblem = SpanProblem | 'future';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 for a well-formed day, or null (also for 2025-02-30 and the like). */
export function dayNumber(day: unknown): number | null {
  if (typeof day !== 'string') return null;
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  const back = new Date(time);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date) return null;
  return time / DAY_MS;
}

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isDay(value: unknown): value is string {
  return dayNumber(value) !== null;
}

/** The day written for a day number. */
export function dayOfNumber(number: number): string {
  return new Date(number * DAY_MS).toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative goes back). */
export function addDays(day: string, days: number): string {
  const number = dayNumber(day);
  if (number === null) throw new Error(`not a day: ${day}`);
  return dayOfNumber(number + days);
}

/** The local calendar day of a moment (the browser's zone, the one it sends as TimeZone). */
export function localDay(moment: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** How many days an inclusive range holds (1 for a single day); 0 when it is not a range. */
export function rangeLength(range: DayRange): number {
  const start = dayNumber(range.start);
  const end = dayNumber(range.end);
  if (start === null || end === null || end < start) return 0;
  return end - start + 1;
}

/** The last 7 days up to and including `today`: the default range of the page and of the server. */
export function defaultRange(today: string): DayRange {
  return { start: addDays(today, -(MAX_RANGE_DAYS - 1)), end: today };
}

/**
 * What is wrong with a range, or null: both days real, start not after end, at most 7 days, and
 * (when `today` is given) not ending in the future.
 */
export function rangeProblem(range: DayRange): SpanProblem | null;
export function rangeProblem(range: DayRange, today: string | undefined): RangeProblem | null;
export function rangeProblem(range: DayRange, today?: string): RangeProblem | null {
  const start = dayNumber(range.start);
  const end = dayNumber(range.end);
  if (start === null || end === null) return 'invalid';
  if (start > end) return 'reversed';
  if (end - start > MAX_RANGE_DAYS - 1) return 'tooLong';
  const now = today === undefined ? null : dayNumber(today);
  if (now !== null && end > now) return 'future';
  return null;
}

/** Every day of a valid range, first to last (empty for an invalid one). */
export function daysOf(range: DayRange): string[] {
  const length = rangeLength(range);
  return Array.from({ length }, (_, i) => addDays(range.start, i));
}

/** The earliest start a picker may offer for `end` (and the latest end for a start): the 7-day window. */
export function windowAround(day: string): DayRange {
  return { start: addDays(day, -(MAX_RANGE_DAYS - 1)), end: addDays(day, MAX_RANGE_DAYS - 1) };
}

export const sameRange = (a: DayRange, b: DayRange): boolean => a.start === b.start && a.end === b.end;
