/**
 * What a service answers: its result, or a refusal named as the call's contract names it
 * (`src/contract/<controller>.ts`). Services know no envelope; route-kit turns an outcome into
 * `{code, info, ReturnData}` with the contract's texts.
 */
export type Outcome<T, R extends string = never> = Done<T> | Refused<R>;

export interface Done<T> {
  readonly ok: true;
  readonly data: T;
  /** ReturnCount when it is not the length of a list answer (the total of a paged list). */
  readonly count?: number;
  /** The envelope's other fields, where the spec gives a call them. */
  readonly meta?: { readonly ReturnType?: unknown; readonly ReturnMsg?: string };
  /** Values the success text names (`{ lang: 'zh' }`). */
  readonly values?: Readonly<Record<string, string | number>>;
}

export interface Refused<R extends string> {
  readonly ok: false;
  readonly refusal: R;
  /** Values the refusal's text names (`{ seconds: 42 }`). */
  readonly values?: Readonly<Record<string, string | number>>;
  /** ReturnData of the refusal, when the spec gives it one. */
  readonly data?: unknown;
}

/** The same success with values for its text (`{ lang: 'zh' }`, `{ verdict: 'rejected' }`). */
export const withValues = <T, R extends string>(outcome: Outcome<T, R>, values: Done<T>['values']): Outcome<T, R> =>
  outcome.ok ? { ...outcome, values } : outcome;

export const done = <T>(data: T, count?: number, meta?: Done<T>['meta']): Done<T> => ({
  ok: true,
  data,
  ...(count === undefined ? {} : { count }),
  ...(meta ? { meta } : {}),
});

export const refuse = <R extends string>(refusal: R, values?: Refused<R>['values'], data?: unknown): Refused<R> => ({
  ok: false,
  refusal,
  ...(values ? { values } : {}),
  ...(data !== undefined ? { data } : {}),
});

/** The same outcome with its data mapped (a route turning domain records into the wire's fields). */
export const mapData = <T, U, R extends string>(outcome: Outcome<T, R>, map: (data: T) => U): Outcome<U, R> =>
  outcome.ok ? { ...outcome, data: map(outcome.data) } : outcome;
