/** The answer shape of every call of the portal API (DECISIONS 1): `code` 200 is success. */
export interface Envelope<T = unknown> {
  code: number;
  info: string;
  ReturnData?: T;
  ReturnCount?: number;
  ReturnType?: unknown;
  ReturnMsg?: string;
  /** A refusal made from values (`RefusalText.id`): the browser says it in the page's language rather than print `info`. */
  Refused?: RefusedText;
}

/** The id of a refusal's text and the values it names (`{ id: 'passwordThrottle.tooSoon', values: { seconds: 42 } }`). */
export interface RefusedText {
  id: string;
  values: Record<string, string | number>;
}

/** The id every answer of the rate limiter carries (429, values `{ seconds }`). */
export const RATE_LIMITED_ID = 'rateLimited';

/** The envelope code of success. */
export const SUCCESS = 200;

/** The spec's no-data marker: ReturnData (and info) of an empty list; clients read it as an empty list, not as an error. */
export const NO_DATA = '暂无数据';

/** "No data found": the answer for a record the portal does not know (DECISIONS 4). */
export const NOT_FOUND_INFO = '未查询到数据';

/** "The data query is empty": an empty list that is not an error (an empty fleet). */
export const QUERY_EMPTY_INFO = '数据查询为空';

/** Codes that mean "your login is gone" to every client (spec 1 section 8). */
export const LOGIN_EXPIRED_CODES: readonly number[] = [401, 410, 1011007, 1011008];

export const LOGIN_EXPIRED_INFO = 'Login has expired, please log in again';

/** The 403 of a staff call made by someone else (auth.plugin answers it before the body is read). */
export const STAFF_ONLY_INFO = 'This action is for service staff only';

/** True when the envelope is a success. */
export const isSuccess = (answer: Pick<Envelope, 'code'>): boolean => answer.code === SUCCESS;

/** True when the envelope says the login is gone (the HTTP adapter opens the dialog for it). */
export const isLoginExpired = (answer: Pick<Envelope, 'code'>): boolean => LOGIN_EXPIRED_CODES.includes(answer.code);

/** True when a ReturnData or info is the spec's no-data marker. */
export const isNoData = (value: unknown): boolean => value === NO_DATA;

/** True when an answer says "nothing to list" (spec 1 section 8): the no-data marker or the empty-query info, in info or ReturnData, whatever its code. */
export const isEmptyAnswer = (answer: Pick<Envelope, 'info' | 'ReturnData'>): boolean =>
  [answer.info, answer.ReturnData].some((value) => isNoData(value) || value === QUERY_EMPTY_INFO);

/** A list answer's data: the no-data marker (or anything that is not an array) is an empty list. */
export function listOf<T>(data: T[] | string | undefined | null): T[] {
  return Array.isArray(data) ? data : [];
}
