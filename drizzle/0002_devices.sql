CREATE TABLE "machine_registry" (
	"order_number" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"series_name" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"laser_power_kw" integer DEFAULT 0 NOT NULL,
	"delivery_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "machine_series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machine_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "machine_series_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_number" text NOT NULL,
	"name" text NOT NULL,
	"series_name" text NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid,
	"bound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "machines_order_number_key" ON "machines" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "machines_owner_idx" ON "machines" USING btree ("owner_id","bound_at");