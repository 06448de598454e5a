ALTER TABLE "import_job" ADD COLUMN "duplicates_in_file" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "duplicate_rows" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "separator" text;--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "encoding" text;--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "date_order" text DEFAULT 'day-first' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "original_rows" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_row" ADD COLUMN "shown_row" integer;--> statement-breakpoint
ALTER TABLE "import_row" ADD COLUMN "duplicate_of" integer;