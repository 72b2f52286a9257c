import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Page } from '../../ports/cam-store.port';
import type { ContactMessageRecord, ContactMessageStore, WarrantyRuleRecord, WarrantyRuleStore } from '../../ports/site-content-store.port';
import type { Db } from './database';
import { contactMessages, warrantyRules } from './schema';

/** Contact-form leads in PostgreSQL. */
export class PgContactMessageRepository implements ContactMessageStore {
  constructor(private readonly db: Db) {}

  async add(message: Omit<ContactMessageRecord, 'id'>) {
    await this.db.insert(contactMessages).values(message);
  }

  async list(page: Page) {
    const [rows, [total]] = await Promise.all([
      this.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).offset(page.offset).limit(page.limit),
      this.db.select({ n: count() }).from(contactMessages),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
}

/** Warranty policies in PostgreSQL. */
export class PgWarrantyRuleRepository implements WarrantyRuleStore {
  constructor(private readonly db: Db) {}

  async list(filter: { id?: number; machineType?: string }): Promise<WarrantyRuleRecord[]> {
    const where: SQL[] = [];
    if (filter.id !== undefined) {
      if (!Number.isSafeInteger(filter.id) || filter.id < 1 || filter.id > 2_147_483_647) return [];
      where.push(eq(warrantyRules.id, filter.id));
    }
    if (filter.machineType !== undefined) where.push(eq(warrantyRules.machineType, filter.machineType));
    const rows = await this.db
      .select()
      .from(warrantyRules)
      .where(where.length ? and(...where) : undefined)
      .orderBy(asc(warrantyRules.machineType), asc(warrantyRules.sort), asc(warrantyRules.id));
    return rows.map(({ updatedAt: _u, ...r }) => r);
  }

  async add(rule: Omit<WarrantyRuleRecord, 'id'>) {
    await this.db.insert(warrantyRules).values(rule);
  }
}
