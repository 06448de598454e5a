CREATE TABLE "person" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"dob" date NOT NULL,
	"gender" text NOT NULL,
	"nationality" text NOT NULL,
	"passport_number" text NOT NULL,
	"fin_number" text NOT NULL,
	"e_cert_number" text NOT NULL,
	"trade_tested" text NOT NULL,
	"test_level" text NOT NULL,
	"test_result" text NOT NULL,
	"passed_date" date NOT NULL,
	"signature_image" jsonb,
	"passport_image" jsonb,
	"certificate_image" jsonb,
	"pdf" jsonb,
	"revoked_at" timestamp with time zone,
	"revocation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "person_fin_ecert_live_idx" ON "person" USING btree ("fin_number","e_cert_number") WHERE "person"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "person_fin_idx" ON "person" USING btree ("fin_number");--> statement-breakpoint
CREATE INDEX "person_created_at_idx" ON "person" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "person_search_trgm_idx" ON "person" USING gin ((name || ' ' || passport_number || ' ' || nationality || ' ' || e_cert_number || ' ' || fin_number) gin_trgm_ops);