CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_account" text NOT NULL,
	"action" text NOT NULL,
	"kind" text NOT NULL,
	"object" text,
	"result" text NOT NULL,
	"request" jsonb,
	"before" jsonb,
	"after" jsonb,
	"request_id" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	CONSTRAINT "audit_log_kind_check" CHECK ("audit_log"."kind" in ('read', 'write'))
);
--> statement-breakpoint
CREATE TABLE "cam_confirmations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"real_name" text NOT NULL,
	"account" text NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cam_licence_exchanges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"licence_id" bigint NOT NULL,
	"cost" integer NOT NULL,
	"ledger_entry_id" bigint NOT NULL,
	"expired_before" timestamp with time zone NOT NULL,
	"expired_after" timestamp with time zone NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cam_licence_exchanges_cost_positive" CHECK ("cam_licence_exchanges"."cost" > 0),
	CONSTRAINT "cam_licence_exchanges_later" CHECK ("cam_licence_exchanges"."expired_after" > "cam_licence_exchanges"."expired_before")
);
--> statement-breakpoint
CREATE TABLE "cam_licences" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"licence_no" text NOT NULL,
	"offer_id" integer NOT NULL,
	"user_email" text NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"expired_time" timestamp with time zone NOT NULL,
	"first_use_time" timestamp with time zone,
	"creation_time" timestamp with time zone NOT NULL,
	"is_old_user" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_conversations_title_len" CHECK (char_length("chat_conversations"."title") <= 200)
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"reasoning" text DEFAULT '' NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ending" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_role" CHECK ("chat_messages"."role" in ('user', 'assistant')),
	CONSTRAINT "chat_messages_ending" CHECK ("chat_messages"."ending" in ('', 'done', 'stopped', 'failed')),
	CONSTRAINT "chat_messages_content_len" CHECK (char_length("chat_messages"."content") <= 40000)
);
--> statement-breakpoint
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
CREATE TABLE "maintenance_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"series" text NOT NULL,
	"project_zh" text NOT NULL,
	"project_en" text NOT NULL,
	"content_zh" text NOT NULL,
	"content_en" text NOT NULL,
	"cycle_hours" double precision NOT NULL,
	"warning_hours" double precision NOT NULL,
	"cycle_pierces" integer,
	"warning_pierces" integer,
	"is_enabled" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "maintenance_items_hours_check" CHECK ("maintenance_items"."cycle_hours" > 0 and "maintenance_items"."warning_hours" >= 0 and "maintenance_items"."warning_hours" < "maintenance_items"."cycle_hours"),
	CONSTRAINT "maintenance_items_pierces_check" CHECK (("maintenance_items"."cycle_pierces" is null and "maintenance_items"."warning_pierces" is null) or ("maintenance_items"."cycle_pierces" > 0 and "maintenance_items"."warning_pierces" >= 0 and "maintenance_items"."warning_pierces" < "maintenance_items"."cycle_pierces")),
	CONSTRAINT "maintenance_items_enabled_check" CHECK ("maintenance_items"."is_enabled" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "maintenance_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"machine_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"run_hours_at" double precision NOT NULL,
	"notified_state" text DEFAULT 'normal' NOT NULL,
	"warned_at" timestamp with time zone,
	CONSTRAINT "maintenance_plans_notified_check" CHECK ("maintenance_plans"."notified_state" in ('normal', 'warning', 'overdue'))
);
--> statement-breakpoint
CREATE TABLE "maintenance_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"plan_id" integer,
	"user_id" uuid NOT NULL,
	"item_id" integer NOT NULL,
	"maintenance_time" timestamp with time zone NOT NULL,
	"maintenance_user" text NOT NULL,
	"state" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "maintenance_records_state_check" CHECK ("maintenance_records"."state" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "points_balances" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "points_balances_nonnegative" CHECK ("points_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"source_ref" text DEFAULT '' NOT NULL,
	"actor_id" uuid,
	"idempotency_key" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "points_ledger_delta_nonzero" CHECK ("points_ledger"."delta" <> 0),
	CONSTRAINT "points_ledger_balance_nonnegative" CHECK ("points_ledger"."balance_after" >= 0),
	CONSTRAINT "points_ledger_reason_nonblank" CHECK (length(btrim("points_ledger"."reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "fault_months" (
	"user_id" uuid NOT NULL,
	"part_id" integer NOT NULL,
	"month" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "fault_months_user_id_part_id_month_pk" PRIMARY KEY("user_id","part_id","month")
);
--> statement-breakpoint
CREATE TABLE "spare_parts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spare_parts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"specifications" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_records" (
	"user_id" uuid NOT NULL,
	"part_id" integer NOT NULL,
	"sum_number" integer DEFAULT 0 NOT NULL,
	"submit_number" integer DEFAULT 0 NOT NULL,
	"threshold" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_records_user_id_part_id_pk" PRIMARY KEY("user_id","part_id"),
	CONSTRAINT "stock_records_threshold_check" CHECK ("stock_records"."threshold" is null or "stock_records"."threshold" >= 0),
	CONSTRAINT "stock_records_counts_check" CHECK ("stock_records"."sum_number" >= 0 and "stock_records"."submit_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "work_order_counters" (
	"day" date PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_totals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"total" integer NOT NULL,
	"done" integer NOT NULL,
	CONSTRAINT "work_order_totals_check" CHECK ("work_order_totals"."done" >= 0 and "work_order_totals"."done" <= "work_order_totals"."total")
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_num" text NOT NULL,
	"user_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"company" text NOT NULL,
	"user_name" text NOT NULL,
	"province" text NOT NULL,
	"province_name" text NOT NULL,
	"city" text NOT NULL,
	"city_name" text NOT NULL,
	"part_id" integer NOT NULL,
	"content" text NOT NULL,
	"step" smallint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "work_orders_step_check" CHECK ("work_orders"."step" in (0, 1, 2))
);
--> statement-breakpoint
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
ALTER TABLE "kb_files" ADD COLUMN "detected_type" text;--> statement-breakpoint
ALTER TABLE "cam_confirmations" ADD CONSTRAINT "cam_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cam_licence_exchanges" ADD CONSTRAINT "cam_licence_exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cam_licence_exchanges" ADD CONSTRAINT "cam_licence_exchanges_licence_id_cam_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."cam_licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cam_licence_exchanges" ADD CONSTRAINT "cam_licence_exchanges_ledger_entry_id_points_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."points_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_item_id_maintenance_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."maintenance_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_plan_id_maintenance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."maintenance_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_item_id_maintenance_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."maintenance_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_balances" ADD CONSTRAINT "points_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fault_months" ADD CONSTRAINT "fault_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fault_months" ADD CONSTRAINT "fault_months_part_id_spare_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."spare_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_records" ADD CONSTRAINT "stock_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_records" ADD CONSTRAINT "stock_records_part_id_spare_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."spare_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_totals" ADD CONSTRAINT "work_order_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_part_id_spare_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."spare_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_uploads" ADD CONSTRAINT "feedback_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_questions" ADD CONSTRAINT "support_questions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_questions" ADD CONSTRAINT "support_questions_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("object");--> statement-breakpoint
CREATE UNIQUE INDEX "cam_licence_exchanges_key" ON "cam_licence_exchanges" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "cam_licence_exchanges_ledger_key" ON "cam_licence_exchanges" USING btree ("ledger_entry_id");--> statement-breakpoint
CREATE INDEX "cam_licence_exchanges_licence_idx" ON "cam_licence_exchanges" USING btree ("licence_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cam_licences_no_key" ON "cam_licences" USING btree ("licence_no");--> statement-breakpoint
CREATE INDEX "cam_licences_email_idx" ON "cam_licences" USING btree ("user_email");--> statement-breakpoint
CREATE INDEX "chat_conversations_user_idx" ON "chat_conversations" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_user_time_idx" ON "chat_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "cam_reports_job_idx" ON "cam_reports" USING btree ("order_number","file_name","created_at");--> statement-breakpoint
CREATE INDEX "cam_reports_images_idx" ON "cam_reports" USING gin ("image_ids");--> statement-breakpoint
CREATE INDEX "industrial_documents_order_idx" ON "industrial_documents" USING btree ("order_number","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_items_series_code_key" ON "maintenance_items" USING btree ("series","code");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_plans_machine_item_key" ON "maintenance_plans" USING btree ("machine_id","item_id");--> statement-breakpoint
CREATE INDEX "maintenance_plans_user_idx" ON "maintenance_plans" USING btree ("user_id","machine_id");--> statement-breakpoint
CREATE INDEX "maintenance_records_plan_idx" ON "maintenance_records" USING btree ("plan_id","maintenance_time");--> statement-breakpoint
CREATE INDEX "maintenance_records_user_idx" ON "maintenance_records" USING btree ("user_id","item_id");--> statement-breakpoint
CREATE INDEX "points_ledger_user_idx" ON "points_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_idempotency_key" ON "points_ledger" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "spare_parts_code_key" ON "spare_parts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_event_num_key" ON "work_orders" USING btree ("event_num");--> statement-breakpoint
CREATE INDEX "work_orders_user_time_idx" ON "work_orders" USING btree ("user_id","created_at","id","step");--> statement-breakpoint
CREATE INDEX "support_questions_owner_idx" ON "support_questions" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "support_questions_state_idx" ON "support_questions" USING btree ("processing_status","created_at");