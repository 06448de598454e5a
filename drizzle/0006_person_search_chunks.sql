-- Staff search at a million records, for substrings whose matches are all old (bench/README.md):
-- see person_search_chunk in src/server/db/schema/person-search-chunk.ts. btree_gist lets one
-- GiST order by a number and test trigrams at once.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "person_search_chunk" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "person_search_chunk_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ordinal" bigint NOT NULL,
	"from_created_at" timestamp with time zone NOT NULL,
	"from_id" uuid NOT NULL,
	"to_created_at" timestamp with time zone NOT NULL,
	"to_id" uuid NOT NULL,
	"doc" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "person_search_chunk_from_idx" ON "person_search_chunk" USING btree ("from_created_at","from_id");--> statement-breakpoint
CREATE UNIQUE INDEX "person_search_chunk_to_idx" ON "person_search_chunk" USING btree ("to_created_at","to_id");--> statement-breakpoint
CREATE INDEX "person_search_chunk_walk_idx" ON "person_search_chunk" USING gist ("ordinal","doc" gist_trgm_ops(siglen=512));--> statement-breakpoint
-- The text a chunk holds for one person: the search text with '-' spelled as 'qx'. pg_trgm reads
-- punctuation as a space, so "017-0" would be only the trigrams of "017" and "0"; as "017qx0" it
-- is one word whose trigrams find a serial's year. Searches spell their pattern the same way.
CREATE FUNCTION "person_search_chunk_text"("search_text" text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT replace("search_text", '-', 'qx') $$;--> statement-breakpoint
-- Whether a chunk holding `used` characters is cut before a person's text of `adding` more: at
-- 500 characters, unless the chunk is still empty (a longer person then has a chunk alone).
CREATE FUNCTION "person_search_chunk_cuts_before"("used" integer, "adding" integer) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT "used" > 0 AND "used" + 1 + "adding" > 500 $$;--> statement-breakpoint
-- One writer of the chunks at a time, to the end of its transaction: a chunk being cut again must
-- not lose the text another writer appends to it meanwhile.
CREATE FUNCTION "person_search_chunk_lock"() RETURNS void
  LANGUAGE sql AS $$ SELECT pg_advisory_xact_lock(hashtext('person_search_chunk')) $$;--> statement-breakpoint
-- Gives every chunk a fresh ordinal, 2^32 apart, in the same order. Runs only when a chunk split
-- finds no room between its neighbours' ordinals (after some 32 splits in one place).
CREATE FUNCTION "person_search_chunk_renumber"() RETURNS void LANGUAGE sql AS $$
  UPDATE "person_search_chunk" c SET "ordinal" = r."rank" * 4294967296
  FROM (SELECT "id", row_number() OVER (ORDER BY "ordinal") AS "rank" FROM "person_search_chunk") r
  WHERE c."id" = r."id";
$$;--> statement-breakpoint
-- Cuts the live people with keys from (range_from_at, range_from_id) up to, not including,
-- (range_to_at, range_to_id) into chunks of at most 500 characters of text (a longer person
-- alone), inserted with ordinals between those of the chunks either side, so that the chunks
-- still cover every key once and in order. The first pass counts the chunks to space their
-- ordinals; the second builds them (growing an array instead is quadratic in plpgsql).
CREATE FUNCTION "person_search_chunk_fill"("range_from_at" timestamptz, "range_from_id" uuid, "range_to_at" timestamptz, "range_to_id" uuid)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  people CURSOR FOR
    SELECT p."created_at", p."id", "person_search_chunk_text"(p."search_text") AS "text" FROM "person" p
    WHERE p."deleted_at" IS NULL
      AND (p."created_at", p."id") >= ("range_from_at", "range_from_id")
      AND (p."created_at", p."id") < ("range_to_at", "range_to_id")
    ORDER BY p."created_at", p."id";
  pieces integer := 1;
  used integer := 0;
  below bigint;
  above bigint;
  step bigint;
  piece_at timestamptz := "range_from_at";
  piece_id uuid := "range_from_id";
  doc text := '';
BEGIN
  FOR r IN people LOOP
    IF "person_search_chunk_cuts_before"(used, length(r."text")) THEN
      pieces := pieces + 1;
      used := length(r."text");
    ELSE
      used := used + sign(used)::integer + length(r."text"); -- a line break after the first
    END IF;
  END LOOP;
  FOR attempt IN 1..2 LOOP
    SELECT c."ordinal" INTO below FROM "person_search_chunk" c WHERE (c."to_created_at", c."to_id") = ("range_from_at", "range_from_id");
    SELECT c."ordinal" INTO above FROM "person_search_chunk" c WHERE (c."from_created_at", c."from_id") = ("range_to_at", "range_to_id");
    EXIT WHEN below IS NULL OR above IS NULL OR above - below > pieces;
    PERFORM "person_search_chunk_renumber"();
  END LOOP;
  below := coalesce(below, coalesce(above, 0) - (pieces + 1) * 4294967296);
  above := coalesce(above, below + (pieces + 1) * 4294967296);
  step := (above - below) / (pieces + 1);
  FOR r IN people LOOP
    IF "person_search_chunk_cuts_before"(length(doc), length(r."text")) THEN
      below := below + step;
      INSERT INTO "person_search_chunk" ("ordinal", "from_created_at", "from_id", "to_created_at", "to_id", "doc")
      VALUES (below, piece_at, piece_id, r."created_at", r."id", doc);
      piece_at := r."created_at";
      piece_id := r."id";
      doc := r."text";
    ELSE
      doc := concat_ws(E'\n', nullif(doc, ''), r."text");
    END IF;
  END LOOP;
  INSERT INTO "person_search_chunk" ("ordinal", "from_created_at", "from_id", "to_created_at", "to_id", "doc")
  VALUES (below + step, piece_at, piece_id, "range_to_at", "range_to_id", doc);
END $$;--> statement-breakpoint
CREATE FUNCTION "person_search_chunk_rebuild_all"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "person_search_chunk_lock"();
  DELETE FROM "person_search_chunk";
  PERFORM "person_search_chunk_fill"('-infinity', '00000000-0000-0000-0000-000000000000', 'infinity', 'ffffffff-ffff-ffff-ffff-ffffffffffff');
END $$;--> statement-breakpoint
-- Adds the text of these people to the chunks covering them. A chunk that would outgrow 1,600
-- characters (GiST keys must stay under 8 kB: a trigram is 3 bytes, and text has at most one
-- trigram a character or so) is cut again from the live people in its range instead, which
-- also drops the text of people since edited, trashed or deleted.
CREATE FUNCTION "person_search_chunk_add"("people" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  full_chunks bigint[];
  c "person_search_chunk";
BEGIN
  IF cardinality("people") = 0 THEN RETURN; END IF;
  PERFORM "person_search_chunk_lock"();
  WITH added AS (
    SELECT covering."id" AS chunk,
           string_agg("person_search_chunk_text"(p."search_text"), E'\n' ORDER BY p."created_at", p."id") AS "text"
    FROM "person" p
    CROSS JOIN LATERAL (
      SELECT k."id" FROM "person_search_chunk" k
      WHERE (k."from_created_at", k."from_id") <= (p."created_at", p."id")
      ORDER BY k."from_created_at" DESC, k."from_id" DESC LIMIT 1
    ) covering
    WHERE p."id" = ANY("people") AND p."deleted_at" IS NULL
    GROUP BY covering."id"
  ), appended AS (
    UPDATE "person_search_chunk" k SET "doc" = concat_ws(E'\n', nullif(k."doc", ''), a."text")
    FROM added a
    WHERE k."id" = a.chunk AND length(k."doc") + 1 + length(a."text") <= 1600
    RETURNING k."id"
  )
  SELECT array_agg(a.chunk ORDER BY a.chunk) INTO full_chunks
  FROM added a WHERE a.chunk NOT IN (SELECT "id" FROM appended);
  FOR c IN SELECT * FROM "person_search_chunk" WHERE "id" = ANY(full_chunks) LOOP
    DELETE FROM "person_search_chunk" WHERE "id" = c."id";
    PERFORM "person_search_chunk_fill"(c."from_created_at", c."from_id", c."to_created_at", c."to_id");
  END LOOP;
END $$;--> statement-breakpoint
CREATE FUNCTION "person_search_chunk_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "person_search_chunk_add"(ARRAY(SELECT "id" FROM inserted WHERE "deleted_at" IS NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
-- An edit adds the person's new text; so does a restore, as the chunk may have been cut again
-- (dropping the text) while the person was in the trash.
CREATE FUNCTION "person_search_chunk_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "person_search_chunk_add"(ARRAY(
    SELECT n."id" FROM after_update n JOIN before_update o ON o."id" = n."id"
    WHERE n."deleted_at" IS NULL
      AND (o."deleted_at" IS NOT NULL OR o."search_text" <> n."search_text" OR o."created_at" <> n."created_at")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "person_search_chunk_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "person_search_chunk_rebuild_all"();
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "person_search_chunk_insert" AFTER INSERT ON "person" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "person_search_chunk_after_insert"();--> statement-breakpoint
CREATE TRIGGER "person_search_chunk_update" AFTER UPDATE ON "person"
  REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update
  FOR EACH STATEMENT EXECUTE FUNCTION "person_search_chunk_after_update"();--> statement-breakpoint
CREATE TRIGGER "person_search_chunk_truncate" AFTER TRUNCATE ON "person"
  FOR EACH STATEMENT EXECUTE FUNCTION "person_search_chunk_after_truncate"();--> statement-breakpoint
SELECT "person_search_chunk_rebuild_all"();
--> statement-breakpoint
-- Statistics for the planner, who otherwise guesses how many chunks a pattern is in.
ANALYZE "person_search_chunk";