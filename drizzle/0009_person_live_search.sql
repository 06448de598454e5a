-- Staff search reads person_live_search (src/server/db/schema/person-live-search.ts) instead of
-- person: the search text of live people in a table a tenth of person's size, so that testing a
-- few hundred or thousand matches reads pages PostgreSQL has cached (bench/README.md).
CREATE TABLE "person_live_search" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
-- Writes these people's current created_at and search text, for those not in the trash. In id
-- order, so that two writers never wait for each other's rows the other way round.
CREATE FUNCTION "person_live_search_add"("people" uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "person_live_search" ("id", "created_at", "search_text")
  SELECT "id", "created_at", "search_text" FROM "person"
  WHERE "id" = ANY("people") AND "deleted_at" IS NULL
  ORDER BY "id"
  ON CONFLICT ("id") DO UPDATE SET "created_at" = excluded."created_at", "search_text" = excluded."search_text";
$$;--> statement-breakpoint
SELECT "person_live_search_add"(ARRAY(SELECT "id" FROM "person" WHERE "deleted_at" IS NULL));--> statement-breakpoint
CREATE INDEX "person_live_search_trgm_idx" ON "person_live_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- A finer sample of the search text, as person's had (0005): the planner's guess of how many people
-- a substring matches decides how a search runs.
ALTER TABLE "person_live_search" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "person_live_search";--> statement-breakpoint
-- person's own trigram index served only the search, and the trash is searched by testing each
-- trashed person, found on their own index.
DROP INDEX "person_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "person_trashed_idx" ON "person" USING btree ("deleted_at" DESC NULLS LAST) WHERE "person"."deleted_at" is not null;--> statement-breakpoint
-- The search's triggers (0006, 0008) already find, once per statement, the live people whose text
-- or created_at is new (added, edited or restored): they now write those here too.
CREATE OR REPLACE FUNCTION "person_search_text_added"("people" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "person_search_chunk_add"("people");
  PERFORM "person_search_punctuation_add"("people");
  PERFORM "person_live_search_add"("people");
END $$;--> statement-breakpoint
-- What those triggers do not see: people leaving the search, trashed, deleted or truncated.
CREATE FUNCTION "person_live_search_after_trash"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "person_live_search" s USING after_update n WHERE s."id" = n."id" AND n."deleted_at" IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "person_live_search_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "person_live_search" s USING deleted o WHERE s."id" = o."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "person_live_search_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "person_live_search";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "person_live_search_trash" AFTER UPDATE ON "person" REFERENCING NEW TABLE AS after_update
  FOR EACH STATEMENT EXECUTE FUNCTION "person_live_search_after_trash"();--> statement-breakpoint
CREATE TRIGGER "person_live_search_delete" AFTER DELETE ON "person" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "person_live_search_after_delete"();--> statement-breakpoint
CREATE TRIGGER "person_live_search_truncate" AFTER TRUNCATE ON "person"
  FOR EACH STATEMENT EXECUTE FUNCTION "person_live_search_after_truncate"();
