-- A filtered list sorted by created or passed date sorts its matches as read from the index that
-- found them (findFiltered in features/people/find-filtered.ts): the Course and passed-date
-- indexes now carry the created date too, so that no match's row is read to sort it.
DROP INDEX "person_live_course_idx";--> statement-breakpoint
DROP INDEX "person_live_passed_idx";--> statement-breakpoint
CREATE INDEX "person_live_course_idx" ON "person" USING btree ("trade_tested","id") INCLUDE ("result_passed","passed_date","revoked_at","lacks_image","created_at") WHERE "person"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "person_live_passed_idx" ON "person" USING btree ("passed_date","id") INCLUDE ("trade_tested","result_passed","revoked_at","lacks_image","created_at") WHERE "person"."deleted_at" is null;
