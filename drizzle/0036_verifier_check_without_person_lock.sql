ALTER TABLE "verifier_check" DROP CONSTRAINT "verifier_check_person_id_person_id_fk";
--> statement-breakpoint
-- What the foreign key's ON DELETE SET NULL did, for a record deleted by hand (the portal itself
-- only moves records to the trash): its checks stay in the log, unlinked.
CREATE FUNCTION "verifier_check_unlink_deleted_person"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "verifier_check" c SET "person_id" = NULL FROM deleted d WHERE c."person_id" = d."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "verifier_check_unlink_deleted_person" AFTER DELETE ON "person"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "verifier_check_unlink_deleted_person"();
