import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../schema';
import { pointsLedger } from './points';

/**
 * CAM licences (spec 2 section 3) as the embedded licence server keeps them: the portal's own
 * table stands in for a dongle/licence system (`ports/licence-server.port.ts`). A licence belongs
 * to the e-mail it was issued to. `offer_id` is the product's licence id of the points offer
 * (250626 nest, 838249 nest tube); other products cannot be exchanged.
 */
export const camLicences = pgTable(
  'cam_licences',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The licence number the customer and the wire know (`licenseId`). */
    licenceNo: text('licence_no').notNull(),
    offerId: integer('offer_id').notNull(),
    userEmail: text('user_email').notNull(),
    version: text('version').notNull().default(''),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    expiredTime: timestamp('expired_time', { withTimezone: true }).notNull(),
    firstUseTime: timestamp('first_use_time', { withTimezone: true }),
    creationTime: timestamp('creation_time', { withTimezone: true }).notNull(),
    isOldUser: boolean('is_old_user').notNull().default(false),
  },
  (t) => [uniqueIndex('cam_licences_no_key').on(t.licenceNo), index('cam_licences_email_idx').on(t.userEmail)],
);

/** Internal-domain users who confirmed their name and account on the CAM page (Is{product}User). */
export const camConfirmations = pgTable('cam_confirmations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  realName: text('real_name').notNull(),
  account: text('account').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
});

/** Each points exchange: the debit's ledger row and the licence's expiry before and after, booked in one transaction. */
export const camLicenceExchanges = pgTable(
  'cam_licence_exchanges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The company whose points paid (its account's id, ADR 0030). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member who asked for the exchange (issue 37 item 4); rows before companies name the company's founder. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    licenceId: bigint('licence_id', { mode: 'number' })
      .notNull()
      .references(() => camLicences.id, { onDelete: 'cascade' }),
    cost: integer('cost').notNull(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' })
      .notNull()
      .references(() => pointsLedger.id),
    expiredBefore: timestamp('expired_before', { withTimezone: true }).notNull(),
    expiredAfter: timestamp('expired_after', { withTimezone: true }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('cam_licence_exchanges_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('cam_licence_exchanges_ledger_key').on(t.ledgerEntryId),
    index('cam_licence_exchanges_licence_idx').on(t.licenceId),
    check('cam_licence_exchanges_cost_positive', sql`${t.cost} > 0`),
    check('cam_licence_exchanges_later', sql`${t.expiredAfter} > ${t.expiredBefore}`),
  ],
);
