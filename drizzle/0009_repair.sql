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
ALTER TABLE "fault_months" ADD CONSTRAINT "fault_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fault_months" ADD CONSTRAINT "fault_months_part_id_spare_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."spare_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_records" ADD CONSTRAINT "stock_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_records" ADD CONSTRAINT "stock_records_part_id_spare_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."spare_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_totals" ADD CONSTRAINT "work_order_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_part_id_spare_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."spare_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spare_parts_code_key" ON "spare_parts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_event_num_key" ON "work_orders" USING btree ("event_num");--> statement-breakpoint
CREATE INDEX "work_orders_user_time_idx" ON "work_orders" USING btree ("user_id","created_at","id","step");