-- The Course filter with the Status filter "valid" or "expired" is a range of this index (a course,
-- then passed dates), counted and paged in the passed-date order without passing the other status.
DROP INDEX "person_live_course_idx";--> statement-breakpoint
CREATE INDEX "person_live_course_idx" ON "person" USING btree ("trade_tested","passed_date","id") INCLUDE ("result_passed","revoked_at","lacks_image","created_at") WHERE "person"."deleted_at" is null;
