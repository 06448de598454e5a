ALTER TABLE "verifier" ADD COLUMN "quota_day" date;--> statement-breakpoint
ALTER TABLE "verifier" ADD COLUMN "quota_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "verifier_check_no_match_idx" ON "verifier_check" USING btree ("verifier_id","checked_at") WHERE "verifier_check"."outcome" = 'no-match';--> statement-breakpoint
-- Today's usage starts from the rows already checked today, so an upgrade mid-day keeps the quota.
UPDATE "verifier" v SET "quota_day" = (now() AT TIME ZONE 'UTC')::date,
  "quota_used" = (SELECT coalesce(sum(c."weight"), 0) FROM "verifier_check" c
    WHERE c."verifier_id" = v."id"
      AND c."checked_at" >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC');
