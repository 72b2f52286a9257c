import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { isRole, type CompanyRole } from '../../domain/companies/company-roles';
import type { CompanyStore, InvitationRecord } from '../../ports/company-store.port';
import { isUuid, type Executor } from './database';
import { sessions, users } from './schema';
import { companies, companyInvitations, companyMembers } from './tables/companies';

const roleOf = (value: string): CompanyRole => (isRole(value) ? value : 'viewer');
const ownersFirst = sql`case ${companyMembers.role} when 'owner' then 0 when 'manager' then 1 when 'engineer' then 2 else 3 end`;

/** Companies, members and invitations in PostgreSQL (ADR 0030). */
export class PgCompanyRepository implements CompanyStore {
  constructor(private readonly db: Executor) {}

  async companiesOf(userId: string) {
    if (!isUuid(userId)) return [];
    const founder = sql<string>`(select coalesce(nullif(real_name, ''), account) from users where id = ${companies.id})`;
    const rows = await this.db
      .select({ companyId: companies.id, name: companies.name, ownerName: founder, role: companyMembers.role, joinedAt: companyMembers.joinedAt })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(companyMembers.userId, userId))
      .orderBy(asc(companyMembers.joinedAt));
    return rows.map((r) => ({ companyId: r.companyId, name: r.name, ownerName: r.ownerName ?? '', role: roleOf(r.role) }));
  }

  async members(companyId: string, options: { lock?: boolean } = {}) {
    if (!isUuid(companyId)) return [];
    const query = this.db
      .select({ userId: users.id, account: users.account, email: users.email, realName: users.realName, role: companyMembers.role, joinedAt: companyMembers.joinedAt })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(eq(companyMembers.companyId, companyId))
      .orderBy(ownersFirst, asc(companyMembers.joinedAt));
    const rows = options.lock ? await query.for('update', { of: companyMembers }) : await query;
    return rows.map((r) => ({ ...r, role: roleOf(r.role) }));
  }

  async addMember(companyId: string, userId: string, role: CompanyRole, invitedBy: string | null, at: Date) {
    const added = await this.db.insert(companyMembers).values({ companyId, userId, role, invitedBy, joinedAt: at }).onConflictDoNothing().returning({ userId: companyMembers.userId });
    return added.length > 0;
  }

  async setRole(companyId: string, userId: string, role: CompanyRole) {
    await this.db.update(companyMembers).set({ role }).where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  }

  async removeMember(companyId: string, userId: string) {
    await this.db.delete(companyMembers).where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    // Their sessions that worked in it work in their own company again.
    await this.db.update(sessions).set({ companyId: null }).where(and(eq(sessions.userId, userId), eq(sessions.companyId, companyId)));
  }

  async createInvitation(invitation: Omit<InvitationRecord, 'id' | 'acceptedAt' | 'revokedAt'> & { codeHash: string }) {
    const [row] = await this.db.insert(companyInvitations).values(invitation).returning();
    return invitationOf(row!);
  }

  async pendingInvitations(companyId: string, now: Date) {
    if (!isUuid(companyId)) return [];
    const rows = await this.db
      .select()
      .from(companyInvitations)
      .where(and(eq(companyInvitations.companyId, companyId), isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt), gt(companyInvitations.expiresAt, now)))
      .orderBy(desc(companyInvitations.createdAt))
      .limit(200);
    return rows.map(invitationOf);
  }

  async invitationByCode(codeHash: string) {
    const [row] = await this.db.select().from(companyInvitations).where(eq(companyInvitations.codeHash, codeHash)).limit(1);
    return row ? invitationOf(row) : null;
  }

  async acceptInvitation(id: string, userId: string, at: Date) {
    const done = await this.db
      .update(companyInvitations)
      .set({ acceptedAt: at, acceptedBy: userId })
      .where(and(eq(companyInvitations.id, id), isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt), gt(companyInvitations.expiresAt, at)))
      .returning({ id: companyInvitations.id });
    return done.length > 0;
  }

  async revokeInvitation(companyId: string, id: string, at: Date) {
    if (!isUuid(id)) return false;
    const done = await this.db
      .update(companyInvitations)
      .set({ revokedAt: at })
      .where(and(eq(companyInvitations.id, id), eq(companyInvitations.companyId, companyId), isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt), gt(companyInvitations.expiresAt, at)))
      .returning({ id: companyInvitations.id });
    return done.length > 0;
  }

  async rename(companyId: string, name: string) {
    // The name before, read under the row's lock the update takes: the audit row says what changed.
    const result = await this.db.execute<{ before: string }>(
      sql`update ${companies} set name = ${name} from (select name as before from ${companies} where id = ${companyId} for update) old where ${companies.id} = ${companyId} returning old.before`,
    );
    return result.rows[0]?.before ?? '';
  }

  async setSessionCompany(tokenHash: string, companyId: string | null) {
    await this.db.update(sessions).set({ companyId }).where(eq(sessions.tokenHash, tokenHash));
  }
}

function invitationOf(row: typeof companyInvitations.$inferSelect): InvitationRecord {
  return {
    id: row.id,
    companyId: row.companyId,
    email: row.email,
    role: roleOf(row.role),
    invitedBy: row.invitedBy,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    acceptedAt: row.acceptedAt,
    revokedAt: row.revokedAt,
  };
}
