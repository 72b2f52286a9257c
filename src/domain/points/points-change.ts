/**
 * What a change of a points balance must be (DECISIONS 4: a points ledger per user). Every change
 * is a whole, non-zero number of points with a reason; a balance is never negative. The server's
 * ledger enforces it; a staff form shows the same problems.
 */

/** The most one change may add or take: a typo of a few zeros is refused, not booked. */
export const MAX_POINTS_CHANGE = 1_000_000;
/** The longest reason a ledger row keeps. */
export const MAX_REASON_LENGTH = 200;

/** Where a change came from. */
export type PointsSource = 'staff' | 'exchange' | 'purchase' | 'seed' | 'refund';

export type PointsChangeProblem = 'notWhole' | 'zero' | 'tooLarge' | 'reasonRequired' | 'reasonTooLong';

/** The first thing wrong with a change, or null when it may be booked. */
export function pointsChangeProblem(change: { delta: number; reason: string }): PointsChangeProblem | null {
  if (!Number.isSafeInteger(change.delta)) return 'notWhole';
  if (change.delta === 0) return 'zero';
  if (Math.abs(change.delta) > MAX_POINTS_CHANGE) return 'tooLarge';
  if (!change.reason.trim()) return 'reasonRequired';
  if (change.reason.trim().length > MAX_REASON_LENGTH) return 'reasonTooLong';
  return null;
}

/** The balance after a change, or null when the change would take it below zero. */
export function balanceAfter(balance: number, delta: number): number | null {
  const after = balance + delta;
  return after < 0 ? null : after;
}
