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
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_item_id_maintenance_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."maintenance_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_plan_id_maintenance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."maintenance_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_item_id_maintenance_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."maintenance_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_items_series_code_key" ON "maintenance_items" USING btree ("series","code");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_plans_machine_item_key" ON "maintenance_plans" USING btree ("machine_id","item_id");--> statement-breakpoint
CREATE INDEX "maintenance_plans_user_idx" ON "maintenance_plans" USING btree ("user_id","machine_id");--> statement-breakpoint
CREATE INDEX "maintenance_records_plan_idx" ON "maintenance_records" USING btree ("plan_id","maintenance_time");--> statement-breakpoint
CREATE INDEX "maintenance_records_user_idx" ON "maintenance_records" USING btree ("user_id","item_id");