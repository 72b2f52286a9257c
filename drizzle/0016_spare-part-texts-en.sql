ALTER TABLE "spare_parts" ADD COLUMN "specifications_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "spare_parts" ADD COLUMN "size_en" text DEFAULT '' NOT NULL;