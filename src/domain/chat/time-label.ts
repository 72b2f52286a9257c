/**
 * The time shown on a chat message (spec 3 section 2): the same day shows hour:minute, yesterday
 * shows 昨天 (Yesterday), under 7 days the weekday, otherwise the date. Days are calendar days of
 * the browser's own clock (local time), so the edges are midnights, not 24-hour spans.
 */

export type TimeLabel =
  | { kind: 'time'; text: string }
  | { kind: 'yesterday' }
  | { kind: 'weekday'; weekday: number }
  | { kind: 'date'; text: string };

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

/** Local calendar day of a time as a day number (DST-proof: from the local date parts). */
const localDay = (t: Date) => Date.UTC(t.getFullYear(), t.getMonth(), t.getDate()) / DAY_MS;

/** Which label a message sent at `time` gets when it is `now`. A time after now (a skewed clock) counts as today. */
export function timeLabel(time: Date, now: Date): TimeLabel {
  const days = localDay(now) - localDay(time);
  if (days <= 0) return { kind: 'time', text: `${pad(time.getHours())}:${pad(time.getMinutes())}` };
  if (days === 1) return { kind: 'yesterday' };
  if (days < 7) return { kind: 'weekday', weekday: time.getDay() };
  return { kind: 'date', text: `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}` };
}
