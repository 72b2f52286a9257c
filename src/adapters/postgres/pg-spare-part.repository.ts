import { sql } from 'drizzle-orm';
import type { SparePart, SparePartStore, StockChange, StockRecord } from '../../ports/spare-part-store.port';
import { personNameOf } from './pg-work-order.repository';
import type { Executor } from './database';

type PartRow = {
  id: number;
  code: string;
  name: string;
  name_en: string;
  specifications: string;
  specifications_en: string;
  size: string;
  size_en: string;
  created_at: Date | string;
};

const partOf = (r: PartRow): SparePart => ({
  id: Number(r.id),
  code: r.code,
  name: r.name,
  nameEn: r.name_en,
  specifications: r.specifications,
  specificationsEn: r.specifications_en,
  size: r.size,
  sizeEn: r.size_en,
  createdAt: new Date(r.created_at),
});

const PART_COLUMNS = sql.raw('p.id, p.code, p.name, p.name_en, p.specifications, p.specifications_en, p.size, p.size_en, p.created_at');

/** The spare-part catalogue, stock records and fault counts in PostgreSQL. */
export class PgSparePartRepository implements SparePartStore {
  constructor(private readonly db: Executor) {}

  async catalogue() {
    const { rows } = await this.db.execute<PartRow>(sql`select ${PART_COLUMNS} from spare_parts p order by p.sort, p.id`);
    return rows.map(partOf);
  }

  async find(partId: number) {
    const { rows } = await this.db.execute<PartRow>(sql`select ${PART_COLUMNS} from spare_parts p where p.id = ${partId}`);
    return rows[0] ? partOf(rows[0]) : null;
  }

  async ensureCatalogue(parts: Parameters<SparePartStore['ensureCatalogue']>[0]) {
    let added = 0;
    for (const p of parts) {
      // xmax = 0 tells an inserted row from one the conflict updated.
      const { rows } = await this.db.execute<{ inserted: boolean }>(sql`
        insert into spare_parts (code, name, name_en, specifications, specifications_en, size, size_en, sort)
        values (${p.code}, ${p.name}, ${p.nameEn}, ${p.specifications}, ${p.specificationsEn}, ${p.size}, ${p.sizeEn}, ${p.sort})
        on conflict (code) do update
          set specifications = excluded.specifications, specifications_en = excluded.specifications_en,
              size = excluded.size, size_en = excluded.size_en
          where spare_parts.specifications_en = '' and excluded.specifications_en <> ''
        returning (xmax = 0) as inserted`);
      if (rows[0]?.inserted) added++;
    }
    return added;
  }

  async stockPage(userId: string, query: { partId?: number; offset: number; limit: number }) {
    const only = query.partId === undefined ? sql`` : sql`where p.id = ${query.partId}`;
    const [page, count] = await Promise.all([
      this.db.execute<
        PartRow & { sum_number: number | null; submit_number: number | null; threshold: number | null; record_created: Date | null; changed_by_name: string | null; changed_at: Date | string | null }
      >(sql`
        select ${PART_COLUMNS}, s.sum_number, s.submit_number, s.threshold, s.created_at as record_created,
          ${sql.raw(personNameOf('s.changed_by'))} as changed_by_name, s.changed_at
        from spare_parts p left join stock_records s on s.part_id = p.id and s.user_id = ${userId}::uuid
        ${only} order by p.sort, p.id offset ${query.offset} limit ${query.limit}`),
      this.db.execute<{ n: string }>(sql`select count(*) as n from spare_parts p ${only}`),
    ]);
    const rows: StockRecord[] = page.rows.map((r) => ({
      part: partOf(r),
      sumNumber: Number(r.sum_number ?? 0),
      submitNumber: Number(r.submit_number ?? 0),
      threshold: r.threshold === null ? null : Number(r.threshold),
      changedByName: r.changed_by_name ?? '',
      changedAt: r.changed_at === null ? null : new Date(r.changed_at),
    }));
    return { rows, total: Number(count.rows[0]?.n ?? 0) };
  }

  async setThreshold(userId: string, partId: number, threshold: number, change: StockChange) {
    await this.db.execute(sql`
      insert into stock_records (user_id, part_id, threshold, changed_by, changed_at) values (${userId}::uuid, ${partId}, ${threshold}, ${change.by}::uuid, ${change.at})
      on conflict (user_id, part_id) do update set threshold = excluded.threshold, changed_by = excluded.changed_by, changed_at = excluded.changed_at`);
  }

  async resetCount(userId: string, partId: number, change: StockChange) {
    await this.db.execute(sql`
      update stock_records set submit_number = 0, changed_by = ${change.by}::uuid, changed_at = ${change.at}
      where user_id = ${userId}::uuid and part_id = ${partId}`);
  }

  async countOrder(userId: string, partId: number, at: Date) {
    const month = `${at.toISOString().slice(0, 7)}-01`;
    const { rows } = await this.db.execute<{ submit_number: number; threshold: number | null }>(sql`
      with months as (
        insert into fault_months (user_id, part_id, month, count) values (${userId}::uuid, ${partId}, ${month}::date, 1)
        on conflict (user_id, part_id, month) do update set count = fault_months.count + 1)
      insert into stock_records (user_id, part_id, sum_number, submit_number) values (${userId}::uuid, ${partId}, 1, 1)
      on conflict (user_id, part_id) do update set sum_number = stock_records.sum_number + 1, submit_number = stock_records.submit_number + 1
      returning submit_number, threshold`);
    const r = rows[0]!;
    return { submitNumber: Number(r.submit_number), threshold: r.threshold === null ? null : Number(r.threshold) };
  }

  async faultsPerPart(userId: string) {
    const { rows } = await this.db.execute<{ part_id: number; n: number }>(sql`
      select s.part_id, s.sum_number as n from stock_records s join spare_parts p on p.id = s.part_id
      where s.user_id = ${userId}::uuid and s.sum_number > 0 order by p.sort, p.id`);
    return rows.map((r) => ({ partId: Number(r.part_id), count: Number(r.n) }));
  }

  async faultsPerMonth(userId: string, partId?: number) {
    const only = partId === undefined ? sql`` : sql`and f.part_id = ${partId}`;
    const { rows } = await this.db.execute<{ month: string; part_id: number; n: number }>(sql`
      select to_char(f.month, 'YYYY-MM') as month, f.part_id, f.count as n from fault_months f join spare_parts p on p.id = f.part_id
      where f.user_id = ${userId}::uuid ${only} order by f.month, p.sort, p.id`);
    return rows.map((r) => ({ month: r.month, partId: Number(r.part_id), count: Number(r.n) }));
  }
}
