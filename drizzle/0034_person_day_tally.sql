CREATE TABLE "person_day_tally" (
	"passed_date" date NOT NULL,
	"passed" boolean NOT NULL,
	"revoked" boolean NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "person_day_tally_passed_date_passed_revoked_pk" PRIMARY KEY("passed_date","passed","revoked")
);
--> statement-breakpoint
-- The tally starts from the rows already there; from now on the triggers below keep it, once per
-- statement and per (passed date, passed, revoked) a statement touches.
INSERT INTO "person_day_tally" ("passed_date", "passed", "revoked", "n")
  SELECT "passed_date", "result_passed", "revoked_at" IS NOT NULL, count(*) FROM "person"
  WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE FUNCTION "person_day_tally_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "person_day_tally" AS t ("passed_date", "passed", "revoked", "n")
    SELECT "passed_date", "result_passed", "revoked_at" IS NOT NULL, count(*) FROM inserted
    WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3
    ON CONFLICT ("passed_date", "passed", "revoked") DO UPDATE SET "n" = t."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "person_day_tally_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "person_day_tally" AS t ("passed_date", "passed", "revoked", "n")
    SELECT "passed_date", "result_passed", "revoked_at" IS NOT NULL, -count(*) FROM deleted
    WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3
    ON CONFLICT ("passed_date", "passed", "revoked") DO UPDATE SET "n" = t."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "person_day_tally_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates are edits that move no row between tallies: their changes sum to zero, and they
  -- leave the tally (and its locks) alone.
  INSERT INTO "person_day_tally" AS t ("passed_date", "passed", "revoked", "n")
    SELECT "passed_date", "passed", "revoked", sum("n") FROM (
      SELECT "passed_date", "result_passed" AS "passed", "revoked_at" IS NOT NULL AS "revoked", 1 AS "n"
        FROM after_update WHERE "deleted_at" IS NULL
      UNION ALL
      SELECT "passed_date", "result_passed", "revoked_at" IS NOT NULL, -1
        FROM before_update WHERE "deleted_at" IS NULL
    ) moved GROUP BY 1, 2, 3 HAVING sum("n") <> 0
    ON CONFLICT ("passed_date", "passed", "revoked") DO UPDATE SET "n" = t."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "person_day_tally_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "person_day_tally";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "person_day_tally_insert" AFTER INSERT ON "person" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "person_day_tally_after_insert"();--> statement-breakpoint
CREATE TRIGGER "person_day_tally_delete" AFTER DELETE ON "person" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "person_day_tally_after_delete"();--> statement-breakpoint
CREATE TRIGGER "person_day_tally_update" AFTER UPDATE ON "person"
  REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update
  FOR EACH STATEMENT EXECUTE FUNCTION "person_day_tally_after_update"();--> statement-breakpoint
CREATE TRIGGER "person_day_tally_truncate" AFTER TRUNCATE ON "person"
  FOR EACH STATEMENT EXECUTE FUNCTION "person_day_tally_after_truncate"();
