import { loyaltyOf, type Loyalty } from '../../domain/points/loyalty';
import { pointsChangeProblem, type PointsChangeProblem, type PointsSource } from '../../domain/points/points-change';
import type { PointsEntry, PointsLedgerStore } from '../../ports/points-ledger.port';
import type { Clock } from '../../ports/clock.port';
import { done, refuse, type Outcome } from '../outcome';

/** A balance and the loyalty level it gives. */
export interface MallPoints {
  points: number;
  loyalty: Loyalty;
}

/** A change to book on a user's points (a staff grant or correction, a purchase, a refund). */
export interface PointsChangeRequest {
  userId: string;
  delta: number;
  reason: string;
  source: PointsSource;
  sourceRef?: string;
  /** The staff member making it, for the audit. */
  actorId?: string | null;
  idempotencyKey?: string | null;
}

export type PointsChangeRefusal = PointsChangeProblem | 'insufficient';

/**
 * Points and loyalty levels (DECISIONS 4): the ledger's balance, the level of spec 2 section 9,
 * and changes booked as ledger rows that never take a balance below zero. A staff call that grants
 * or corrects points calls `change` with the staff member as actor and `source: 'staff'`.
 */
export class PointsService {
  constructor(
    private readonly ledger: PointsLedgerStore,
    private readonly clock: Clock,
  ) {}

  async mallPoints(userId: string): Promise<Outcome<MallPoints>> {
    const points = await this.ledger.balance(userId);
    return done({ points, loyalty: loyaltyOf(points) });
  }

  async entries(userId: string, page: { offset: number; limit: number }): Promise<Outcome<PointsEntry[]>> {
    const { rows, total } = await this.ledger.entries(userId, page);
    return done(rows, total);
  }

  /** Books one change; a repeated idempotency key answers the first booking again. `values.balance` names the balance on a refusal. */
  async change(request: PointsChangeRequest): Promise<Outcome<PointsEntry, PointsChangeRefusal>> {
    const problem = pointsChangeProblem(request);
    if (problem) return refuse(problem);
    const booking = await this.ledger.book({ ...request, at: this.clock.now() });
    if (booking.kind === 'insufficient') return refuse('insufficient', { balance: booking.balance });
    return done(booking.entry);
  }
}
