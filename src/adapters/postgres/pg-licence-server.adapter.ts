import { and, desc, eq } from 'drizzle-orm';
import type { CamConfirmationStore, CamLicence, LicenceExchangeRequest, LicenceExchangeResult, LicenceServerPort } from '../../ports/licence-server.port';
import { isUuid, type Db } from './database';
import { bookPointsIn } from './pg-points-ledger.repository';
import { camConfirmations, camLicenceExchanges, camLicences } from './tables/cam-licences';
import { pointsBalances } from './tables/points';

type LicenceRow = typeof camLicences.$inferSelect;
const toLicence = (r: LicenceRow): CamLicence => ({ ...r });

/** Thrown inside the transaction to roll it back with an answer. */
class Rollback {
  constructor(readonly result: LicenceExchangeResult) {}
}

/**
 * The embedded licence server: licences in the portal's own database (`tables/cam-licences.ts`).
 * An exchange locks the licence row, then books the debit in the points ledger (which locks the
 * balance row), extends the licence and records the exchange, all in one transaction: either
 * everything happens or nothing does.
 */
export class PgLicenceServer implements LicenceServerPort {
  constructor(private readonly db: Db) {}

  async licencesOf(email: string): Promise<CamLicence[]> {
    const rows = await this.db
      .select()
      .from(camLicences)
      .where(eq(camLicences.userEmail, email.trim().toLowerCase()))
      .orderBy(desc(camLicences.expiredTime), desc(camLicences.id));
    return rows.map(toLicence);
  }

  /** Issues a licence (the seed, the tests); a licence number issued before is kept as it is. */
  async issue(licence: Omit<CamLicence, 'id'>): Promise<CamLicence> {
    await this.db
      .insert(camLicences)
      .values({ ...licence, userEmail: licence.userEmail.trim().toLowerCase() })
      .onConflictDoNothing({ target: camLicences.licenceNo });
    const [row] = await this.db.select().from(camLicences).where(eq(camLicences.licenceNo, licence.licenceNo));
    return toLicence(row);
  }

  async exchange(request: LicenceExchangeRequest): Promise<LicenceExchangeResult> {
    try {
      return await this.db.transaction(async (tx) => {
        const [licence] = await tx
          .select()
          .from(camLicences)
          .where(and(eq(camLicences.licenceNo, request.licenceNo), eq(camLicences.userEmail, request.email.trim().toLowerCase())))
          .for('update');
        if (!licence) return { kind: 'noLicence' } as const;
        // A repeat of a click answers the exchange it made, even though the licence is now out of its window.
        const [earlier] = await tx
          .select()
          .from(camLicenceExchanges)
          .where(and(eq(camLicenceExchanges.userId, request.userId), eq(camLicenceExchanges.idempotencyKey, request.idempotencyKey)));
        if (earlier) {
          const [now] = await tx.select().from(camLicences).where(eq(camLicences.id, earlier.licenceId));
          const [balance] = await tx.select().from(pointsBalances).where(eq(pointsBalances.userId, request.userId));
          return { kind: 'exchanged', licence: toLicence(now), balance: balance?.balance ?? 0, repeated: true } as const;
        }
        const refusal = request.check(toLicence(licence));
        if (refusal) return { kind: 'refused', reason: refusal } as const;
        const booking = await bookPointsIn(tx, {
          userId: request.userId,
          delta: -request.cost,
          // The licence number only: the page says "CAM licence extended" in its own language (the source).
          reason: licence.licenceNo,
          source: 'exchange',
          sourceRef: licence.licenceNo,
          actorId: request.actorId,
          idempotencyKey: `exchange:${request.idempotencyKey}`,
          at: request.now,
        });
        if (booking.kind === 'insufficient') throw new Rollback({ kind: 'insufficientPoints', balance: booking.balance });
        if (booking.repeated) {
          // The same key raced here for another licence and booked first (the balance lock let it finish): answer that exchange.
          const [first] = await tx
            .select()
            .from(camLicenceExchanges)
            .where(and(eq(camLicenceExchanges.userId, request.userId), eq(camLicenceExchanges.idempotencyKey, request.idempotencyKey)));
          const [licenceNow] = first ? await tx.select().from(camLicences).where(eq(camLicences.id, first.licenceId)) : [licence];
          const [balance] = await tx.select().from(pointsBalances).where(eq(pointsBalances.userId, request.userId));
          throw new Rollback({ kind: 'exchanged', licence: toLicence(licenceNow), balance: balance?.balance ?? 0, repeated: true });
        }
        const expiredAfter = request.extend(licence.expiredTime);
        const [extended] = await tx
          .update(camLicences)
          .set({ expiredTime: expiredAfter, endTime: expiredAfter > licence.endTime ? expiredAfter : licence.endTime })
          .where(eq(camLicences.id, licence.id))
          .returning();
        await tx.insert(camLicenceExchanges).values({
          userId: request.userId,
          actorId: request.actorId,
          licenceId: licence.id,
          cost: request.cost,
          ledgerEntryId: booking.entry.id,
          expiredBefore: licence.expiredTime,
          expiredAfter,
          idempotencyKey: request.idempotencyKey,
          createdAt: request.now,
        });
        return { kind: 'exchanged', licence: toLicence(extended), balance: booking.entry.balanceAfter, repeated: false } as const;
      });
    } catch (error) {
      if (error instanceof Rollback) return error.result;
      throw error;
    }
  }
}

/** Confirmations of internal-domain users in the portal's database. */
export class PgCamConfirmations implements CamConfirmationStore {
  constructor(private readonly db: Db) {}

  async isConfirmed(userId: string): Promise<boolean> {
    if (!isUuid(userId)) return false;
    const [row] = await this.db.select({ userId: camConfirmations.userId }).from(camConfirmations).where(eq(camConfirmations.userId, userId));
    return !!row;
  }

  async confirm(userId: string, realName: string, account: string, at: Date): Promise<void> {
    await this.db
      .insert(camConfirmations)
      .values({ userId, realName, account, confirmedAt: at })
      .onConflictDoUpdate({ target: camConfirmations.userId, set: { realName, account, confirmedAt: at } });
  }
}
