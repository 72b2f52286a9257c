CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_account" text NOT NULL,
	"action" text NOT NULL,
	"kind" text NOT NULL,
	"object" text,
	"result" text NOT NULL,
	"request" jsonb,
	"before" jsonb,
	"after" jsonb,
	"request_id" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	CONSTRAINT "audit_log_kind_check" CHECK ("audit_log"."kind" in ('read', 'write'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("object");