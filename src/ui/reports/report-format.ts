import { isDay } from '../../domain/reports/day-range';
import { amount } from '../../domain/reports/report-rows';
import type { Translate } from '../i18n/intl';
import { dateTimeFormat, numberFormat } from '../common/intl-formats';
import { LOCAL_TIME_FORMAT } from '../common/first-screen-markup';

/** How the task page writes numbers, durations and times in the page's language. */
export interface ReportFormat {
  t: Translate;
  locale: string;
}

/** A measure with a fixed count of decimals ('—' for a value the server did not send). */
export function formatAmount(value: unknown, decimals: number, locale: string): string {
  if (value === null || value === undefined || value === '') return '—';
  return numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(amount(value));
}

/** Seconds as "1 h 05 min", "4 min 10 s" or "12 s". */
export function formatSeconds(value: unknown, t: Translate): string {
  if (value === null || value === undefined || value === '') return '—';
  const total = Math.floor(amount(value));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return t('reports.duration.hours', { h: numberFormat(undefined).format(h), m: String(m).padStart(2, '0') });
  if (m > 0) return t('reports.duration.minutes', { m, s: String(s).padStart(2, '0') });
  return t('reports.duration.seconds', { s });
}

/**
 * A day (`2025-06-01`) as a local date, an ISO time as a local date and time; anything unreadable
 * as it came ('—' for nothing). Days are written as they are: they carry no zone to convert.
 */
export function formatWhen(value: unknown, locale: string): string {
  if (typeof value !== 'string' || value === '') return '—';
  if (isDay(value)) return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.parse(`${value}T00:00:00Z`));
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  return dateTimeFormat(locale, LOCAL_TIME_FORMAT).format(time);
}

/** An ISO time that formatWhen writes in the browser's zone (a day carries none), for `<time dateTime>`; null otherwise. */
export function localInstant(value: unknown): string | null {
  return typeof value === 'string' && value !== '' && !isDay(value) && !Number.isNaN(Date.parse(value)) ? value : null;
}

/** A day as a short axis label ("6/1", "6月1日"). */
export function formatShortDay(day: string, locale: string): string {
  if (!isDay(day)) return day;
  return dateTimeFormat(locale, { month: 'numeric', day: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${day}T00:00:00Z`));
}

/** A file link only for web addresses (absolute http(s) or the portal's own paths); anything else is shown as text. */
export function safeFileHref(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const url = value.trim();
  if (/^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'))) return url;
  return null;
}

/** The last part of a file address, for a short link text. */
export function fileLabel(value: string): string {
  const path = value.split(/[?#]/)[0];
  const last = path.split('/').filter(Boolean).pop() ?? value;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
