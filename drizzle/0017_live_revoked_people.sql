-- Live revoked people, few among many: the Status filter "Revoked" pages and counts them here
-- alone; through person_revoked_idx each one was a heap visit (5,000 of 1M: 38 ms to count, 2 ms here).
CREATE INDEX "person_live_revoked_idx" ON "person" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "person"."deleted_at" is null and "person"."revoked_at" is not null;
