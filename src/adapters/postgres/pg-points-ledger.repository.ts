import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { balanceAfter } from '../../domain/points/points-change';
import type { PointsSource } from '../../domain/points/points-change';
import type { PointsBooking, PointsChange, PointsEntry, PointsLedgerStore } from '../../ports/points-ledger.port';
import { isUuid, type Db } from './database';
import { pointsBalances, pointsLedger } from './tables/points';

/** A drizzle transaction on the portal's database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type EntryRow = typeof pointsLedger.$inferSelect;

const toEntry = (r: EntryRow & { actorName?: string | null }): PointsEntry => ({
  id: r.id,
  userId: r.userId,
  delta: r.delta,
  balanceAfter: r.balanceAfter,
  reason: r.reason,
  source: r.source as PointsSource,
  sourceRef: r.sourceRef,
  actorId: r.actorId,
  actorName: r.actorName ?? '',
  createdAt: r.createdAt,
});

/** The name of the member who made a change; staff stay unnamed to customers. */
const actorName = sql<string | null>`(select coalesce(nullif(a.real_name, ''), a.account) from users a where a.id = ${pointsLedger.actorId} and not a.is_staff)`;

/**
 * Books one change inside the caller's transaction, so another table (a licence) can change in the
 * same one. The user's balance row is locked first (`FOR UPDATE`): every change of one user's
 * points queues there, then sees the rows committed before it, so an idempotency key is checked
 * and the balance read and written without a race. The schema's checks (balance and running sum
 * never negative) stand behind it.
 */
export async function bookPointsIn(tx: Tx, change: PointsChange): Promise<PointsBooking> {
  await tx.insert(pointsBalances).values({ userId: change.userId, balance: 0, updatedAt: change.at }).onConflictDoNothing();
  const [locked] = await tx
    .select({ balance: pointsBalances.balance })
    .from(pointsBalances)
    .where(eq(pointsBalances.userId, change.userId))
    .for('update');
  const balance = locked?.balance ?? 0;
  if (change.idempotencyKey) {
    const [earlier] = await tx
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, change.userId), eq(pointsLedger.idempotencyKey, change.idempotencyKey)))
      .limit(1);
    if (earlier) return { kind: 'booked', entry: toEntry(earlier), repeated: true };
  }
  const after = balanceAfter(balance, change.delta);
  if (after === null) return { kind: 'insufficient', balance };
  const [row] = await tx
    .insert(pointsLedger)
    .values({
      userId: change.userId,
      delta: change.delta,
      balanceAfter: after,
      reason: change.reason.trim(),
      source: change.source,
      sourceRef: change.sourceRef ?? '',
      actorId: change.actorId ?? null,
      idempotencyKey: change.idempotencyKey ?? null,
      createdAt: change.at,
    })
    .returning();
  await tx
    .update(pointsBalances)
    .set({ balance: sql`${pointsBalances.balance} + ${change.delta}`, updatedAt: change.at })
    .where(eq(pointsBalances.userId, change.userId));
  return { kind: 'booked', entry: toEntry(row), repeated: false };
}

/** The points ledger in PostgreSQL (`tables/points.ts`). */
export class PgPointsLedger implements PointsLedgerStore {
  constructor(private readonly db: Db) {}

  async balance(userId: string): Promise<number> {
    if (!isUuid(userId)) return 0;
    const [row] = await this.db.select({ balance: pointsBalances.balance }).from(pointsBalances).where(eq(pointsBalances.userId, userId));
    return row?.balance ?? 0;
  }

  async entries(userId: string, page: { offset: number; limit: number }) {
    if (!isUuid(userId)) return { rows: [], total: 0 };
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ ...getTableColumns(pointsLedger), actorName })
        .from(pointsLedger)
        .where(eq(pointsLedger.userId, userId))
        .orderBy(desc(pointsLedger.id))
        .offset(page.offset)
        .limit(page.limit),
      this.db.select({ total: count() }).from(pointsLedger).where(eq(pointsLedger.userId, userId)),
    ]);
    return { rows: rows.map(toEntry), total };
  }

  book(change: PointsChange): Promise<PointsBooking> {
    return this.db.transaction((tx) => bookPointsIn(tx, change));
  }
}
