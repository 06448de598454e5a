CREATE TABLE "wallet_exchange" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"challenge" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"holder" text
);
--> statement-breakpoint
CREATE INDEX "wallet_exchange_expires_at_idx" ON "wallet_exchange" USING btree ("expires_at");