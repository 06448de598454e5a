CREATE TABLE "person_live_count" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "person_live_count_one_row" CHECK ("person_live_count"."id")
);
--> statement-breakpoint
-- The count starts from the rows already there; from now on the triggers below keep it, once per
-- statement (a COPY of 100,000 rows is one update here, not 100,000).
INSERT INTO "person_live_count" ("n") SELECT count(*) FROM "person" WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE FUNCTION "person_live_count_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "person_live_count" SET "n" = "n" + (SELECT count(*) FROM inserted WHERE "deleted_at" IS NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "person_live_count_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "person_live_count" SET "n" = "n" - (SELECT count(*) FROM deleted WHERE "deleted_at" IS NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "person_live_count_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change bigint := (SELECT count(*) FROM after_update WHERE "deleted_at" IS NULL)
                 - (SELECT count(*) FROM before_update WHERE "deleted_at" IS NULL);
BEGIN
  -- Most updates are edits that trash or restore nothing: they leave the row (and its lock) alone.
  IF change <> 0 THEN
    UPDATE "person_live_count" SET "n" = "n" + change;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "person_live_count_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "person_live_count" SET "n" = 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "person_live_count_insert" AFTER INSERT ON "person" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "person_live_count_after_insert"();--> statement-breakpoint
CREATE TRIGGER "person_live_count_delete" AFTER DELETE ON "person" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "person_live_count_after_delete"();--> statement-breakpoint
CREATE TRIGGER "person_live_count_update" AFTER UPDATE ON "person"
  REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update
  FOR EACH STATEMENT EXECUTE FUNCTION "person_live_count_after_update"();--> statement-breakpoint
CREATE TRIGGER "person_live_count_truncate" AFTER TRUNCATE ON "person"
  FOR EACH STATEMENT EXECUTE FUNCTION "person_live_count_after_truncate"();
