ALTER TABLE "machines" ADD COLUMN "bound_by" uuid;--> statement-breakpoint
ALTER TABLE "cam_licence_exchanges" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "stock_records" ADD COLUMN "changed_by" uuid;--> statement-breakpoint
ALTER TABLE "stock_records" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_bound_by_users_id_fk" FOREIGN KEY ("bound_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cam_licence_exchanges" ADD CONSTRAINT "cam_licence_exchanges_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_records" ADD CONSTRAINT "maintenance_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_records" ADD CONSTRAINT "stock_records_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Issue 37 item 4: every row made before companies was made by the one person of a company of one, whose user id is the company's (ADR 0030).
UPDATE "machines" SET "bound_by" = "owner_id" WHERE "owner_id" IS NOT NULL;--> statement-breakpoint
UPDATE "cam_licence_exchanges" SET "actor_id" = "user_id";--> statement-breakpoint
UPDATE "points_ledger" SET "actor_id" = "user_id" WHERE "source" = 'exchange' AND "actor_id" IS NULL;--> statement-breakpoint
UPDATE "maintenance_records" SET "created_by" = "user_id";--> statement-breakpoint
UPDATE "stock_records" SET "changed_by" = "user_id" WHERE "threshold" IS NOT NULL;--> statement-breakpoint
UPDATE "work_orders" SET "created_by" = "user_id" WHERE "source" = 'portal';--> statement-breakpoint
UPDATE "industrial_documents" d SET "uploaded_by" = m."owner_id" FROM "machines" m WHERE m."order_number" = d."order_number" AND d."uploaded_by" IS NULL AND m."owner_id" IS NOT NULL;
