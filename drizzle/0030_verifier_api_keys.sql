CREATE TABLE "verifier_api_key" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"verifier_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "verifier_api_key_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "verifier_api_key" ADD CONSTRAINT "verifier_api_key_verifier_id_verifier_id_fk" FOREIGN KEY ("verifier_id") REFERENCES "public"."verifier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verifier_api_key_verifier_idx" ON "verifier_api_key" USING btree ("verifier_id","created_at");