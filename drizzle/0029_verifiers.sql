CREATE TABLE "verifier" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"registration_number" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" text,
	"daily_quota" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verifier_check" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"verifier_id" uuid NOT NULL,
	"person_id" uuid,
	"outcome" text NOT NULL,
	"purpose" text NOT NULL,
	"weight" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verifier" ADD CONSTRAINT "verifier_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifier_check" ADD CONSTRAINT "verifier_check_verifier_id_verifier_id_fk" FOREIGN KEY ("verifier_id") REFERENCES "public"."verifier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifier_check" ADD CONSTRAINT "verifier_check_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verifier_created_at_idx" ON "verifier" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "verifier_user_id_idx" ON "verifier" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifier_check_verifier_idx" ON "verifier_check" USING btree ("verifier_id","checked_at");--> statement-breakpoint
CREATE INDEX "verifier_check_person_idx" ON "verifier_check" USING btree ("person_id","checked_at") WHERE "verifier_check"."person_id" is not null;--> statement-breakpoint
CREATE INDEX "verifier_check_checked_at_idx" ON "verifier_check" USING btree ("checked_at");