import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Accounts of customers and staff. `account` is the lower-cased e-mail or the phone number used to log in. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    account: text('account').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    realName: text('real_name').notNull().default(''),
    address: text('address').notNull().default(''),
    fullPathId: text('full_path_id').notNull().default(''),
    fullPathName: text('full_path_name').notNull().default(''),
    isDomestic: smallint('is_domestic').notNull().default(0),
    createOrigin: text('create_origin').notNull().default('0'),
    passwordHash: text('password_hash').notNull(),
    /** active, pending_review (manual review after a lost code) or rejected. */
    status: text('status').notNull().default('active'),
    isStaff: boolean('is_staff').notNull().default(false),
    avatarUrl: text('avatar_url').notNull().default(''),
    /** The e-mail bound for CAM software use after a Chinese registration (AllowSave). */
    camEmail: text('cam_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_account_key').on(t.account),
    uniqueIndex('users_email_key').on(t.email),
    index('users_status_idx').on(t.status),
  ],
);

/** Login sessions; only the SHA-256 of the random token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Verification codes sent by mail or SMS; only a salted hash of the code is stored. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    address: text('address').notNull(),
    channel: text('channel').notNull(),
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_address_idx').on(t.address, t.createdAt)],
);

/** Failed-login counters per account, for slowing down and locking guessing. */
export const loginThrottle = pgTable('login_throttle', {
  account: text('account').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
