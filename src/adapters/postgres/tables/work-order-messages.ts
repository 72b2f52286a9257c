import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../schema';
import { workOrders } from './repair';

// The conversation on a work order (issue 38 item 1, ADR 0032): messages of the company's members
// and of staff, staff-only notes among them, and the files each carries.

/** One message on a work order. `internal` is a staff-only note, never answered to a customer. */
export const workOrderMessages = pgTable(
  'work_order_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workOrderId: bigint('work_order_id', { mode: 'number' })
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    /** 'customer' (a member of the order's company) or 'staff'. */
    authorKind: text('author_kind').notNull(),
    /** The person who wrote it; null once their account is gone (the message stays, unnamed). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    internal: boolean('internal').notNull().default(false),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // An order's conversation in its order, from the index alone.
    index('work_order_messages_order_idx').on(t.workOrderId, t.createdAt, t.id),
    check('work_order_messages_author_check', sql`${t.authorKind} in ('customer', 'staff') and (${t.authorKind} = 'staff' or not ${t.internal})`),
  ],
);

/**
 * A file of a message, in the file store under `file_id`; an image's thumbnail (WebP, made on the
 * server) under `thumb_file_id`. Both column names follow the sweep's naming (pg-file-references.ts).
 */
export const workOrderMessageFiles = pgTable(
  'work_order_message_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => workOrderMessages.id, { onDelete: 'cascade' }),
    fileId: text('file_id').notNull(),
    thumbFileId: text('thumb_file_id'),
    name: text('name').notNull(),
    mediaType: text('media_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** The file's place in its message (0 to 4), as the sender chose them. */
    position: smallint('position').notNull(),
  },
  (t) => [
    uniqueIndex('work_order_message_files_file_key').on(t.fileId),
    index('work_order_message_files_message_idx').on(t.messageId, t.position),
    check('work_order_message_files_type_check', sql`${t.mediaType} in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')`),
  ],
);
