CREATE TABLE "cam_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"company_name" text NOT NULL,
	"address" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cam_products" (
	"type" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cam_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "cam_releases_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" smallint NOT NULL,
	"version_number" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"remark_en" text DEFAULT '' NOT NULL,
	"filename" text NOT NULL,
	"file_id" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"user_id" uuid,
	"ip" text DEFAULT '' NOT NULL,
	"via" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranty_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warranty_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"machine_type" text NOT NULL,
	"title" text NOT NULL,
	"warranty_scope" text NOT NULL,
	"not_warranty_scope" text NOT NULL,
	"service_process" text NOT NULL,
	"title_en" text NOT NULL,
	"warranty_scope_en" text NOT NULL,
	"not_warranty_scope_en" text NOT NULL,
	"service_process_en" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cam_releases" ADD CONSTRAINT "cam_releases_type_cam_products_type_fk" FOREIGN KEY ("type") REFERENCES "public"."cam_products"("type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cam_releases" ADD CONSTRAINT "cam_releases_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_release_id_cam_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."cam_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cam_customers_created_idx" ON "cam_customers" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cam_releases_type_version_key" ON "cam_releases" USING btree ("type","version_number");--> statement-breakpoint
CREATE INDEX "cam_releases_type_time_idx" ON "cam_releases" USING btree ("type","create_time");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "downloads_release_idx" ON "downloads" USING btree ("release_id","at");--> statement-breakpoint
CREATE INDEX "downloads_user_idx" ON "downloads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "downloads_ip_idx" ON "downloads" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "warranty_rules_type_idx" ON "warranty_rules" USING btree ("machine_type","sort");