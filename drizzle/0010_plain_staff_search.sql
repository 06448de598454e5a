-- Staff search becomes a trigram index and identifier btrees on person (docs/decisions/0006):
-- first the triggers and functions of 0005-0009, then their tables and btree_gist.
DROP TRIGGER IF EXISTS "person_search_insert" ON "person";--> statement-breakpoint
DROP TRIGGER IF EXISTS "person_search_update" ON "person";--> statement-breakpoint
DROP TRIGGER IF EXISTS "person_search_truncate" ON "person";--> statement-breakpoint
DROP TRIGGER IF EXISTS "person_live_search_trash" ON "person";--> statement-breakpoint
DROP TRIGGER IF EXISTS "person_live_search_delete" ON "person";--> statement-breakpoint
DROP TRIGGER IF EXISTS "person_live_search_truncate" ON "person";--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_search_after_insert"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_search_after_update"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_search_after_truncate"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_live_search_after_trash"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_live_search_after_delete"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_live_search_after_truncate"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_search_text_added"(uuid[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_live_search_add"(uuid[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_search_punctuation_add"(uuid[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_search_punctuation_grams"(text);--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_search_chunk_add"(uuid[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_search_chunk_rebuild_all"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_search_chunk_fill"(timestamptz, uuid, timestamptz, uuid);--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_search_chunk_renumber"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_search_chunk_lock"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_search_chunk_cuts_before"(integer, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_search_chunk_text"(text);--> statement-breakpoint
DROP TABLE IF EXISTS "person_live_search" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "person_search_chunk" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "person_search_punctuation" CASCADE;--> statement-breakpoint
DROP EXTENSION IF EXISTS btree_gist;--> statement-breakpoint
CREATE INDEX "person_live_search_text_idx" ON "person" USING gin ("search_text" gin_trgm_ops) WHERE "person"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "person_fin_lower_idx" ON "person" USING btree ((lower("fin_number") collate "C"));--> statement-breakpoint
CREATE INDEX "person_passport_lower_idx" ON "person" USING btree ((lower("passport_number") collate "C"));--> statement-breakpoint
CREATE INDEX "person_e_cert_lower_idx" ON "person" USING btree ((lower("e_cert_number") collate "C"));--> statement-breakpoint
-- Statistics of the new expression indexes, which the planner needs to choose how a search runs.
ANALYZE "person";