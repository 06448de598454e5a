CREATE TABLE "person_search_punctuation" (
	"gram" text NOT NULL,
	"month" timestamp with time zone NOT NULL,
	CONSTRAINT "person_search_punctuation_gram_month_pk" PRIMARY KEY("gram","month")
);
--> statement-breakpoint
-- Staff search for a substring pg_trgm cannot see: see person_search_punctuation in
-- src/server/db/schema/person-search-punctuation.ts.
--
-- The substrings of 3 to 5 characters of a (lower-cased) text that hold a character other than
-- a-z, 0-9 and the space: for each such character, those around it.
CREATE FUNCTION "person_search_punctuation_grams"("search_text" text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT substr("search_text", "start", "n")
  FROM generate_series(1, regexp_count("search_text", '[^a-z0-9 ]')) "k"
  CROSS JOIN LATERAL (SELECT regexp_instr("search_text", '[^a-z0-9 ]', 1, "k") AS "at") "found"
  CROSS JOIN generate_series(3, 5) "n"
  CROSS JOIN generate_series(greatest(1, "at" - "n" + 1), least("at", length("search_text") - "n" + 1)) "start"
$$;--> statement-breakpoint
-- Lists the months of these people's grams. In key order, so that two writers never wait for
-- each other's rows the other way round.
CREATE FUNCTION "person_search_punctuation_add"("people" uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "person_search_punctuation" ("gram", "month")
  SELECT DISTINCT g, date_trunc('month', p."created_at", 'UTC')
  FROM "person" p CROSS JOIN LATERAL "person_search_punctuation_grams"(p."search_text") g
  WHERE p."id" = ANY("people") AND p."deleted_at" IS NULL
  ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
-- Everything the search keeps about people whose search text is new (added, edited or restored).
CREATE FUNCTION "person_search_text_added"("people" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "person_search_chunk_add"("people");
  PERFORM "person_search_punctuation_add"("people");
END $$;--> statement-breakpoint
-- The triggers of 0006 already find those people, once per statement: they now keep both
-- structures, and are named for the search rather than its chunks.
ALTER FUNCTION "person_search_chunk_after_insert"() RENAME TO "person_search_after_insert";--> statement-breakpoint
ALTER FUNCTION "person_search_chunk_after_update"() RENAME TO "person_search_after_update";--> statement-breakpoint
ALTER FUNCTION "person_search_chunk_after_truncate"() RENAME TO "person_search_after_truncate";--> statement-breakpoint
ALTER TRIGGER "person_search_chunk_insert" ON "person" RENAME TO "person_search_insert";--> statement-breakpoint
ALTER TRIGGER "person_search_chunk_update" ON "person" RENAME TO "person_search_update";--> statement-breakpoint
ALTER TRIGGER "person_search_chunk_truncate" ON "person" RENAME TO "person_search_truncate";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "person_search_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "person_search_text_added"(ARRAY(SELECT "id" FROM inserted WHERE "deleted_at" IS NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
-- An edit adds the person's new text; so does a restore, as the chunk may have been cut again
-- (dropping the text) while the person was in the trash.
CREATE OR REPLACE FUNCTION "person_search_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "person_search_text_added"(ARRAY(
    SELECT n."id" FROM after_update n JOIN before_update o ON o."id" = n."id"
    WHERE n."deleted_at" IS NULL
      AND (o."deleted_at" IS NOT NULL OR o."search_text" <> n."search_text" OR o."created_at" <> n."created_at")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "person_search_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "person_search_chunk_rebuild_all"();
  TRUNCATE "person_search_punctuation";
  RETURN NULL;
END $$;--> statement-breakpoint
SELECT "person_search_punctuation_add"(ARRAY(SELECT "id" FROM "person" WHERE "deleted_at" IS NULL));
