-- Staff search reads person_live_search (src/server/db/schema/person-live-search.ts) instead of
-- person: the search text of live people in a table a tenth of person's size, so that testing a
-- few hundred or thousand matches reads pages PostgreSQL has cached (bench/README.md).
CREATE TABLE "person_live_search" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "person_live_search" ("id", "created_at", "search_text")
  SELECT "id", "created_at", "search_text" FROM "person" WHERE "deleted_at" IS NULL
  ORDER BY "created_at", "id";--> statement-breakpoint
CREATE INDEX "person_live_search_trgm_idx" ON "person_live_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- A finer sample of the search text, as person's had (0005): the planner's guess of how many people
-- a substring matches decides how a search runs.
ALTER TABLE "person_live_search" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "person_live_search";--> statement-breakpoint
-- person's own trigram index served only the search, and the trash is searched by testing each
-- trashed person, found on their own index.
DROP INDEX "person_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "person_trashed_idx" ON "person" USING btree ("deleted_at" DESC NULLS LAST) WHERE "person"."deleted_at" is not null;--> statement-breakpoint
-- Statement triggers keep a row for every person not in the trash, with their current created_at
-- and search text: added with them, dropped when trashed or deleted, added back when restored.
-- Rows are written in id order, so that two writers never wait for each other the other way round.
CREATE FUNCTION "person_live_search_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "person_live_search" ("id", "created_at", "search_text")
  SELECT "id", "created_at", "search_text" FROM inserted WHERE "deleted_at" IS NULL ORDER BY "id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "person_live_search_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "person_live_search" s USING before_update b
  WHERE s."id" = b."id"
    AND NOT EXISTS (SELECT 1 FROM after_update a WHERE a."id" = b."id" AND a."deleted_at" IS NULL);
  INSERT INTO "person_live_search" ("id", "created_at", "search_text")
  SELECT a."id", a."created_at", a."search_text"
  FROM after_update a LEFT JOIN before_update b ON b."id" = a."id"
  WHERE a."deleted_at" IS NULL
    AND (b."id" IS NULL OR b."deleted_at" IS NOT NULL
      OR b."search_text" IS DISTINCT FROM a."search_text" OR b."created_at" IS DISTINCT FROM a."created_at")
  ORDER BY a."id"
  ON CONFLICT ("id") DO UPDATE SET "created_at" = excluded."created_at", "search_text" = excluded."search_text";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "person_live_search_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "person_live_search" s USING deleted d WHERE s."id" = d."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "person_live_search_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "person_live_search";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "person_live_search_insert" AFTER INSERT ON "person" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "person_live_search_after_insert"();--> statement-breakpoint
CREATE TRIGGER "person_live_search_update" AFTER UPDATE ON "person"
  REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update
  FOR EACH STATEMENT EXECUTE FUNCTION "person_live_search_after_update"();--> statement-breakpoint
CREATE TRIGGER "person_live_search_delete" AFTER DELETE ON "person" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "person_live_search_after_delete"();--> statement-breakpoint
CREATE TRIGGER "person_live_search_truncate" AFTER TRUNCATE ON "person"
  FOR EACH STATEMENT EXECUTE FUNCTION "person_live_search_after_truncate"();
