import type { PointsSource } from '../domain/points/points-change';

/** One row of a user's points ledger: a change with its reason, its source and its time. */
export interface PointsEntry {
  id: number;
  userId: string;
  delta: number;
  /** The balance right after this change. */
  balanceAfter: number;
  reason: string;
  source: PointsSource;
  /** What the source names (a licence id), '' when nothing. */
  sourceRef: string;
  /** The staff member who made the change, the company member who exchanged, null for the system's own. */
  actorId: string | null;
  /** The company member who made it, by name (issue 37 item 4); '' for staff's and the system's changes. */
  actorName: string;
  createdAt: Date;
}

/** A change to book: `delta` points (negative for a debit), checked by `pointsChangeProblem` first. */
export interface PointsChange {
  userId: string;
  delta: number;
  reason: string;
  source: PointsSource;
  sourceRef?: string;
  actorId?: string | null;
  /** The same key for the same user books once: a repeat answers the first booking. */
  idempotencyKey?: string | null;
  at: Date;
}

/** What booking a change answers: the row (a repeat of a key answers the row it booked first), or why not. */
export type PointsBooking =
  | { kind: 'booked'; entry: PointsEntry; repeated: boolean }
  /** The change would take the balance below zero; nothing was booked. */
  | { kind: 'insufficient'; balance: number };

/**
 * The points ledger (DECISIONS 4). The balance is the sum of the user's rows and never negative:
 * a change that would take it below zero is not booked, however many changes race.
 */
export interface PointsLedgerStore {
  balance(userId: string): Promise<number>;
  /** The user's rows, newest first; `total` counts them all. */
  entries(userId: string, page: { offset: number; limit: number }): Promise<{ rows: PointsEntry[]; total: number }>;
  book(change: PointsChange): Promise<PointsBooking>;
}
