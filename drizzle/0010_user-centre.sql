CREATE TABLE "feedback_uploads" (
	"file_id" text PRIMARY KEY NOT NULL,
	"owner_id" uuid,
	"slot" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_uploads_slot_check" CHECK ("feedback_uploads"."slot" in ('main', 'other'))
);
--> statement-breakpoint
CREATE TABLE "machine_warranty" (
	"order_number" text PRIMARY KEY NOT NULL,
	"delivery_time" timestamp with time zone,
	"marketing_dept" text DEFAULT '' NOT NULL,
	"belong_dept" text DEFAULT '' NOT NULL,
	"laser_brand" text DEFAULT '' NOT NULL,
	"guarantee_until" timestamp with time zone,
	"extended_until" timestamp with time zone,
	"extended_type" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" uuid,
	"product" smallint NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"html_content" text NOT NULL,
	"main_file_id" text,
	"main_file_name" text DEFAULT '' NOT NULL,
	"other_file_id" text,
	"other_file_name" text DEFAULT '' NOT NULL,
	"expected_at" timestamp with time zone NOT NULL,
	"processing_status" smallint DEFAULT 0 NOT NULL,
	"is_complaint" smallint DEFAULT 0 NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_questions_product_check" CHECK ("support_questions"."product" between 0 and 5),
	CONSTRAINT "support_questions_status_check" CHECK ("support_questions"."processing_status" in (0, 1)),
	CONSTRAINT "support_questions_complaint_check" CHECK ("support_questions"."is_complaint" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "feedback_uploads" ADD CONSTRAINT "feedback_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_questions" ADD CONSTRAINT "support_questions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_questions" ADD CONSTRAINT "support_questions_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_questions_owner_idx" ON "support_questions" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "support_questions_state_idx" ON "support_questions" USING btree ("processing_status","created_at");