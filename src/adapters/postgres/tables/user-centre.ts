import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../schema';

// The user centre and support questions (issue 14).

/**
 * Support questions (spec 2 section 3, spec 3's feedback): sent by a logged-in customer (the user
 * form, `owner_id`) or by anyone (the CAM form, no owner). Files are ids of `feedback_uploads`.
 */
export const supportQuestions = pgTable(
  'support_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    product: smallint('product').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    userName: text('user_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Sanitised when stored (DECISIONS 2). */
    htmlContent: text('html_content').notNull(),
    mainFileId: text('main_file_id'),
    mainFileName: text('main_file_name').notNull().default(''),
    otherFileId: text('other_file_id'),
    otherFileName: text('other_file_name').notNull().default(''),
    expectedAt: timestamp('expected_at', { withTimezone: true }).notNull(),
    /** 0 in progress, 1 completed. */
    processingStatus: smallint('processing_status').notNull().default(0),
    /** 1 urgent. */
    isComplaint: smallint('is_complaint').notNull().default(0),
    answer: text('answer').notNull().default(''),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_questions_owner_idx').on(t.ownerId, t.createdAt),
    index('support_questions_state_idx').on(t.processingStatus, t.createdAt),
    check('support_questions_product_check', sql`${t.product} between 0 and 5`),
    check('support_questions_status_check', sql`${t.processingStatus} in (0, 1)`),
    check('support_questions_complaint_check', sql`${t.isComplaint} in (0, 1)`),
  ],
);

/**
 * Files uploaded for a feedback before it is sent: the file store's id, the slot, the name the
 * client gave, and who uploaded it (null for the CAM form without login).
 */
export const feedbackUploads = pgTable(
  'feedback_uploads',
  {
    fileId: text('file_id').primaryKey(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    slot: text('slot').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('feedback_uploads_slot_check', sql`${t.slot} in ('main', 'other')`)],
);

/**
 * Warranty records of the maintenance platform (its embedded default, as `machine_registry` is):
 * delivery, standard and extended warranty per order number (spec 2 section 3 "Warranty row").
 */
export const machineWarranty = pgTable('machine_warranty', {
  orderNumber: text('order_number').primaryKey(),
  deliveryTime: timestamp('delivery_time', { withTimezone: true }),
  marketingDept: text('marketing_dept').notNull().default(''),
  belongDept: text('belong_dept').notNull().default(''),
  laserBrand: text('laser_brand').notNull().default(''),
  guaranteeUntil: timestamp('guarantee_until', { withTimezone: true }),
  extendedUntil: timestamp('extended_until', { withTimezone: true }),
  extendedType: text('extended_type').notNull().default(''),
});
