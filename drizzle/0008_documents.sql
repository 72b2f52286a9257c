CREATE TABLE "cam_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text NOT NULL,
	"file_name" text NOT NULL,
	"tube" jsonb,
	"plate" jsonb,
	"image_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cam_reports_some_check" CHECK ("cam_reports"."tube" is not null or "cam_reports"."plate" is not null)
);
--> statement-breakpoint
CREATE TABLE "industrial_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text NOT NULL,
	"file_name" text NOT NULL,
	"file_id" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "industrial_documents_size_check" CHECK ("industrial_documents"."size" >= 0),
	CONSTRAINT "industrial_documents_name_check" CHECK (length("industrial_documents"."file_name") between 1 and 180 and position('+' in "industrial_documents"."file_name") = 0)
);
--> statement-breakpoint
CREATE INDEX "cam_reports_job_idx" ON "cam_reports" USING btree ("order_number","file_name","created_at");--> statement-breakpoint
CREATE INDEX "cam_reports_images_idx" ON "cam_reports" USING gin ("image_ids");--> statement-breakpoint
CREATE INDEX "industrial_documents_order_idx" ON "industrial_documents" USING btree ("order_number","created_at");