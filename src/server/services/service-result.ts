import type { Envelope } from '../../domain/shared/envelope';

/** Builds a success envelope. */
export const ok = <T>(ReturnData: T, info = 'success', extra: Partial<Envelope<T>> = {}): Envelope<T> => ({
  code: 200,
  info,
  ReturnData,
  ...extra,
});

/** Builds a refusal envelope; `code` is the envelope code the clients read. */
export const fail = (code: number, info: string, ReturnData: unknown = null): Envelope<never> => ({
  code,
  info,
  ReturnData: ReturnData as never,
});
