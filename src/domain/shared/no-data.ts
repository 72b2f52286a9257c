import { NO_DATA } from './envelope';

/** Reads a list answer: the no-data marker (or anything that is not an array) is an empty list. */
export function asList<T>(data: T[] | string | undefined | null): T[] {
  return Array.isArray(data) ? data : [];
}

/** True when a ReturnData or info is the spec's no-data marker. */
export function isNoData(value: unknown): boolean {
  return value === NO_DATA;
}
