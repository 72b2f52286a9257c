CREATE TABLE "work_order_message_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_order_message_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" bigint NOT NULL,
	"file_id" text NOT NULL,
	"thumb_file_id" text,
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "work_order_message_files_type_check" CHECK ("work_order_message_files"."media_type" in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf'))
);
--> statement-breakpoint
CREATE TABLE "work_order_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_order_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"work_order_id" bigint NOT NULL,
	"author_kind" text NOT NULL,
	"author_id" uuid,
	"internal" boolean DEFAULT false NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "work_order_messages_author_check" CHECK ("work_order_messages"."author_kind" in ('customer', 'staff') and ("work_order_messages"."author_kind" = 'staff' or not "work_order_messages"."internal"))
);
--> statement-breakpoint
ALTER TABLE "work_order_message_files" ADD CONSTRAINT "work_order_message_files_message_id_work_order_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."work_order_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_messages" ADD CONSTRAINT "work_order_messages_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_messages" ADD CONSTRAINT "work_order_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_message_files_file_key" ON "work_order_message_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "work_order_message_files_message_idx" ON "work_order_message_files" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "work_order_messages_order_idx" ON "work_order_messages" USING btree ("work_order_id","created_at","id");