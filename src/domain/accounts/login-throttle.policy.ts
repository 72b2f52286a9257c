/** Login guessing defence (DECISIONS 2): failures slow the answer, then lock the account for a while. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 15 * 60_000;
export const LOGIN_DELAY_STEP_MS = 200;

export interface ThrottleState {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

/** Milliseconds until the account may try again, or 0 when it is not locked. */
export function lockRemainingMs(state: ThrottleState | null, now: Date): number {
  if (!state?.lockedUntil) return 0;
  return Math.max(0, state.lockedUntil.getTime() - now.getTime());
}

/** The state after one more failed login. */
export function afterFailure(state: ThrottleState | null, now: Date): ThrottleState {
  const windowOver = !state || now.getTime() - state.windowStartedAt.getTime() > LOGIN_WINDOW_MS;
  const lockServed = state?.lockedUntil != null && lockRemainingMs(state, now) === 0;
  const fresh = windowOver || lockServed;
  const failures = fresh ? 1 : state.failures + 1;
  const windowStartedAt = fresh ? now : state.windowStartedAt;
  const lockedUntil = failures >= LOGIN_MAX_FAILURES ? new Date(now.getTime() + LOGIN_LOCK_MS) : null;
  return { failures, windowStartedAt, lockedUntil };
}

/** How long to hold a failed answer: grows with each failure so guessing gets slow before it locks. */
export function failureDelayMs(state: ThrottleState): number {
  return Math.min(state.failures, LOGIN_MAX_FAILURES) * LOGIN_DELAY_STEP_MS;
}
