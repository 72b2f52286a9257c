import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { machines, users } from '../schema';
import { workOrders } from './repair';

// Alarm notifications (issue 39 item 1): who wants to hear what, the companies' webhooks, each
// machine's episodes of trouble, and every delivery with its tries.

/** One person's choice (`domain/alarms/notify-rule.ts`); a person without a row has the default. */
export const alarmRules = pgTable('alarm_rules', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Null: all the person's machines; else these machine ids. */
  machineIds: integer('machine_ids').array(),
  kinds: text('kinds').array().notNull(),
  allClear: boolean('all_clear').notNull(),
  /** Quiet hours as minutes of the day in `zone`; both null for none. */
  quietFrom: smallint('quiet_from'),
  quietTo: smallint('quiet_to'),
  zone: text('zone').notNull(),
  email: boolean('email').notNull(),
  bell: boolean('bell').notNull(),
  /** The language the person's messages are written in (the page's when they saved the rule). */
  language: text('language').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A machine owner's webhooks (the company's, once companies exist: issue 37). `secret` signs the
 * messages and never leaves the server: the calls answer whether one is set, not what it is.
 */
export const alarmWebhooks = pgTable(
  'alarm_webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    url: text('url').notNull(),
    secret: text('secret').notNull().default(''),
    allClear: boolean('all_clear').notNull().default(true),
    /** The language of the group's messages. */
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('alarm_webhooks_owner_idx').on(t.ownerId), check('alarm_webhooks_format_check', sql`${t.format} in ('json', 'wecom', 'dingtalk', 'feishu')`)],
);

/** A machine's trouble from its start to its all clear; at most one open per machine, so two portals never both raise it. */
export const alarmEpisodes = pgTable(
  'alarm_episodes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    machineId: integer('machine_id')
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    text: text('text').notNull().default(''),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('alarm_episodes_open_key').on(t.machineId).where(sql`${t.clearedAt} is null`), index('alarm_episodes_machine_idx').on(t.machineId, t.openedAt)],
);

/**
 * One message of an episode's change to one person or webhook, with its tries: written in the
 * transaction that opens or closes the episode, sent after it, retried with backoff. A repair
 * request raised from a machine's QR label is a message too (event `labelRequest`, issue 39 item
 * 3): it names its work order instead of an episode, written with the order.
 */
export const alarmDeliveries = pgTable(
  'alarm_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The episode whose change it tells; null for a label request. */
    episodeId: uuid('episode_id').references(() => alarmEpisodes.id, { onDelete: 'cascade' }),
    /** The work order a label request opened; null for an episode's message. */
    workOrderEvent: text('work_order_event').references(() => workOrders.eventNum, { onDelete: 'cascade' }),
    /** The machine's owner then, who reads the log. */
    ownerId: uuid('owner_id').notNull(),
    event: text('event').notNull(),
    channel: text('channel').notNull(),
    /** The person told (bell, e-mail), or null for a webhook. */
    userId: uuid('user_id'),
    webhookId: integer('webhook_id').references(() => alarmWebhooks.id, { onDelete: 'cascade' }),
    /** The e-mail address, or the webhook's URL without its query (its key). */
    target: text('target').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    lastError: text('last_error').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A bell message's reading by its person. */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** What the message says, in the receiver's language (rendered when the change was written). */
    message: jsonb('message').notNull(),
  },
  (t) => [
    index('alarm_deliveries_due_idx').on(t.nextAt).where(sql`${t.status} = 'pending'`),
    index('alarm_deliveries_owner_idx').on(t.ownerId, t.createdAt),
    index('alarm_deliveries_bell_idx').on(t.userId, t.createdAt).where(sql`${t.channel} = 'bell'`),
    check('alarm_deliveries_channel_check', sql`${t.channel} in ('bell', 'email', 'webhook') and ${t.status} in ('pending', 'sent', 'failed') and ${t.event} in ('raised', 'cleared', 'labelRequest')`),
    check('alarm_deliveries_source_check', sql`(${t.event} = 'labelRequest') = (${t.workOrderEvent} is not null) and (${t.episodeId} is null) = (${t.workOrderEvent} is not null)`),
  ],
);
