import { parseMaintenanceTime } from '../../domain/maintenance/maintenance-time';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A time from the wire in the browser's zone, as every page shows times (issue 35 item 7): the
 * spec's "+08:00" texts stay as they are on the wire and are read as the instants they are;
 * one without an offset is UTC+8, the spec's zone. "2026-12-02 10:02" (and ":05" with seconds);
 * '—' for none; a text that is no time (a day alone) as it came, up to the minute.
 */
export function localDateTime(value: string | null | undefined, { seconds = false } = {}): string {
  if (!value) return '—';
  const at = parseMaintenanceTime(value);
  if (!at) return value.slice(0, seconds ? 19 : 16).replace('T', ' ');
  const text = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
  return seconds ? `${text}:${two(at.getSeconds())}` : text;
}

/** The day of a wire time in the browser's zone ("2026-12-02"); a day alone as it came; '—' for none. */
export function localDay(value: string | null | undefined): string {
  if (!value) return '—';
  return parseMaintenanceTime(value) ? localDateTime(value).slice(0, 10) : value.slice(0, 10);
}
