import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { CamProduct, CamRelease, CamStore, DownloadCount, DownloadVia, NewCamRelease, Page } from '../../ports/cam-store.port';
import type { Db } from './database';
import { camCustomers, camProducts, camReleases, downloads } from './schema';

type ReleaseRow = typeof camReleases.$inferSelect;

const toRelease = ({ seq: _seq, ...r }: ReleaseRow): CamRelease => r;
const toProduct = (r: typeof camProducts.$inferSelect): CamProduct => ({ ...r, kind: r.kind === 'tube' ? 'tube' : 'sheet' });

// Ids come from clients; a malformed one is "not found", not a database error.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SMALLINT = (n: number) => Number.isInteger(n) && n >= -32768 && n <= 32767;

/** CAM catalogue, releases, downloads and leads in PostgreSQL. */
export class PgCamRepository implements CamStore {
  constructor(private readonly db: Db) {}

  async products() {
    const rows = await this.db.select().from(camProducts).orderBy(asc(camProducts.sort), asc(camProducts.type));
    return rows.map(toProduct);
  }

  async product(type: number) {
    if (!SMALLINT(type)) return null;
    const [row] = await this.db.select().from(camProducts).where(eq(camProducts.type, type)).limit(1);
    return row ? toProduct(row) : null;
  }

  async putProduct(product: CamProduct) {
    await this.db
      .insert(camProducts)
      .values(product)
      .onConflictDoUpdate({ target: camProducts.type, set: { name: product.name, kind: product.kind, sort: product.sort } });
  }

  async releases(type: number, limit: number) {
    if (!SMALLINT(type)) return [];
    const rows = await this.db
      .select()
      .from(camReleases)
      .where(eq(camReleases.type, type))
      .orderBy(desc(camReleases.createTime), desc(camReleases.seq))
      .limit(limit);
    return rows.map(toRelease);
  }

  async release(id: string) {
    if (!UUID.test(id)) return null;
    const [row] = await this.db.select().from(camReleases).where(eq(camReleases.id, id)).limit(1);
    return row ? toRelease(row) : null;
  }

  async findRelease(type: number, versionNumber: string) {
    if (!SMALLINT(type)) return null;
    const [row] = await this.db
      .select()
      .from(camReleases)
      .where(and(eq(camReleases.type, type), eq(camReleases.versionNumber, versionNumber)))
      .limit(1);
    return row ? toRelease(row) : null;
  }

  async addRelease(release: NewCamRelease) {
    const rows = await this.db.insert(camReleases).values(release).onConflictDoNothing().returning();
    return rows[0] ? toRelease(rows[0]) : null;
  }

  async setReleaseFile(id: string, file: { fileId: string; size: number; sha256: string }) {
    if (!UUID.test(id)) return;
    await this.db.update(camReleases).set(file).where(eq(camReleases.id, id));
  }

  async recordDownload(d: { releaseId: string; userId: string | null; ip: string; via: DownloadVia; at: Date }) {
    await this.db.insert(downloads).values(d);
  }

  async recentlyRecorded(releaseId: string, ip: string, since: Date) {
    const [row] = await this.db
      .select({ n: count() })
      .from(downloads)
      .where(and(eq(downloads.releaseId, releaseId), eq(downloads.ip, ip), gte(downloads.at, since)));
    return (row?.n ?? 0) > 0;
  }

  async downloadCounts(type: number | null): Promise<DownloadCount[]> {
    if (type !== null && !SMALLINT(type)) return [];
    const rows = await this.db
      .select({
        release: camReleases,
        total: sql<number>`count(${downloads.id})::int`,
        users: sql<number>`count(${downloads.id}) filter (where ${downloads.via} = 'user')::int`,
        visitors: sql<number>`count(${downloads.id}) filter (where ${downloads.via} = 'visitor')::int`,
        direct: sql<number>`count(${downloads.id}) filter (where ${downloads.via} = 'file')::int`,
        last: sql<string | null>`max(${downloads.at})`,
      })
      .from(camReleases)
      .leftJoin(downloads, eq(downloads.releaseId, camReleases.id))
      .where(type === null ? undefined : eq(camReleases.type, type))
      .groupBy(camReleases.id)
      .orderBy(asc(camReleases.type), desc(camReleases.createTime), desc(camReleases.seq));
    return rows.map((r) => ({ ...r, release: toRelease(r.release), last: r.last ? new Date(r.last) : null }));
  }

  async addCustomer(customer: Omit<typeof camCustomers.$inferInsert, 'id'>) {
    await this.db.insert(camCustomers).values(customer);
  }

  async customers(page: Page) {
    const [rows, [total]] = await Promise.all([
      this.db.select().from(camCustomers).orderBy(desc(camCustomers.createdAt), desc(camCustomers.id)).offset(page.offset).limit(page.limit),
      this.db.select({ n: count() }).from(camCustomers),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
}
