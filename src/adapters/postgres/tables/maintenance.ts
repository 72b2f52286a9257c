import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { machines, users } from '../schema';

/**
 * The maintenance catalogue (spec 3 "maintenance item"): what a series needs and how often, in
 * both languages. `series` is the spec's `Lable`. A wear part counted in pierces has
 * `cycle_pierces` and `warning_pierces` beside its hours.
 */
export const maintenanceItems = pgTable(
  'maintenance_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The item's stable key within its series (the seed's), e.g. `protective-lens`. */
    code: text('code').notNull(),
    series: text('series').notNull(),
    projectZh: text('project_zh').notNull(),
    projectEn: text('project_en').notNull(),
    contentZh: text('content_zh').notNull(),
    contentEn: text('content_en').notNull(),
    cycleHours: doublePrecision('cycle_hours').notNull(),
    warningHours: doublePrecision('warning_hours').notNull(),
    cyclePierces: integer('cycle_pierces'),
    warningPierces: integer('warning_pierces'),
    /** 1 enabled, 0 disabled (spec 3 section 9). */
    isEnabled: smallint('is_enabled').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('maintenance_items_series_code_key').on(t.series, t.code),
    check('maintenance_items_hours_check', sql`${t.cycleHours} > 0 and ${t.warningHours} >= 0 and ${t.warningHours} < ${t.cycleHours}`),
    check(
      'maintenance_items_pierces_check',
      sql`(${t.cyclePierces} is null and ${t.warningPierces} is null) or (${t.cyclePierces} > 0 and ${t.warningPierces} >= 0 and ${t.warningPierces} < ${t.cyclePierces})`,
    ),
    check('maintenance_items_enabled_check', sql`${t.isEnabled} in (0, 1)`),
  ],
);

/**
 * A customer's plan (spec 3 "user machine maintenance item"): an item on one of their machines.
 * The count starts at `since` (the plan's creation or the last recorded maintenance):
 * `run_hours_at` is the machine's run-hour total counted up to then, so the run hours since are
 * today's total minus it; pierces since are those of tasks that ended after `since`.
 * `notified_state` is what the owner was last mailed about (one mail per crossing).
 */
export const maintenancePlans = pgTable(
  'maintenance_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    machineId: integer('machine_id')
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => maintenanceItems.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    runHoursAt: doublePrecision('run_hours_at').notNull(),
    notifiedState: text('notified_state').notNull().default('normal'),
    /** When the plan was first seen warned or overdue since `since` (the spec's WarningTime); null while normal. */
    warnedAt: timestamp('warned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('maintenance_plans_machine_item_key').on(t.machineId, t.itemId),
    index('maintenance_plans_user_idx').on(t.userId, t.machineId),
    check('maintenance_plans_notified_check', sql`${t.notifiedState} in ('normal', 'warning', 'overdue')`),
  ],
);

/**
 * A recorded maintenance (spec 3 "maintenance record"): `state` is the plan's IsNormal when it was
 * confirmed. Records outlive a removed plan (`plan_id` set null), so the statistics keep them.
 */
export const maintenanceRecords = pgTable(
  'maintenance_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    planId: integer('plan_id').references(() => maintenancePlans.id, { onDelete: 'set null' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => maintenanceItems.id, { onDelete: 'cascade' }),
    maintenanceTime: timestamp('maintenance_time', { withTimezone: true }).notNull(),
    maintenanceUser: text('maintenance_user').notNull(),
    state: smallint('state').notNull(),
    /** The member who confirmed it (issue 37 item 4); `maintenance_user` is the name typed in the form. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('maintenance_records_plan_idx').on(t.planId, t.maintenanceTime),
    index('maintenance_records_user_idx').on(t.userId, t.itemId),
    check('maintenance_records_state_check', sql`${t.state} in (0, 1)`),
  ],
);
