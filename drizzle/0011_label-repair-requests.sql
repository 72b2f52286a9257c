ALTER TABLE "work_orders" ALTER COLUMN "part_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "source" text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
CREATE INDEX "work_orders_label_time_idx" ON "work_orders" USING btree ("created_at") WHERE "work_orders"."source" = 'label';--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_source_check" CHECK ("work_orders"."source" in ('portal', 'label') and ("work_orders"."source" = 'label' or "work_orders"."part_id" is not null));