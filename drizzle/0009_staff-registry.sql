CREATE TABLE "machine_registry_details" (
	"order_number" text PRIMARY KEY NOT NULL,
	"f_version_name" text DEFAULT '' NOT NULL,
	"fx_version_name" text DEFAULT '' NOT NULL,
	"f_version" text DEFAULT '' NOT NULL,
	"fx_version" text DEFAULT '' NOT NULL,
	"voltage" text DEFAULT '' NOT NULL,
	"flc" text DEFAULT '' NOT NULL,
	"sc_rating" text DEFAULT '' NOT NULL,
	"frequency" text DEFAULT '' NOT NULL,
	"warranty" text DEFAULT '' NOT NULL,
	"encryption" text DEFAULT '' NOT NULL,
	"describe" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine_unbindings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machine_unbindings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_number" text NOT NULL,
	"former_owner_id" uuid,
	"former_owner_account" text NOT NULL,
	"reason" text NOT NULL,
	"by_staff_id" uuid,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "machine_registry_details" ADD CONSTRAINT "machine_registry_details_order_number_machine_registry_order_number_fk" FOREIGN KEY ("order_number") REFERENCES "public"."machine_registry"("order_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_unbindings" ADD CONSTRAINT "machine_unbindings_by_staff_id_users_id_fk" FOREIGN KEY ("by_staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "machine_unbindings_order_idx" ON "machine_unbindings" USING btree ("order_number","at");--> statement-breakpoint
CREATE INDEX "work_orders_time_idx" ON "work_orders" USING btree ("created_at","id");