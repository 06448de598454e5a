-- A record entered on its passed date in a time zone ahead of UTC is added on the UTC day before
-- it: the window a record is usually added in now starts the day before its passed date, so that
-- such records stay out of this index and the bound it gives (list-order.ts) stays close.
DROP INDEX "person_live_added_apart_idx";--> statement-breakpoint
CREATE INDEX "person_live_added_apart_idx" ON "person" USING btree ("created_at") INCLUDE ("passed_date") WHERE "person"."deleted_at" is null and not ("person"."created_at" >= (("person"."passed_date" - 1)::timestamp at time zone 'UTC') and "person"."created_at" < (("person"."passed_date" + 31)::timestamp at time zone 'UTC'));
