CREATE SEQUENCE "public"."credential_status_slot" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "credential_status" (
	"list_id" integer NOT NULL,
	"list_index" integer NOT NULL,
	"person_id" uuid NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "credential_status_list_id_list_index_pk" PRIMARY KEY("list_id","list_index")
);
--> statement-breakpoint
CREATE TABLE "issuer_key" (
	"generation" integer PRIMARY KEY NOT NULL,
	"public_key_multibase" text NOT NULL,
	"secret_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issuer_key_public_key_multibase_unique" UNIQUE("public_key_multibase")
);
--> statement-breakpoint
CREATE TABLE "signed_credential" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"basis" text NOT NULL,
	"credential" jsonb NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credential_status_current_idx" ON "credential_status" USING btree ("person_id") WHERE "credential_status"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "person_revoked_idx" ON "person" USING btree ("id") WHERE "person"."revoked_at" is not null;