import { asc, eq } from 'drizzle-orm';
import type { ProductLifecyclePort, RandomFileRecord } from '../../ports/product-lifecycle.port';
import type { Db } from './database';
import { machineFiles } from './schema';

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
}
