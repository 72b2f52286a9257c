CREATE TABLE "machine_task_counts" (
	"order_number" text PRIMARY KEY NOT NULL,
	"tasks" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "machine_tasks_time_idx";--> statement-breakpoint
CREATE INDEX "machine_tasks_time_idx" ON "machine_tasks" USING btree ("order_number","end_time","id");