import { dateTimeFormat } from './intl-formats';

/** A creation date (ISO 8601) in the page's locale; an unreadable value is shown as it came. */
export function formatDate(value: string, locale: string): string {
  const time = Date.parse(value);
  if (!value || Number.isNaN(time)) return value ?? '';
  return dateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(time);
}

/** A file size for people: B, KB, MB, GB with one decimal from KB up. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
