CREATE TABLE "machine_alarms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machine_alarms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_number" text NOT NULL,
	"event_id" text NOT NULL,
	"error_date" timestamp with time zone NOT NULL,
	"error_type" text NOT NULL,
	"error_content" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine_runtime" (
	"order_number" text NOT NULL,
	"day" date NOT NULL,
	"run" double precision NOT NULL,
	"idle" double precision NOT NULL,
	"offline" double precision NOT NULL,
	"estop" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machine_runtime_order_number_day_pk" PRIMARY KEY("order_number","day")
);
--> statement-breakpoint
CREATE TABLE "machine_tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machine_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_number" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"cut_length" double precision NOT NULL,
	"duration_s" double precision NOT NULL,
	"pierces" integer NOT NULL,
	"row" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "machine_alarms_event_key" ON "machine_alarms" USING btree ("order_number","event_id");--> statement-breakpoint
CREATE INDEX "machine_alarms_time_idx" ON "machine_alarms" USING btree ("order_number","error_date");--> statement-breakpoint
CREATE UNIQUE INDEX "machine_tasks_event_key" ON "machine_tasks" USING btree ("order_number","event_id");--> statement-breakpoint
CREATE INDEX "machine_tasks_time_idx" ON "machine_tasks" USING btree ("order_number","end_time");