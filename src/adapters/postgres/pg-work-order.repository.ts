import { sql, type SQL } from 'drizzle-orm';
import type { WorkOrderStep } from '../../domain/repair/work-order-status';
import type { CustomerServicePort, NewWorkOrder, WorkOrderQuery, WorkOrderRecord, WorkOrderSource } from '../../ports/customer-service.port';
import type { Executor } from './database';

type Row = {
  event_num: string;
  user_id: string;
  order_number: string;
  phone: string;
  email: string;
  company: string;
  user_name: string;
  province: string;
  province_name: string;
  city: string;
  city_name: string;
  part_id: number | null;
  content: string;
  source: string;
  created_by: string | null;
  created_by_name: string | null;
  step: number;
  note: string;
  created_at: Date | string;
  updated_at: Date | string;
};

const recordOf = (r: Row): WorkOrderRecord => ({
  eventNum: r.event_num,
  userId: r.user_id,
  orderNumber: r.order_number,
  phone: r.phone,
  email: r.email,
  company: r.company,
  userName: r.user_name,
  province: r.province,
  provinceName: r.province_name,
  city: r.city,
  cityName: r.city_name,
  partId: r.part_id === null ? null : Number(r.part_id),
  content: r.content,
  source: r.source as WorkOrderSource,
  createdBy: r.created_by,
  createdByName: r.created_by_name ?? '',
  step: Number(r.step) as WorkOrderStep,
  note: r.note,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/** The shown name of a person by their id column: their real name, else their account. */
export const personNameOf = (idColumn: string) => `(select coalesce(nullif(who.real_name, ''), who.account) from users who where who.id = ${idColumn})`;

const COLUMNS = sql.raw(
  `event_num, user_id, order_number, phone, email, company, user_name, province, province_name, city, city_name, part_id, content, source, created_by, ${personNameOf('created_by')} as created_by_name, step, note, created_at, updated_at`,
);

const COLUMNS_W = sql.raw(
  `w.event_num, w.user_id, w.order_number, w.phone, w.email, w.company, w.user_name, w.province, w.province_name, w.city, w.city_name, w.part_id, w.content, w.source, w.created_by, ${personNameOf('w.created_by')} as created_by_name, w.step, w.note, w.created_at, w.updated_at`,
);

/**
 * The customer-service system's embedded default (DECISIONS 4, 5): work orders in the portal's
 * database. The event number is `EV` + the UTC day + the day's counter, taken in the same
 * statement as the insert: the counter row's lock orders concurrent submissions, and the counter
 * lives in the database, so a restart goes on from where it was.
 */
export class PgWorkOrderRepository implements CustomerServicePort {
  constructor(private readonly db: Executor) {}

  async open(order: NewWorkOrder, at: Date): Promise<WorkOrderRecord> {
    const day = at.toISOString().slice(0, 10);
    const { rows } = await this.db.execute<Row>(sql`
      with seq as (
        insert into work_order_counters (day, last) values (${day}::date, 1)
        on conflict (day) do update set last = work_order_counters.last + 1
        returning last),
      totals as (
        insert into work_order_totals (user_id, total, done) values (${order.userId}::uuid, 1, 0)
        on conflict (user_id) do update set total = work_order_totals.total + 1)
      insert into work_orders (event_num, user_id, order_number, phone, email, company, user_name, province, province_name, city, city_name,
        part_id, content, source, created_by, step, note, created_at, updated_at)
      select 'EV' || ${day.replaceAll('-', '')} || lpad(seq.last::text, 4, '0'), ${order.userId}::uuid, ${order.orderNumber}, ${order.phone},
        ${order.email}, ${order.company}, ${order.userName}, ${order.province}, ${order.provinceName}, ${order.city}, ${order.cityName},
        ${order.partId}, ${order.content}, ${order.source ?? 'portal'}, ${order.createdBy ?? null}::uuid, 0, '', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
      from seq
      returning ${COLUMNS}`);
    return recordOf(rows[0]!);
  }

  async list(userId: string, query: WorkOrderQuery) {
    const where: SQL[] = [sql`user_id = ${userId}::uuid`];
    if (query.eventNum) where.push(sql`event_num = ${query.eventNum}`);
    if (query.window) where.push(sql`created_at >= ${query.window.from.toISOString()}::timestamptz and created_at < ${query.window.to.toISOString()}::timestamptz`);
    if (query.status === 0) where.push(sql`step < 2`);
    if (query.status === 1) where.push(sql`step = 2`);
    const condition = sql.join(where, sql` and `);
    // Without a number or a window the total is the kept one (counting 100,000 orders is a scan of them all).
    const kept = !query.eventNum && !query.window;
    const total = kept
      ? sql`select ${query.status === 1 ? sql`done` : query.status === 0 ? sql`total - done` : sql`total`} as n from work_order_totals where user_id = ${userId}::uuid`
      : sql`select count(*) as n from work_orders where ${condition}`;
    // The page's ids come from the (user_id, created_at, id, step) index alone, then their rows.
    const [page, count] = await Promise.all([
      this.db.execute<Row>(sql`
        select ${COLUMNS} from work_orders w join (
          select id from work_orders where ${condition} order by created_at desc, id desc offset ${query.offset} limit ${query.limit}
        ) p using (id) order by w.created_at desc, w.id desc`),
      this.db.execute<{ n: string }>(total),
    ]);
    return { rows: page.rows.map(recordOf), total: Number(count.rows[0]?.n ?? 0) };
  }

  async listAll(query: { step: WorkOrderStep | null; search: string; offset: number; limit: number }) {
    const where: SQL[] = [sql`true`];
    if (query.step !== null) where.push(sql`w.step = ${query.step}`);
    const text = query.search.trim();
    if (text) {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(sql`(w.event_num ilike ${like} or w.order_number ilike ${like} or w.company ilike ${like} or u.account ilike ${like})`);
    }
    const condition = sql.join(where, sql` and `);
    const [page, count] = await Promise.all([
      this.db.execute<Row & { account: string | null }>(sql`
        select ${COLUMNS_W}, u.account from work_orders w left join users u on u.id = w.user_id
        where ${condition} order by w.created_at desc, w.id desc offset ${query.offset} limit ${query.limit}`),
      this.db.execute<{ n: string }>(sql`select count(*) as n from work_orders w left join users u on u.id = w.user_id where ${condition}`),
    ]);
    return { rows: page.rows.map((r) => ({ ...recordOf(r), account: r.account ?? '' })), total: Number(count.rows[0]?.n ?? 0) };
  }

  async steps(userId: string, eventNums: readonly string[]) {
    if (!eventNums.length) return [];
    const { rows } = await this.db.execute<Row>(sql`
      select ${COLUMNS} from work_orders where user_id = ${userId}::uuid and event_num = any(${`{${eventNums.map((n) => `"${n.replace(/["\\]/g, '')}"`).join(',')}}`}::text[])`);
    return rows.map(recordOf).map((r) => ({ eventNum: r.eventNum, step: r.step, note: r.note, updatedAt: r.updatedAt }));
  }

  async find(eventNum: string) {
    const { rows } = await this.db.execute<Row>(sql`select ${COLUMNS} from work_orders where event_num = ${eventNum}`);
    return rows[0] ? recordOf(rows[0]) : null;
  }

  async recentLabelRequests(orderNumber: string, contact: string, since: Date) {
    // The last hour's label requests are few (the caps keep them so): the partial index finds them, the rest is a filter.
    const { rows } = await this.db.execute<{ machine: string; contact: string }>(sql`
      select count(*) filter (where order_number = ${orderNumber}) as machine,
             count(*) filter (where email = ${contact} or phone = ${contact}) as contact
      from work_orders where source = 'label' and created_at >= ${since.toISOString()}::timestamptz`);
    return { machine: Number(rows[0]?.machine ?? 0), contact: Number(rows[0]?.contact ?? 0) };
  }

  async move(eventNum: string, from: WorkOrderStep, to: WorkOrderStep, note: string, at: Date) {
    const { rows } = await this.db.execute<{ user_id: string }>(sql`
      with moved as (
        update work_orders set step = ${to}, note = ${note}, updated_at = ${at.toISOString()}::timestamptz
        where event_num = ${eventNum} and step = ${from}
        returning user_id),
      totals as (
        update work_order_totals set done = done + ${to === 2 ? 1 : 0} - ${from === 2 ? 1 : 0}
        where user_id in (select user_id from moved))
      select user_id from moved`);
    return rows.length > 0;
  }
}
