import { dateFormat } from './date-format';

/** The zone days are counted in where a call names none: the factory's, as the machines count them. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** The day (`YYYY-MM-DD`) of an instant in a time zone. */
export function dayIn(at: Date, timeZone: string): string {
  return dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
