CREATE TABLE "alarm_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarm_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"episode_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"user_id" uuid,
	"webhook_id" integer,
	"target" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"message" jsonb NOT NULL,
	CONSTRAINT "alarm_deliveries_channel_check" CHECK ("alarm_deliveries"."channel" in ('bell', 'email', 'webhook') and "alarm_deliveries"."status" in ('pending', 'sent', 'failed') and "alarm_deliveries"."event" in ('raised', 'cleared'))
);
--> statement-breakpoint
CREATE TABLE "alarm_episodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"machine_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alarm_rules" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"machine_ids" integer[],
	"kinds" text[] NOT NULL,
	"all_clear" boolean NOT NULL,
	"quiet_from" smallint,
	"quiet_to" smallint,
	"zone" text NOT NULL,
	"email" boolean NOT NULL,
	"bell" boolean NOT NULL,
	"language" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_webhooks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarm_webhooks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" uuid NOT NULL,
	"format" text NOT NULL,
	"url" text NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"all_clear" boolean DEFAULT true NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alarm_webhooks_format_check" CHECK ("alarm_webhooks"."format" in ('json', 'wecom', 'dingtalk', 'feishu'))
);
--> statement-breakpoint
ALTER TABLE "alarm_deliveries" ADD CONSTRAINT "alarm_deliveries_episode_id_alarm_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."alarm_episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_deliveries" ADD CONSTRAINT "alarm_deliveries_webhook_id_alarm_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."alarm_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_episodes" ADD CONSTRAINT "alarm_episodes_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_webhooks" ADD CONSTRAINT "alarm_webhooks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_deliveries_due_idx" ON "alarm_deliveries" USING btree ("next_at") WHERE "alarm_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "alarm_deliveries_owner_idx" ON "alarm_deliveries" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "alarm_deliveries_bell_idx" ON "alarm_deliveries" USING btree ("user_id","created_at") WHERE "alarm_deliveries"."channel" = 'bell';--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_episodes_open_key" ON "alarm_episodes" USING btree ("machine_id") WHERE "alarm_episodes"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "alarm_episodes_machine_idx" ON "alarm_episodes" USING btree ("machine_id","opened_at");--> statement-breakpoint
CREATE INDEX "alarm_webhooks_owner_idx" ON "alarm_webhooks" USING btree ("owner_id");