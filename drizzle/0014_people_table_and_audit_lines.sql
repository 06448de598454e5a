-- The Peoples table: sorts by name, serial, passed date and when added, and filters by course,
-- result, status and missing images, each read from an index. Every list index carries the filter
-- columns by INCLUDE, written here by hand (Drizzle's schema cannot declare it), so a filtered
-- page is picked from the index alone. lacks_image is a column so that an index can carry it.
DROP INDEX "person_live_passed_idx";--> statement-breakpoint
DROP INDEX "person_live_missing_images_idx";--> statement-breakpoint
DROP INDEX "person_live_newest_idx";--> statement-breakpoint
ALTER TABLE "audit_event" ADD COLUMN "batch_id" text;--> statement-breakpoint
ALTER TABLE "person" ADD COLUMN "lacks_image" boolean GENERATED ALWAYS AS (passport_image is null or certificate_image is null or signature_image is null) STORED;--> statement-breakpoint
CREATE INDEX "person_live_newest_idx" ON "person" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("search_text","trade_tested","test_result","passed_date","revoked_at","lacks_image") WHERE "person"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "person_live_name_idx" ON "person" USING btree ("name","id") INCLUDE ("trade_tested","test_result","passed_date","revoked_at","lacks_image") WHERE "person"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "person_live_serial_idx" ON "person" USING btree ("e_cert_number","id") INCLUDE ("trade_tested","test_result","passed_date","revoked_at","lacks_image") WHERE "person"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "person_live_course_idx" ON "person" USING btree ("trade_tested") INCLUDE ("test_result","passed_date","revoked_at","lacks_image") WHERE "person"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "person_live_passed_idx" ON "person" USING btree ("passed_date","id") INCLUDE ("trade_tested","test_result","revoked_at","lacks_image") WHERE "person"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "person_live_missing_images_idx" ON "person" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "person"."deleted_at" is null and "person"."lacks_image";--> statement-breakpoint
-- The audit trail shows an import or a bulk action as one line: each record's event names the
-- line's event by batch_id. Imports before this recorded their id in the changes only.
UPDATE "audit_event" SET "batch_id" = "changes" #>> '{importId,1}' WHERE "changes" ? 'importId';--> statement-breakpoint
CREATE INDEX "audit_event_line_idx" ON "audit_event" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("actor_id","action","entity_type") WHERE "audit_event"."batch_id" is null;--> statement-breakpoint
CREATE INDEX "audit_event_actor_line_idx" ON "audit_event" USING btree ("actor_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "audit_event"."batch_id" is null;--> statement-breakpoint
CREATE INDEX "audit_event_batch_idx" ON "audit_event" USING btree ("batch_id","at","id") WHERE "audit_event"."batch_id" is not null;--> statement-breakpoint
-- Statistics for the new column and indexes, which the planner needs to choose a list's index.
ANALYZE "person";--> statement-breakpoint
ANALYZE "audit_event";
