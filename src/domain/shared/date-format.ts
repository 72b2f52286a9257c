/**
 * One `Intl.DateTimeFormat` per locale and options (the zone among them): making one costs some
 * half a millisecond, using one a microsecond, and the calls that judge or format a time met it
 * on every call (a tenth of the portal's CPU on the task page's calls, `npm run bench:companies`
 * with `--cpu-prof`); the pages use it too (ui/common/intl-formats.ts). Zones come from callers, so the cache is bounded: past its size it starts
 * again. A zone Intl does not know throws here as the constructor does.
 */
const made = new Map<string, Intl.DateTimeFormat>();
const MOST = 500;

export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${locale ?? ''}\u0000${JSON.stringify(options)}`;
  let format = made.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    if (made.size >= MOST) made.clear();
    made.set(key, format);
  }
  return format;
}
