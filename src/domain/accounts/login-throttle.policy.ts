/**
 * Password guessing defence (DECISIONS 2, issue 21 items 3 and 4). No hard lock an attacker can
 * aim at someone else's account:
 *
 * - per account and client address: the first `FREE_FAILURES` failures cost nothing, then each
 *   next try must wait a delay that doubles (1 s, 2 s, 4 s ... at most 15 minutes). A try during
 *   the wait is refused without looking at the password, so the right and a wrong password answer
 *   alike. Another address (the owner's) is not slowed by it.
 * - per account from every address: after `PROOF_AFTER_FAILURES` failures in an hour the password
 *   alone is not enough: a code is sent to the account's own e-mail or phone, and the password
 *   counts only with it. The attacker can make the owner read a mail, never lock them out.
 */
export const PAIR_WINDOW_MS = 15 * 60_000;
export const FREE_FAILURES = 3;
export const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 15 * 60_000;
export const ACCOUNT_WINDOW_MS = 60 * 60_000;
export const PROOF_AFTER_FAILURES = 10;
export const LOGIN_DELAY_STEP_MS = 200;

/** A counter of failures; `windowStartedAt` is the time of the latest failure, `lockedUntil` when the next try may come. */
export interface ThrottleState {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

/** The throttle row of an account tried from an address, and of the account from anywhere. */
export const pairKey = (account: string, address: string) => `pair:${account} ${address}`;
export const accountKey = (account: string) => `account:${account}`;

/** Milliseconds until this pair may try again, or 0. */
export function retryWaitMs(state: ThrottleState | null, now: Date): number {
  if (!state?.lockedUntil) return 0;
  return Math.max(0, state.lockedUntil.getTime() - now.getTime());
}

/** The wait after the n-th failure in a row: none for the free ones, then doubling up to the cap. */
export function delayAfter(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(30, failures - FREE_FAILURES - 1));
}

/** The state after one more failure; failures older than `windowMs` (since the latest) are forgotten. */
export function afterFailure(state: ThrottleState | null, now: Date, windowMs = PAIR_WINDOW_MS): ThrottleState {
  const fresh = !state || now.getTime() - state.windowStartedAt.getTime() > windowMs;
  const failures = fresh ? 1 : state.failures + 1;
  const delay = delayAfter(failures);
  return { failures, windowStartedAt: now, lockedUntil: delay > 0 ? new Date(now.getTime() + delay) : null };
}

/** Whether the account's password counts only with a code sent to its owner. */
export function needsProof(accountState: ThrottleState | null, now: Date): boolean {
  if (!accountState) return false;
  return accountState.failures >= PROOF_AFTER_FAILURES && now.getTime() - accountState.windowStartedAt.getTime() <= ACCOUNT_WINDOW_MS;
}

/** How long to hold a failed answer: a little more with each failure, so a burst is slow too. */
export function failureDelayMs(state: ThrottleState): number {
  return Math.min(state.failures, 5) * LOGIN_DELAY_STEP_MS;
}
