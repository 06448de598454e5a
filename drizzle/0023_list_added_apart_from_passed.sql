-- The Status filter in the created order seeks to a bound on the created date instead of walking
-- past every record of the other status (addedBound in features/people/list-order.ts). The
-- bound holds for a record added within 31 days on or after its passed date; this index holds the
-- live records that are not, so that their least and greatest created dates are read at once.
CREATE INDEX "person_live_added_apart_idx" ON "person" USING btree ("created_at") INCLUDE ("passed_date") WHERE "person"."deleted_at" is null and not ("person"."created_at" >= ("person"."passed_date"::timestamp at time zone 'UTC') and "person"."created_at" < (("person"."passed_date" + 31)::timestamp at time zone 'UTC'));
