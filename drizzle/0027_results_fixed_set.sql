-- A test result is one of Passed, Failed, Pending or Absent. Stored text in a known spelling
-- (the table of src/shared/rules/test-result.ts) becomes that result; any other text is kept as
-- written, and the index below lists those few for staff to correct (the Result filter "To review").
-- Only a passed result is an e-Cert.
UPDATE "person" SET test_result = CASE
  WHEN lower(btrim(test_result)) IN ('passed', 'pass', 'p') THEN 'Passed'
  WHEN lower(btrim(test_result)) IN ('failed', 'fail', 'f') THEN 'Failed'
  WHEN lower(btrim(test_result)) IN ('pending') THEN 'Pending'
  WHEN lower(btrim(test_result)) IN ('absent', 'abs') THEN 'Absent'
END
WHERE lower(btrim(test_result)) IN ('passed', 'pass', 'p', 'failed', 'fail', 'f', 'pending', 'absent', 'abs')
  AND test_result NOT IN ('Passed', 'Failed', 'Pending', 'Absent');--> statement-breakpoint
UPDATE "renewal" SET test_result = CASE
  WHEN lower(btrim(test_result)) IN ('passed', 'pass', 'p') THEN 'Passed'
  WHEN lower(btrim(test_result)) IN ('failed', 'fail', 'f') THEN 'Failed'
  WHEN lower(btrim(test_result)) IN ('pending') THEN 'Pending'
  WHEN lower(btrim(test_result)) IN ('absent', 'abs') THEN 'Absent'
END
WHERE lower(btrim(test_result)) IN ('passed', 'pass', 'p', 'failed', 'fail', 'f', 'pending', 'absent', 'abs')
  AND test_result NOT IN ('Passed', 'Failed', 'Pending', 'Absent');--> statement-breakpoint
-- A credential signed for a record whose result is not a pass reads revoked from now on.
UPDATE "credential_status" SET retired_at = now()
FROM "person" WHERE "person".id = "credential_status".person_id
  AND "credential_status".retired_at IS NULL AND NOT "person".result_passed;--> statement-breakpoint
CREATE INDEX "person_live_result_review_idx" ON "person" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "person"."deleted_at" is null and test_result not in ('Passed', 'Failed', 'Pending', 'Absent');
