import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../schema';

// Repair (issue 16): the spare-part catalogue, each customer's stock records, work orders and
// their event-number counters, and the fault counts per month the statistics read.

/** The spare-part catalogue (Component/GetList), in both languages. */
export const spareParts = pgTable(
  'spare_parts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    /** The part's specifications and size in Chinese; `specificationsEn`, `sizeEn` in English. */
    specifications: text('specifications').notNull().default(''),
    specificationsEn: text('specifications_en').notNull().default(''),
    size: text('size').notNull().default(''),
    sizeEn: text('size_en').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('spare_parts_code_key').on(t.code)],
);

/** A customer's record of one part: the counts of their work orders and their threshold. */
export const stockRecords = pgTable(
  'stock_records',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partId: integer('part_id')
      .notNull()
      .references(() => spareParts.id, { onDelete: 'cascade' }),
    /** Work orders for the part, all time. */
    sumNumber: integer('sum_number').notNull().default(0),
    /** Work orders since the last reset (what the threshold is compared with). */
    submitNumber: integer('submit_number').notNull().default(0),
    threshold: integer('threshold'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The member who last set the threshold or reset the count (issue 37 item 4); null until someone does. */
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.partId] }),
    check('stock_records_threshold_check', sql`${t.threshold} is null or ${t.threshold} >= 0`),
    check('stock_records_counts_check', sql`${t.sumNumber} >= 0 and ${t.submitNumber} >= 0`),
  ],
);

/** The last sequence number of each UTC day: `EV` + day + sequence stays unique under concurrency and restarts. */
export const workOrderCounters = pgTable('work_order_counters', {
  day: date('day', { mode: 'string' }).primaryKey(),
  last: integer('last').notNull(),
});

/** Work orders as the embedded customer-service system keeps them. `step` 0 pending, 1 in progress, 2 done. */
export const workOrders = pgTable(
  'work_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventNum: text('event_num').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull(),
    userName: text('user_name').notNull(),
    province: text('province').notNull(),
    provinceName: text('province_name').notNull(),
    city: text('city').notNull(),
    cityName: text('city_name').notNull(),
    // None for a request raised from a machine's QR label: the requester does not know the parts.
    partId: integer('part_id').references(() => spareParts.id),
    content: text('content').notNull(),
    /** Where the order came from: the owner's form ('portal') or a stranger's scan of the machine's label ('label'). */
    source: text('source').notNull().default('portal'),
    /** The member who raised it (issue 37 item 4); null for a label request, raised by someone outside the company. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    step: smallint('step').notNull().default(0),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('work_orders_event_num_key').on(t.eventNum),
    // A customer's list, newest first, from the index alone (the step rides along for the filter).
    index('work_orders_user_time_idx').on(t.userId, t.createdAt, t.id, t.step),
    // Staff list every customer's orders newest first (Staff/GetWorkOrders, issue 19).
    index('work_orders_time_idx').on(t.createdAt, t.id),
    check('work_orders_step_check', sql`${t.step} in (0, 1, 2)`),
    check('work_orders_source_check', sql`${t.source} in ('portal', 'label') and (${t.source} = 'label' or ${t.partId} is not null)`),
    // The caps on label requests per machine and per address count the last hour's label requests from here.
    index('work_orders_label_time_idx').on(t.createdAt).where(sql`${t.source} = 'label'`),
  ],
);

/** Each customer's orders and how many are done, kept with every insert and move: a list's total without counting years of orders. */
export const workOrderTotals = pgTable(
  'work_order_totals',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    total: integer('total').notNull(),
    done: integer('done').notNull(),
  },
  (t) => [check('work_order_totals_check', sql`${t.done} >= 0 and ${t.done} <= ${t.total}`)],
);

/** Work orders per customer, part and UTC month, kept with every insert: the statistics without counting years of orders. */
export const faultMonths = pgTable(
  'fault_months',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partId: integer('part_id')
      .notNull()
      .references(() => spareParts.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.partId, t.month] })],
);
