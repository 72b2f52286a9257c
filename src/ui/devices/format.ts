import type { Translate } from '../i18n/intl';
import { dateTimeFormat, numberFormat } from '../common/intl-formats';

/** A number with a fixed count of decimals in the page's locale ('—' for nothing readable). */
export function formatNumber(value: number, decimals: number, locale: string): string {
  if (!Number.isFinite(value)) return '—';
  return numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** Seconds as "1 h 05 min", "4 min 10 s" or "12 s". */
export function formatDuration(seconds: number, t: Translate): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return t('devices.unit.hours', { h, m: String(m).padStart(2, '0') });
  if (m > 0) return t('devices.unit.minutes', { m, s: String(s).padStart(2, '0') });
  return t('devices.unit.seconds', { s });
}

/** An ISO time as a short local date and time; anything unreadable is shown as it came ('—' for nothing). */
export function formatDateTime(value: string, locale: string): string {
  if (!value) return '—';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  return dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(time);
}
