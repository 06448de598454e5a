-- Staff search at a million records (bench/README.md). The search text becomes a stored column so
-- that the newest-first index can carry it: a search matching many people then walks that index
-- alone, testing each entry without visiting its row. The indexes go first so that adding the
-- column (which rewrites the table) does not rebuild them.
DROP INDEX "person_created_at_idx";--> statement-breakpoint
DROP INDEX "person_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "person" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || passport_number || ' ' || nationality || ' ' || e_cert_number || ' ' || fin_number)) STORED;--> statement-breakpoint
-- INCLUDE is written here by hand: Drizzle's schema cannot declare it.
CREATE INDEX "person_live_newest_idx" ON "person" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("search_text") WHERE "person"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "person_search_trgm_idx" ON "person" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- A finer sample of the search text, so that the planner's guess of how many people a substring
-- matches (which decides between walking newest first and the trigram index) is closer.
ALTER TABLE "person" ALTER COLUMN "search_text" SET STATISTICS 1000;
