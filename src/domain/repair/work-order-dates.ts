/**
 * The quick date filters of the work-order list (spec 3 section 2), counted in whole UTC days
 * (DECISIONS 3: times are stored in UTC): T today, Y yesterday, montimeo7 the last 7 days and
 * montimeo30 the last 30 days (today included), Year the current calendar year, '' all.
 */
export const DATE_TYPES = ['', 'T', 'Y', 'montimeo7', 'montimeo30', 'Year'] as const;
export type DateType = (typeof DATE_TYPES)[number];

export const isDateType = (value: string): value is DateType => (DATE_TYPES as readonly string[]).includes(value);

const DAY = 86_400_000;

/** The window [from, to) of a filter at `now`; null for all. */
export function dateWindow(type: DateType, now: Date): { from: Date; to: Date } | null {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const tomorrow = today + DAY;
  switch (type) {
    case 'T':
      return { from: new Date(today), to: new Date(tomorrow) };
    case 'Y':
      return { from: new Date(today - DAY), to: new Date(today) };
    case 'montimeo7':
      return { from: new Date(today - 6 * DAY), to: new Date(tomorrow) };
    case 'montimeo30':
      return { from: new Date(today - 29 * DAY), to: new Date(tomorrow) };
    case 'Year':
      return { from: new Date(Date.UTC(now.getUTCFullYear(), 0, 1)), to: new Date(Date.UTC(now.getUTCFullYear() + 1, 0, 1)) };
    default:
      return null;
  }
}
