/** The answer shape of every call of the portal API (DECISIONS 1): `code` 200 is success. */
export interface Envelope<T = unknown> {
  code: number;
  info: string;
  ReturnData?: T;
  ReturnCount?: number;
  ReturnType?: unknown;
  ReturnMsg?: string;
}

/** The spec's no-data marker; clients read it as an empty list, not as an error. */
export const NO_DATA = '暂无数据';

/** Codes that mean "your login is gone" to every client (spec 1 section 8). */
export const LOGIN_EXPIRED_CODES: readonly number[] = [401, 410, 1011007, 1011008];

export const LOGIN_EXPIRED_INFO = 'Login has expired, please log in again';
