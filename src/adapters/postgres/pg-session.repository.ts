import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { SessionRecord, SessionRepository } from '../../ports/accounts-store.port';
import type { Executor } from './database';
import { isRole } from '../../domain/companies/company-roles';
import { sessions, users } from './schema';
import { companyMembers } from './tables/companies';

/** Login sessions in PostgreSQL. */
export class PgSessionRepository implements SessionRepository {
  constructor(private readonly db: Executor) {}

  async create(session: SessionRecord) {
    await this.db.insert(sessions).values(session);
  }

  async find(tokenHash: string) {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
    return row ?? null;
  }

  async findWithUser(tokenHash: string) {
    // The membership in the session's company comes in the same lookup (ADR 0030): a removed member has no role at their next call.
    const company = sql<string>`coalesce(${sessions.companyId}, ${sessions.userId})`;
    const [row] = await this.db
      .select({ session: sessions, userStatus: users.status, isStaff: users.isStaff, companyId: company, role: companyMembers.role })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companyMembers, and(eq(companyMembers.companyId, company), eq(companyMembers.userId, sessions.userId)))
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);
    return row ? { ...row.session, userStatus: row.userStatus, isStaff: row.isStaff, companyId: row.companyId, role: isRole(row.role) ? row.role : null } : null;
  }

  async touch(tokenHash: string, lastSeenAt: Date, expiresAt: Date) {
    await this.db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
  }

  async revoke(tokenHash: string, at: Date) {
    await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  }

  async revokeAllOf(userId: string, at: Date) {
    await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  async liveAmong(tokenHashes: readonly string[], now: Date) {
    if (tokenHashes.length === 0) return new Set<string>();
    const rows = await this.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(sessions.tokenHash, [...tokenHashes]), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), eq(users.status, 'active')));
    return new Set(rows.map((r) => r.tokenHash));
  }

  // `newest` is the session just made: always kept, whatever the clock says of the others (two
  // logins in one millisecond, or a test's clock that stands still, tie on created_at).
  async revokeBeyondNewest(userId: string, keep: number, at: Date, newest: string) {
    await this.db.execute(sql`
      update ${sessions} set revoked_at = ${at}
      where ${sessions.userId} = ${userId} and ${sessions.revokedAt} is null and ${sessions.tokenHash} <> ${newest}
        and ${sessions.tokenHash} not in (
          select ${sessions.tokenHash} from ${sessions}
          where ${sessions.userId} = ${userId} and ${sessions.revokedAt} is null and ${sessions.tokenHash} <> ${newest}
          order by ${sessions.createdAt} desc limit ${Math.max(0, keep - 1)})`);
  }

  async purge(before: Date) {
    const removed = await this.db
      .delete(sessions)
      .where(or(lt(sessions.revokedAt, before), lt(sessions.expiresAt, before)))
      .returning({ tokenHash: sessions.tokenHash });
    return removed.length;
  }
}
