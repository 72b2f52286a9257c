import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The site videos staff replaced (domain/shared/site-videos.ts): one row per replaced video, the
 * file it plays now. A video with no row plays its committed file. `replaced_by` has no foreign
 * key, as the audit log's actor: a removed staff account leaves the video as it is.
 */
export const siteVideos = pgTable('site_videos', {
  videoId: text('video_id').primaryKey(),
  fileId: text('file_id').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  /** The type the content's signature showed (video/mp4 or video/webm), never the name's. */
  mediaType: text('media_type').notNull(),
  sha256: text('sha256').notNull(),
  fileName: text('file_name').notNull(),
  replacedBy: uuid('replaced_by').notNull(),
  replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull(),
});
