import { dateFormat } from '../../domain/shared/date-format';

/**
 * The Intl formatters the pages use, each made once per locale and options. Making one loads and
 * resolves the locale's data (ICU), some 2 ms of a phone's CPU each time, and the report tables
 * and charts made one per cell: on `/index/task` that was a good part of the longest tasks
 * (docs/adr/0024). Formatting with a made one is cheap.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

function made<F>(cache: Map<string, F>, locale: string | undefined, options: object, make: () => F): F {
  const key = `${locale ?? ''}\u0000${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** The same date formats the server keeps (domain/shared/date-format.ts). */
export const dateTimeFormat = dateFormat;

export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return made(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

let timeZone: string | undefined;

/** The browser's IANA zone, read once: the server counts the statistics' days in it (ADR 0006); China's when the browser names none. */
export function browserTimeZone(): string {
  if (timeZone === undefined) {
    try {
      timeZone = dateTimeFormat(undefined).resolvedOptions().timeZone || 'Asia/Shanghai';
    } catch {
      timeZone = 'Asia/Shanghai';
    }
  }
  return timeZone;
}
