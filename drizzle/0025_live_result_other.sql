-- Live people whose result is not "Passed", newest first: the Result filter "Other" (a fifth of a
-- million) counts and pages here instead of passing four others for each of its entries. It carries
-- the other filters' columns, as the "revoked" and "missing images" indexes do.
CREATE INDEX "person_live_result_other_idx" ON "person" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("trade_tested","passed_date","revoked_at","lacks_image") WHERE "person"."deleted_at" is null and not "person"."result_passed";
