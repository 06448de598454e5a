CREATE TABLE "import_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'checking' NOT NULL,
	"file_name" text NOT NULL,
	"header" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"valid" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"created" integer DEFAULT 0 NOT NULL,
	"replaced" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_row" (
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"fin_number" text,
	"e_cert_number" text,
	"fields" jsonb,
	"problems" jsonb,
	"cells" jsonb,
	CONSTRAINT "import_row_import_id_row_pk" PRIMARY KEY("import_id","row")
);
--> statement-breakpoint
ALTER TABLE "import_row" ADD CONSTRAINT "import_row_import_id_import_job_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_job_created_at_idx" ON "import_job" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_row_pair_idx" ON "import_row" USING btree ("import_id","fin_number","e_cert_number","row") WHERE "import_row"."fields" is not null;--> statement-breakpoint
CREATE INDEX "person_live_missing_images_idx" ON "person" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "person"."deleted_at" is null and ("person"."passport_image" is null or "person"."certificate_image" is null or "person"."signature_image" is null);