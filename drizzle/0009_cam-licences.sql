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
ALTER TABLE "cam_confirmations" ADD CONSTRAINT "cam_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cam_licence_exchanges" ADD CONSTRAINT "cam_licence_exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cam_licence_exchanges" ADD CONSTRAINT "cam_licence_exchanges_licence_id_cam_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."cam_licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cam_licence_exchanges" ADD CONSTRAINT "cam_licence_exchanges_ledger_entry_id_points_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."points_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cam_licence_exchanges_key" ON "cam_licence_exchanges" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "cam_licence_exchanges_ledger_key" ON "cam_licence_exchanges" USING btree ("ledger_entry_id");--> statement-breakpoint
CREATE INDEX "cam_licence_exchanges_licence_idx" ON "cam_licence_exchanges" USING btree ("licence_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cam_licences_no_key" ON "cam_licences" USING btree ("licence_no");--> statement-breakpoint
CREATE INDEX "cam_licences_email_idx" ON "cam_licences" USING btree ("user_email");