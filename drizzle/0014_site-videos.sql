CREATE TABLE "site_videos" (
	"video_id" text PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"size" bigint NOT NULL,
	"media_type" text NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"replaced_by" uuid NOT NULL,
	"replaced_at" timestamp with time zone NOT NULL
);
