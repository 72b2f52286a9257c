import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../schema';

/**
 * The points ledger (DECISIONS 4): every change of a user's points is a row with its reason, its
 * source and its time; the balance is the sum of the rows. `balance_after` is the running sum
 * after the row, written in the same transaction that moves `points_balances`, so a row shows
 * what the balance was. Rows are never updated or deleted: a correction is a row of its own.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    /** staff, exchange, purchase, seed, refund. */
    source: text('source').notNull(),
    /** What the source names (a licence id, an order), '' when nothing. */
    sourceRef: text('source_ref').notNull().default(''),
    /** The staff member who granted or corrected, the member who exchanged (ADR 0030), null for the system's own changes. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** A client's key for one intended change (a button's click): the same key never books twice. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('points_ledger_user_idx').on(t.userId, t.id),
    uniqueIndex('points_ledger_idempotency_key').on(t.userId, t.idempotencyKey),
    check('points_ledger_delta_nonzero', sql`${t.delta} <> 0`),
    check('points_ledger_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
    check('points_ledger_reason_nonblank', sql`length(btrim(${t.reason})) > 0`),
  ],
);

/**
 * Each user's balance: the sum of their ledger rows, kept in one row that every change updates
 * with a conditional `balance + delta >= 0`, so concurrent changes queue on the row lock and none
 * can take it below zero.
 */
export const pointsBalances = pgTable(
  'points_balances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('points_balances_nonnegative', sql`${t.balance} >= 0`)],
);
