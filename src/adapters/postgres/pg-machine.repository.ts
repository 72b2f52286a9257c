import { and, asc, count, eq, getTableColumns, ilike, isNull, or, sql } from 'drizzle-orm';
import type { BindOutcome, MachineKind, MachineRecord, MachineStore, StaffMachineRow } from '../../ports/machine-store.port';
import { isUuid, type Db } from './database';
import { machineRegistry, machineSeries, machines, users } from './schema';
import { companyMembers } from './tables/companies';
import { machineRegistryDetails } from './tables/registry';
import { registryDetailsOf } from './pg-machine-registry-admin.repository';

type MachineRow = typeof machines.$inferSelect & { boundByName: string | null };

/** The name of the member who bound the machine: their real name, else their account. */
const boundByName = sql<string | null>`(select coalesce(nullif(b.real_name, ''), b.account) from users b where b.id = ${machines.boundBy})`;
const MACHINE_COLUMNS = { ...getTableColumns(machines), boundByName };

const kindOf = (kind: string): MachineKind => (kind === 'tube' ? 'tube' : 'sheet');
const toMachine = (r: MachineRow): MachineRecord => ({
  id: r.id,
  orderNumber: r.orderNumber,
  name: r.name,
  seriesName: r.seriesName,
  kind: kindOf(r.kind),
  ownerId: r.ownerId,
  boundAt: r.boundAt,
  boundBy: r.boundBy,
  boundByName: r.boundByName ?? '',
  labelRevision: r.labelRevision,
});

/** Machines and series in PostgreSQL. */
export class PgMachineRepository implements MachineStore {
  constructor(private readonly db: Db) {}

  async listByOwner(ownerId: string) {
    const rows = await this.db.select(MACHINE_COLUMNS).from(machines).where(eq(machines.ownerId, ownerId)).orderBy(asc(machines.boundAt), asc(machines.id));
    return rows.map(toMachine);
  }

  async findByOrderNumber(orderNumber: string) {
    const [row] = await this.db.select(MACHINE_COLUMNS).from(machines).where(eq(machines.orderNumber, orderNumber)).limit(1);
    return row ? toMachine(row) : null;
  }

  async findById(id: number) {
    // The column is an int4: anything outside it is no machine, not a database error.
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
    const [row] = await this.db.select(MACHINE_COLUMNS).from(machines).where(eq(machines.id, id)).limit(1);
    return row ? toMachine(row) : null;
  }

  async memberSees(userId: string, orderNumber: string) {
    if (!isUuid(userId)) return false;
    const [row] = await this.db
      .select({ id: machines.id })
      .from(machines)
      .innerJoin(companyMembers, and(eq(companyMembers.companyId, machines.ownerId), eq(companyMembers.userId, userId)))
      .where(eq(machines.orderNumber, orderNumber))
      .limit(1);
    return !!row;
  }

  async visibleTo(userId: string) {
    if (!isUuid(userId)) return [];
    const rows = await this.db
      .select({ orderNumber: machines.orderNumber })
      .from(machines)
      .innerJoin(companyMembers, and(eq(companyMembers.companyId, machines.ownerId), eq(companyMembers.userId, userId)));
    return rows.map((r) => r.orderNumber);
  }

  async ownsMachine(ownerId: string, orderNumber: string) {
    if (!isUuid(ownerId)) return false;
    const [row] = await this.db
      .select({ id: machines.id })
      .from(machines)
      .where(and(eq(machines.orderNumber, orderNumber), eq(machines.ownerId, ownerId)))
      .limit(1);
    return !!row;
  }

  async insertIfMissing(machine: { orderNumber: string; name: string; seriesName: string; kind: MachineKind }) {
    await this.db.insert(machines).values(machine).onConflictDoNothing({ target: machines.orderNumber });
    const stored = await this.findByOrderNumber(machine.orderNumber);
    if (!stored) throw new Error(`machine ${machine.orderNumber} vanished after insert`);
    return stored;
  }

  async withdrawLabels(id: number) {
    const [row] = await this.db
      .update(machines)
      .set({ labelRevision: sql`${machines.labelRevision} + 1` })
      .where(eq(machines.id, id))
      .returning({ labelRevision: machines.labelRevision });
    return row?.labelRevision ?? null;
  }

  async bind(orderNumber: string, ownerId: string, at: Date, boundBy: string = ownerId): Promise<BindOutcome> {
    // Only an unowned machine is updated: two customers binding the same machine at once cannot both win.
    const updated = await this.db
      .update(machines)
      .set({ ownerId, boundAt: at, boundBy })
      .where(and(eq(machines.orderNumber, orderNumber), isNull(machines.ownerId)))
      .returning({ id: machines.id });
    if (updated.length) return 'bound';
    const machine = await this.findByOrderNumber(orderNumber);
    if (!machine) return 'unknown';
    return machine.ownerId === ownerId ? 'already-yours' : 'taken';
  }

  async listAll(search: string, page: { offset: number; limit: number }): Promise<{ rows: StaffMachineRow[]; total: number }> {
    const text = search.trim();
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = text ? or(ilike(machines.orderNumber, like), ilike(machines.name, like)) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          machine: machines,
          boundByName,
          ownerAccount: users.account,
          model: machineRegistry.model,
          laserPowerKw: machineRegistry.laserPowerKw,
          deliveryTime: machineRegistry.deliveryTime,
          details: machineRegistryDetails,
        })
        .from(machines)
        .leftJoin(users, eq(users.id, machines.ownerId))
        .leftJoin(machineRegistry, eq(machineRegistry.orderNumber, machines.orderNumber))
        .leftJoin(machineRegistryDetails, eq(machineRegistryDetails.orderNumber, machines.orderNumber))
        .where(where)
        .orderBy(asc(machines.orderNumber))
        .offset(page.offset)
        .limit(page.limit),
      this.db.select({ n: count() }).from(machines).where(where),
    ]);
    return {
      rows: rows.map((r) => ({
        ...toMachine({ ...r.machine, boundByName: r.boundByName }),
        ownerAccount: r.ownerAccount,
        model: r.model ?? '',
        laserPowerKw: r.laserPowerKw,
        deliveryTime: r.deliveryTime,
        details: registryDetailsOf(r.details),
      })),
      total: total?.n ?? 0,
    };
  }

  async series() {
    const rows = await this.db.select().from(machineSeries).orderBy(asc(machineSeries.sort), asc(machineSeries.id));
    return rows.map((r) => ({ id: r.id, name: r.name, kind: kindOf(r.kind) }));
  }

  async putSeries(series: { name: string; kind: MachineKind; sort: number }) {
    await this.db
      .insert(machineSeries)
      .values(series)
      .onConflictDoUpdate({ target: machineSeries.name, set: { kind: series.kind, sort: series.sort } });
  }
}
