-- A filtered list of up to 10,000 people reads their ids first, on whichever index finds them
-- (pageOfFew in features/people/list-page.ts): the Course index now carries the id, and the
-- small "missing images" and "revoked" indexes the filter columns, so that read needs no row.
-- Without the id the planner walked the whole passed-date index instead (886 of 1M: 166 ms).
DROP INDEX "person_live_course_idx";--> statement-breakpoint
DROP INDEX "person_live_missing_images_idx";--> statement-breakpoint
DROP INDEX "person_live_revoked_idx";--> statement-breakpoint
CREATE INDEX "person_live_course_idx" ON "person" USING btree ("trade_tested","id") INCLUDE ("result_passed","passed_date","revoked_at","lacks_image") WHERE "person"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "person_live_missing_images_idx" ON "person" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("trade_tested","result_passed","passed_date","revoked_at") WHERE "person"."deleted_at" is null and "person"."lacks_image";--> statement-breakpoint
CREATE INDEX "person_live_revoked_idx" ON "person" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("trade_tested","result_passed","passed_date","lacks_image") WHERE "person"."deleted_at" is null and "person"."revoked_at" is not null;
