import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Industrial documents and CAM reports (issue 18, spec 3 "File screen").

/** Files of a machine's jobs, uploaded on the file screen; the bytes are in the file store under `file_id`. */
export const industrialDocuments = pgTable(
  'industrial_documents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    orderNumber: text('order_number').notNull(),
    fileName: text('file_name').notNull(),
    fileId: text('file_id').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** The member (or staff) who uploaded it (issue 37 item 4); documents follow the machine, not the uploader. */
    uploadedBy: uuid('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('industrial_documents_order_idx').on(t.orderNumber, t.createdAt),
    check('industrial_documents_size_check', sql`${t.size} >= 0`),
    check('industrial_documents_name_check', sql`length(${t.fileName}) between 1 and 180 and position('+' in ${t.fileName}) = 0`),
  ],
);

/** The nesting software's report of a job (tube and/or plate), found by the machine and the job's file name. */
export const camReports = pgTable(
  'cam_reports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    orderNumber: text('order_number').notNull(),
    fileName: text('file_name').notNull(),
    /** { report, nests, parts, tubes } or null. */
    tube: jsonb('tube'),
    /** { reports, parts } or null. */
    plate: jsonb('plate'),
    imageIds: text('image_ids').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cam_reports_job_idx').on(t.orderNumber, t.fileName, t.createdAt),
    index('cam_reports_images_idx').using('gin', t.imageIds),
    check('cam_reports_some_check', sql`${t.tube} is not null or ${t.plate} is not null`),
  ],
);
