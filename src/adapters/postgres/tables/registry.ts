import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { machineRegistry, users } from '../schema';

// The machine registry as staff manage it (issue 19): the spec 3 machine fields the portal did
// not hold before, and the unbindings with their reasons.

/** The registry's spec 3 fields beyond name, series, model, power and delivery (ADR 0017); one row per registry entry. */
export const machineRegistryDetails = pgTable('machine_registry_details', {
  orderNumber: text('order_number')
    .primaryKey()
    .references(() => machineRegistry.orderNumber, { onDelete: 'cascade' }),
  fVersionName: text('f_version_name').notNull().default(''),
  fxVersionName: text('fx_version_name').notNull().default(''),
  fVersion: text('f_version').notNull().default(''),
  fxVersion: text('fx_version').notNull().default(''),
  voltage: text('voltage').notNull().default(''),
  flc: text('flc').notNull().default(''),
  scRating: text('sc_rating').notNull().default(''),
  frequency: text('frequency').notNull().default(''),
  warranty: text('warranty').notNull().default(''),
  encryption: text('encryption').notNull().default(''),
  describe: text('describe').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A machine taken from its customer by staff, with the reason they gave (the customer was mailed it). */
export const machineUnbindings = pgTable(
  'machine_unbindings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNumber: text('order_number').notNull(),
    /** The former owner (kept when the account is later removed: their id stays for the record). */
    formerOwnerId: uuid('former_owner_id'),
    formerOwnerAccount: text('former_owner_account').notNull(),
    reason: text('reason').notNull(),
    byStaffId: uuid('by_staff_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('machine_unbindings_order_idx').on(t.orderNumber, t.at)],
);
