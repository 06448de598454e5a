-- A version 7 UUID: the time in milliseconds first, then random bits, so new rows sort last.
CREATE FUNCTION "time_ordered_uuid"() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING
    substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "verifier_check" DROP CONSTRAINT "verifier_check_person_id_person_id_fk";
--> statement-breakpoint
ALTER TABLE "verifier_check" ALTER COLUMN "id" SET DEFAULT time_ordered_uuid();--> statement-breakpoint
-- What the foreign key's ON DELETE SET NULL did, for a record deleted by hand (the portal itself
-- only moves records to the trash): its checks stay in the log, unlinked.
CREATE FUNCTION "verifier_check_unlink_deleted_person"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "verifier_check" c SET "person_id" = NULL FROM deleted d WHERE c."person_id" = d."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "verifier_check_unlink_deleted_person" AFTER DELETE ON "person"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "verifier_check_unlink_deleted_person"();
