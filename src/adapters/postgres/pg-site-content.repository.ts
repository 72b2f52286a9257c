import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Page } from '../../ports/cam-store.port';
import type { ContactMessageRecord, ContactMessageStore, SiteVideoRecord, SiteVideoStore, WarrantyRuleRecord, WarrantyRuleStore } from '../../ports/site-content-store.port';
import type { Db } from './database';
import { contactMessages, warrantyRules } from './schema';
import { siteVideos } from './tables/site-videos';

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

/** The replaced site videos in PostgreSQL (tables/site-videos.ts). */
export class PgSiteVideoRepository implements SiteVideoStore {
  constructor(private readonly db: Db) {}

  list(): Promise<SiteVideoRecord[]> {
    return this.db.select().from(siteVideos).orderBy(asc(siteVideos.videoId));
  }

  async find(videoId: string): Promise<SiteVideoRecord | null> {
    const [row] = await this.db.select().from(siteVideos).where(eq(siteVideos.videoId, videoId));
    return row ?? null;
  }

  async replace(record: SiteVideoRecord): Promise<string | null> {
    // The row lock of the update orders two staff replacing one video at once: each learns the file it replaced.
    return this.db.transaction(async (tx) => {
      const [old] = await tx.select({ fileId: siteVideos.fileId }).from(siteVideos).where(eq(siteVideos.videoId, record.videoId)).for('update');
      await tx.insert(siteVideos).values(record).onConflictDoUpdate({ target: siteVideos.videoId, set: { ...record } });
      return old?.fileId ?? null;
    });
  }
}
