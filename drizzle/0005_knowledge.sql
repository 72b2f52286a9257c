CREATE TABLE "kb_articles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kb_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"library" text NOT NULL,
	"node_id" integer NOT NULL,
	"title" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"series" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"html" text NOT NULL,
	"plain_text" text NOT NULL,
	"search_title" text NOT NULL,
	"search_body" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, search_title), 'A') || setweight(to_tsvector('english'::regconfig, search_body), 'B')) STORED,
	"source_key" text,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" integer,
	"file_id" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"kind" text DEFAULT 'attachment' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_nodes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kb_nodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"library" text NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"lang" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text NOT NULL,
	"title" text NOT NULL,
	"classify" text DEFAULT '' NOT NULL,
	"machine_type" smallint DEFAULT 0 NOT NULL,
	"file_id" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_node_id_kb_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."kb_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_files" ADD CONSTRAINT "kb_files_article_id_kb_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."kb_articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_nodes" ADD CONSTRAINT "kb_nodes_parent_id_kb_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."kb_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kb_articles_node_idx" ON "kb_articles" USING btree ("library","node_id","created_at");--> statement-breakpoint
CREATE INDEX "kb_articles_search_idx" ON "kb_articles" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "kb_articles_source_key" ON "kb_articles" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "kb_files_article_idx" ON "kb_files" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "kb_nodes_parent_idx" ON "kb_nodes" USING btree ("library","parent_id");--> statement-breakpoint
CREATE INDEX "machine_files_order_idx" ON "machine_files" USING btree ("order_number","created_at");