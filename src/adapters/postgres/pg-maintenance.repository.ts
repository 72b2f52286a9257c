import { and, asc, count, desc, eq, gt, ilike, sql, type SQL } from 'drizzle-orm';
import type { PlanState } from '../../domain/maintenance/plan-state';
import type {
  ItemFilter,
  MaintenanceItemRecord,
  MaintenancePlanRecord,
  MaintenanceRecordRow,
  MaintenanceStore,
  NewMaintenanceItem,
} from '../../ports/maintenance-store.port';
import type { Db } from './database';
import { machines, users } from './schema';
import { maintenanceItems, maintenancePlans, maintenanceRecords } from './tables/maintenance';

type ItemRow = typeof maintenanceItems.$inferSelect;

const itemOf = (r: ItemRow): MaintenanceItemRecord => ({
  id: r.id,
  code: r.code,
  series: r.series,
  project: { zh: r.projectZh, en: r.projectEn },
  content: { zh: r.contentZh, en: r.contentEn },
  cycleHours: r.cycleHours,
  warningHours: r.warningHours,
  cyclePierces: r.cyclePierces,
  warningPierces: r.warningPierces,
  isEnabled: r.isEnabled ? 1 : 0,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Maintenance items, plans and records in PostgreSQL (tables/maintenance.ts). */
export class PgMaintenanceRepository implements MaintenanceStore {
  constructor(private readonly db: Db) {}

  async items(filter: ItemFilter, offset: number, limit: number) {
    const where: SQL[] = [];
    if (filter.series) where.push(sql`upper(${maintenanceItems.series}) = upper(${filter.series})`);
    if (filter.id) where.push(eq(maintenanceItems.id, filter.id));
    if (filter.project) {
      const like = `%${escapeLike(filter.project)}%`;
      where.push(sql`(${ilike(maintenanceItems.projectZh, like)} or ${ilike(maintenanceItems.projectEn, like)})`);
    }
    const condition = where.length ? and(...where) : undefined;
    const [rows, total] = await Promise.all([
      this.db.select().from(maintenanceItems).where(condition).orderBy(asc(maintenanceItems.sort), asc(maintenanceItems.id)).offset(offset).limit(limit),
      this.db.select({ n: count() }).from(maintenanceItems).where(condition),
    ]);
    return { rows: rows.map(itemOf), total: Number(total[0]?.n ?? 0) };
  }

  async item(id: number) {
    const [row] = await this.db.select().from(maintenanceItems).where(eq(maintenanceItems.id, id));
    return row ? itemOf(row) : null;
  }

  async putItem(item: NewMaintenanceItem) {
    const values = {
      code: item.code,
      series: item.series,
      projectZh: item.project.zh,
      projectEn: item.project.en,
      contentZh: item.content.zh,
      contentEn: item.content.en,
      cycleHours: item.cycleHours,
      warningHours: item.warningHours,
      cyclePierces: item.cyclePierces,
      warningPierces: item.warningPierces,
      isEnabled: item.isEnabled,
      sort: item.sort,
    };
    const { code: _c, series: _s, ...changes } = values;
    await this.db.insert(maintenanceItems).values(values).onConflictDoUpdate({ target: [maintenanceItems.series, maintenanceItems.code], set: changes });
  }

  private planQuery(where: SQL | undefined) {
    return this.db
      .select({ plan: maintenancePlans, item: maintenanceItems, realName: users.realName, email: users.email, orderNumber: machines.orderNumber, machineName: machines.name })
      .from(maintenancePlans)
      .innerJoin(maintenanceItems, eq(maintenanceItems.id, maintenancePlans.itemId))
      .innerJoin(users, eq(users.id, maintenancePlans.userId))
      .innerJoin(machines, eq(machines.id, maintenancePlans.machineId))
      .where(where);
  }

  private static planOf(r: {
    plan: typeof maintenancePlans.$inferSelect;
    item: ItemRow;
    realName: string;
    email: string | null;
    orderNumber: string;
    machineName: string;
  }): MaintenancePlanRecord {
    return {
      id: r.plan.id,
      userId: r.plan.userId,
      realName: r.realName,
      email: r.email,
      machineId: r.plan.machineId,
      orderNumber: r.orderNumber,
      machineName: r.machineName,
      item: itemOf(r.item),
      createdAt: r.plan.createdAt,
      since: r.plan.since,
      runHoursAt: r.plan.runHoursAt,
      notifiedState: r.plan.notifiedState as PlanState,
      warnedAt: r.plan.warnedAt,
    };
  }

  async plans(userId: string, machineId: number | null) {
    // Only plans on machines the user still owns.
    const where = and(eq(maintenancePlans.userId, userId), eq(machines.ownerId, userId), machineId === null ? undefined : eq(maintenancePlans.machineId, machineId));
    const rows = await this.planQuery(where).orderBy(asc(maintenancePlans.id));
    return rows.map(PgMaintenanceRepository.planOf);
  }

  async plan(id: number) {
    const [row] = await this.planQuery(eq(maintenancePlans.id, id));
    return row ? PgMaintenanceRepository.planOf(row) : null;
  }

  async plansAfter(afterId: number, limit: number) {
    const rows = await this.planQuery(and(gt(maintenancePlans.id, afterId), eq(machines.ownerId, maintenancePlans.userId)))
      .orderBy(asc(maintenancePlans.id))
      .limit(limit);
    return rows.map(PgMaintenanceRepository.planOf);
  }

  async addPlan(plan: { userId: string; machineId: number; itemId: number; at: Date; runHoursAt: number }) {
    const [row] = await this.db
      .insert(maintenancePlans)
      .values({ userId: plan.userId, machineId: plan.machineId, itemId: plan.itemId, createdAt: plan.at, since: plan.at, runHoursAt: plan.runHoursAt })
      .onConflictDoNothing()
      .returning({ id: maintenancePlans.id });
    return row?.id ?? null;
  }

  async deletePlan(id: number, userId: string) {
    const rows = await this.db
      .delete(maintenancePlans)
      .where(and(eq(maintenancePlans.id, id), eq(maintenancePlans.userId, userId)))
      .returning({ id: maintenancePlans.id });
    return rows.length > 0;
  }

  async recordMaintenance(record: { planId: number; userId: string; createdBy: string; itemId: number; time: Date; user: string; state: 0 | 1; createdAt: Date; runHoursAt: number }) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(maintenanceRecords)
        .values({
          planId: record.planId,
          userId: record.userId,
          createdBy: record.createdBy,
          itemId: record.itemId,
          maintenanceTime: record.time,
          maintenanceUser: record.user,
          state: record.state,
          createdAt: record.createdAt,
        })
        .returning({ id: maintenanceRecords.id });
      await tx
        .update(maintenancePlans)
        .set({ since: record.time, runHoursAt: record.runHoursAt, notifiedState: 'normal', warnedAt: null })
        .where(eq(maintenancePlans.id, record.planId));
      return row.id;
    });
  }

  async records(planId: number, offset: number, limit: number) {
    const where = eq(maintenanceRecords.planId, planId);
    const [rows, total] = await Promise.all([
      this.db
        .select({
          record: maintenanceRecords,
          item: maintenanceItems,
          realName: users.realName,
          createdByName: sql<string | null>`(select coalesce(nullif(b.real_name, ''), b.account) from users b where b.id = ${maintenanceRecords.createdBy})`,
        })
        .from(maintenanceRecords)
        .innerJoin(maintenanceItems, eq(maintenanceItems.id, maintenanceRecords.itemId))
        .innerJoin(users, eq(users.id, maintenanceRecords.userId))
        .where(where)
        .orderBy(desc(maintenanceRecords.maintenanceTime), desc(maintenanceRecords.id))
        .offset(offset)
        .limit(limit),
      this.db.select({ n: count() }).from(maintenanceRecords).where(where),
    ]);
    return {
      rows: rows.map(
        (r): MaintenanceRecordRow => ({
          id: r.record.id,
          planId: r.record.planId,
          project: { zh: r.item.projectZh, en: r.item.projectEn },
          content: { zh: r.item.contentZh, en: r.item.contentEn },
          realName: r.realName,
          maintenanceTime: r.record.maintenanceTime,
          maintenanceUser: r.record.maintenanceUser,
          state: r.record.state ? 1 : 0,
          createdAt: r.record.createdAt,
          createdByName: r.createdByName ?? '',
        }),
      ),
      total: Number(total[0]?.n ?? 0),
    };
  }

  async lastRecordTime(planId: number) {
    const [row] = await this.db
      .select({ at: sql<string | null>`max(${maintenanceRecords.maintenanceTime})` })
      .from(maintenanceRecords)
      .where(eq(maintenanceRecords.planId, planId));
    return row?.at ? new Date(row.at) : null;
  }

  async recordCounts(userId: string) {
    const rows = await this.db
      .select({ zh: maintenanceItems.projectZh, en: maintenanceItems.projectEn, n: count() })
      .from(maintenanceRecords)
      .innerJoin(maintenanceItems, eq(maintenanceItems.id, maintenanceRecords.itemId))
      .where(eq(maintenanceRecords.userId, userId))
      .groupBy(maintenanceItems.projectZh, maintenanceItems.projectEn)
      .orderBy(desc(count()), asc(maintenanceItems.projectEn));
    return rows.map((r) => ({ project: { zh: r.zh, en: r.en }, count: Number(r.n) }));
  }

  async setNotified(planId: number, state: PlanState, warnedAt: Date | null) {
    await this.db.update(maintenancePlans).set({ notifiedState: state, warnedAt }).where(eq(maintenancePlans.id, planId));
  }
}
