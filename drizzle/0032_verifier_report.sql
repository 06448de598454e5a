CREATE TABLE "verifier_report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"verifier_id" uuid NOT NULL,
	"rows" jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verifier_report" ADD CONSTRAINT "verifier_report_verifier_id_verifier_id_fk" FOREIGN KEY ("verifier_id") REFERENCES "public"."verifier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verifier_report_checked_at_idx" ON "verifier_report" USING btree ("checked_at");