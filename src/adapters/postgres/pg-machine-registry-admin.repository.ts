import { and, asc, count, desc, eq, ilike, isNotNull, or } from 'drizzle-orm';
import type { RegistryDetails } from '../../domain/staff/registry-entry';
import type { MachineRegistryAdminStore, RegistryRow, RegistryWrite, UnbindResult } from '../../ports/machine-registry-admin.port';
import type { Db } from './database';
import { machineRegistry, machines, users } from './schema';
import { machineRegistryDetails, machineUnbindings } from './tables/registry';

type DetailsRow = typeof machineRegistryDetails.$inferSelect;

/** The spec 3 details of a registry entry ('' for each field of an entry that has none). */
export const registryDetailsOf = (d: DetailsRow | null): RegistryDetails => ({
  FVersionName: d?.fVersionName ?? '',
  FXVersionName: d?.fxVersionName ?? '',
  FVersion: d?.fVersion ?? '',
  FXVersion: d?.fxVersion ?? '',
  Voltage: d?.voltage ?? '',
  FLC: d?.flc ?? '',
  SCRating: d?.scRating ?? '',
  Frequency: d?.frequency ?? '',
  Warranty: d?.warranty ?? '',
  Encryption: d?.encryption ?? '',
  Describe: d?.describe ?? '',
});

const detailsRow = (orderNumber: string, d: RegistryDetails, at: Date) => ({
  orderNumber,
  fVersionName: d.FVersionName,
  fxVersionName: d.FXVersionName,
  fVersion: d.FVersion,
  fxVersion: d.FXVersion,
  voltage: d.Voltage,
  flc: d.FLC,
  scRating: d.SCRating,
  frequency: d.Frequency,
  warranty: d.Warranty,
  encryption: d.Encryption,
  describe: d.Describe,
  updatedAt: at,
});

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The embedded maintenance platform's registry, as staff manage it (issue 19). */
export class PgMachineRegistryAdmin implements MachineRegistryAdminStore {
  constructor(private readonly db: Db) {}

  private selectRows() {
    return this.db
      .select({ entry: machineRegistry, details: machineRegistryDetails, machine: machines, ownerAccount: users.account })
      .from(machineRegistry)
      .leftJoin(machineRegistryDetails, eq(machineRegistryDetails.orderNumber, machineRegistry.orderNumber))
      .leftJoin(machines, eq(machines.orderNumber, machineRegistry.orderNumber))
      .leftJoin(users, eq(users.id, machines.ownerId));
  }

  private static rowOf(r: { entry: typeof machineRegistry.$inferSelect; details: DetailsRow | null; machine: typeof machines.$inferSelect | null; ownerAccount: string | null }): RegistryRow {
    return {
      ...r.entry,
      details: registryDetailsOf(r.details),
      equipmentId: r.machine?.id ?? null,
      ownerId: r.machine?.ownerId ?? null,
      ownerAccount: r.machine?.ownerId ? r.ownerAccount : null,
      boundAt: r.machine?.boundAt ?? null,
    };
  }

  async list(search: string, page: { offset: number; limit: number }): Promise<{ rows: RegistryRow[]; total: number }> {
    const text = search.trim();
    const where = text ? or(ilike(machineRegistry.orderNumber, like(text)), ilike(machineRegistry.name, like(text)), ilike(users.account, like(text))) : undefined;
    const [rows, [total]] = await Promise.all([
      this.selectRows().where(where).orderBy(asc(machineRegistry.orderNumber)).offset(page.offset).limit(page.limit),
      this.db
        .select({ n: count() })
        .from(machineRegistry)
        .leftJoin(machines, eq(machines.orderNumber, machineRegistry.orderNumber))
        .leftJoin(users, eq(users.id, machines.ownerId))
        .where(where),
    ]);
    return { rows: rows.map(PgMachineRegistryAdmin.rowOf), total: total?.n ?? 0 };
  }

  async find(orderNumber: string): Promise<RegistryRow | null> {
    const [row] = await this.selectRows().where(eq(machineRegistry.orderNumber, orderNumber)).limit(1);
    return row ? PgMachineRegistryAdmin.rowOf(row) : null;
  }

  async add(entry: RegistryWrite, at: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(machineRegistry)
        .values({ orderNumber: entry.orderNumber, name: entry.name, seriesName: entry.seriesName, model: entry.model, laserPowerKw: entry.laserPowerKw, deliveryTime: entry.deliveryTime })
        .onConflictDoNothing({ target: machineRegistry.orderNumber })
        .returning({ orderNumber: machineRegistry.orderNumber });
      if (inserted.length === 0) return false;
      await tx.insert(machineRegistryDetails).values(detailsRow(entry.orderNumber, entry.details, at));
      return true;
    });
  }

  async update(entry: RegistryWrite, at: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const updated = await tx
        .update(machineRegistry)
        .set({ name: entry.name, seriesName: entry.seriesName, model: entry.model, laserPowerKw: entry.laserPowerKw, deliveryTime: entry.deliveryTime })
        .where(eq(machineRegistry.orderNumber, entry.orderNumber))
        .returning({ orderNumber: machineRegistry.orderNumber });
      if (updated.length === 0) return false;
      const details = detailsRow(entry.orderNumber, entry.details, at);
      await tx.insert(machineRegistryDetails).values(details).onConflictDoUpdate({ target: machineRegistryDetails.orderNumber, set: details });
      // The portal's copy of a saved machine shows the same name and series (its kind stays as saved:
      // the live pages and the stored events depend on it).
      await tx.update(machines).set({ name: entry.name, seriesName: entry.seriesName }).where(eq(machines.orderNumber, entry.orderNumber));
      return true;
    });
  }

  async unbind(orderNumber: string, reason: string, byStaffId: string, at: Date): Promise<UnbindResult> {
    return this.db.transaction(async (tx) => {
      // The row lock orders an unbinding against a concurrent bind or unbind of the same machine.
      const [machine] = await tx.select().from(machines).where(eq(machines.orderNumber, orderNumber)).for('update').limit(1);
      if (!machine) {
        const [known] = await tx.select({ o: machineRegistry.orderNumber }).from(machineRegistry).where(eq(machineRegistry.orderNumber, orderNumber)).limit(1);
        return known ? { kind: 'not-bound' } : { kind: 'unknown' };
      }
      if (!machine.ownerId) return { kind: 'not-bound' };
      const [owner] = await tx.select({ account: users.account, email: users.email }).from(users).where(eq(users.id, machine.ownerId)).limit(1);
      await tx.update(machines).set({ ownerId: null, boundAt: null }).where(and(eq(machines.id, machine.id), isNotNull(machines.ownerId)));
      await tx.insert(machineUnbindings).values({
        orderNumber,
        formerOwnerId: machine.ownerId,
        formerOwnerAccount: owner?.account ?? '',
        reason,
        byStaffId,
        at,
      });
      return { kind: 'unbound', ownerId: machine.ownerId, ownerAccount: owner?.account ?? '', ownerEmail: owner?.email ?? null };
    });
  }

  async unbindings(orderNumber: string) {
    return this.db
      .select({ formerOwnerAccount: machineUnbindings.formerOwnerAccount, reason: machineUnbindings.reason, at: machineUnbindings.at })
      .from(machineUnbindings)
      .where(eq(machineUnbindings.orderNumber, orderNumber))
      .orderBy(desc(machineUnbindings.at), desc(machineUnbindings.id));
  }
}

