import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { isRole, type CompanyRole } from '../../domain/companies/company-roles';
import type { CompanyAdminStore, MachineMoveResult, StaffCompanyDetail, StaffCompanyRow } from '../../ports/company-admin.port';
import { isUuid, type Executor } from './database';
import { machines, users } from './schema';
import { companies, companyMembers } from './tables/companies';
import { maintenancePlans } from './tables/maintenance';

const roleOf = (value: string): CompanyRole => (isRole(value) ? value : 'viewer');
const ownersFirst = sql`case ${companyMembers.role} when 'owner' then 0 when 'manager' then 1 when 'engineer' then 2 else 3 end`;
/** `%` and `_` typed by staff are matched as themselves. */
const part = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const memberCount = sql<number>`(select count(*)::int from company_members m where m.company_id = ${companies.id})`;
const machineCount = sql<number>`(select count(*)::int from machines x where x.owner_id = ${companies.id})`;

/** Every company as staff read and change them (issue 37 item 5); the founder (whose id the company has) names it. */
export class PgCompanyAdmin implements CompanyAdminStore {
  constructor(private readonly db: Executor) {}

  private rows() {
    return this.db
      .select({ companyId: companies.id, name: companies.name, createdAt: companies.createdAt, ownerName: users.realName, ownerAccount: users.account, members: memberCount, machines: machineCount })
      .from(companies)
      .leftJoin(users, eq(users.id, companies.id));
  }

  private static rowOf(r: { companyId: string; name: string; createdAt: Date; ownerName: string | null; ownerAccount: string | null; members: number; machines: number }): StaffCompanyRow {
    return { ...r, ownerName: r.ownerName ?? '', ownerAccount: r.ownerAccount ?? '', members: Number(r.members), machines: Number(r.machines) };
  }

  async list(search: string, page: { offset: number; limit: number }) {
    const text = search.trim();
    let where: SQL | undefined;
    if (text) {
      const p = part(text);
      // An owner of the company other than its founder is found by their account too.
      const owner = sql`exists (select 1 from company_members o join users ou on ou.id = o.user_id
        where o.company_id = ${companies.id} and o.role = 'owner' and (ou.account ilike ${p} or ou.email ilike ${p} or ou.real_name ilike ${p}))`;
      where = or(ilike(companies.name, p), ilike(users.account, p), ilike(users.realName, p), owner);
    }
    const [rows, [total]] = await Promise.all([
      this.rows().where(where).orderBy(desc(companies.createdAt), asc(companies.id)).offset(page.offset).limit(page.limit),
      this.db.select({ n: count() }).from(companies).leftJoin(users, eq(users.id, companies.id)).where(where),
    ]);
    return { rows: rows.map(PgCompanyAdmin.rowOf), total: total?.n ?? 0 };
  }

  async find(companyId: string): Promise<StaffCompanyDetail | null> {
    if (!isUuid(companyId)) return null;
    const [row] = await this.rows().where(eq(companies.id, companyId)).limit(1);
    if (!row) return null;
    const [memberList, machineList] = await Promise.all([
      this.db
        .select({ userId: users.id, account: users.account, email: users.email, realName: users.realName, role: companyMembers.role, joinedAt: companyMembers.joinedAt })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(eq(companyMembers.companyId, companyId))
        .orderBy(ownersFirst, asc(companyMembers.joinedAt)),
      this.db
        .select({ equipmentId: machines.id, orderNumber: machines.orderNumber, name: machines.name, seriesName: machines.seriesName, kind: machines.kind, boundAt: machines.boundAt })
        .from(machines)
        .where(eq(machines.ownerId, companyId))
        .orderBy(asc(machines.orderNumber)),
    ]);
    return {
      ...PgCompanyAdmin.rowOf(row),
      memberList: memberList.map((m) => ({ ...m, role: roleOf(m.role) })),
      machineList: machineList.map((m) => ({ ...m, kind: m.kind === 'tube' ? 'tube' : 'sheet' })),
    };
  }

  async moveMachine(orderNumber: string, fromCompanyId: string, toCompanyId: string, at: Date): Promise<MachineMoveResult> {
    // The row lock orders a move against a concurrent bind, unbind or move of the same machine.
    const [machine] = await this.db.select().from(machines).where(eq(machines.orderNumber, orderNumber)).for('update').limit(1);
    if (!machine) return { kind: 'unknownMachine' };
    if (!machine.ownerId) return { kind: 'notBound' };
    if (!isUuid(fromCompanyId) || machine.ownerId.toLowerCase() !== fromCompanyId.toLowerCase()) return { kind: 'movedMeanwhile' };
    if (!isUuid(toCompanyId)) return { kind: 'unknownCompany' };
    // The machine's owner column still names a user (ADR 0030: a company's id is its founder's), so
    // a company whose founder is gone takes no machine.
    const [target] = await this.db
      .select({ id: companies.id })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.id))
      .where(eq(companies.id, toCompanyId))
      .for('key share', { of: companies })
      .limit(1);
    if (!target) return { kind: 'unknownCompany' };
    await this.db.update(machines).set({ ownerId: target.id, boundAt: at }).where(eq(machines.id, machine.id));
    // The machine's maintenance plans are the machine's: they go with it (its records stay with the company that kept them).
    await this.db.update(maintenancePlans).set({ userId: target.id }).where(and(eq(maintenancePlans.machineId, machine.id), eq(maintenancePlans.userId, machine.ownerId)));
    const former = await this.db.select({ userId: companyMembers.userId }).from(companyMembers).where(eq(companyMembers.companyId, machine.ownerId));
    return { kind: 'moved', equipmentId: machine.id, name: machine.name, fromCompanyId: machine.ownerId, toCompanyId: target.id, fromMembers: former.map((m) => m.userId) };
  }
}
