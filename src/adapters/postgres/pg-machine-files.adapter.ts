import { asc, eq } from 'drizzle-orm';
import type { MachineRecord } from '../../ports/machine-store.port';
import type { ProductLifecyclePort, RandomFileRecord } from '../../ports/product-lifecycle.port';
import type { Db } from './database';
import { machineFiles, machines } from './schema';

type FileRow = typeof machineFiles.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toRecord = (r: FileRow): RandomFileRecord => ({
  id: r.id,
  orderNumber: r.orderNumber,
  title: r.title,
  classify: r.classify,
  machineType: r.machineType === 1 ? 1 : 0,
  fileId: r.fileId,
  fileName: r.fileName,
  size: r.size,
  createdAt: r.createdAt,
});

/** The product-lifecycle port's embedded default (ADR 0007): the `machine_files` table, bytes in the file store. */
export class PgMachineFiles implements ProductLifecyclePort {
  constructor(private readonly db: Db) {}

  async filesOf(orderNumber: string): Promise<RandomFileRecord[]> {
    const rows = await this.db
      .select()
      .from(machineFiles)
      .where(eq(machineFiles.orderNumber, orderNumber))
      .orderBy(asc(machineFiles.createdAt), asc(machineFiles.title));
    return rows.map(toRecord);
  }

  async file(id: string): Promise<RandomFileRecord | null> {
    // The column is a uuid: anything else would be a database error, and is simply no file.
    if (!UUID.test(id)) return null;
    const [row] = await this.db.select().from(machineFiles).where(eq(machineFiles.id, id)).limit(1);
    return row ? toRecord(row) : null;
  }

  async add(record: Omit<RandomFileRecord, 'id' | 'createdAt'> & { createdAt?: Date }): Promise<RandomFileRecord> {
    const [row] = await this.db.insert(machineFiles).values(record).returning();
    return toRecord(row!);
  }

  /**
   * The portal machine behind an `EquipmentId` (GetEquipmetFileData), read here because the
   * machine store has no lookup by id and the lifecycle files are keyed by order number.
   */
  async machineById(id: number): Promise<Pick<MachineRecord, 'id' | 'orderNumber' | 'ownerId'> | null> {
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31 - 1) return null;
    const [row] = await this.db
      .select({ id: machines.id, orderNumber: machines.orderNumber, ownerId: machines.ownerId })
      .from(machines)
      .where(eq(machines.id, id))
      .limit(1);
    return row ?? null;
  }
}
