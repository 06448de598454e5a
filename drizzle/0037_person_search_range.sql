CREATE SEQUENCE "public"."person_search_range_n_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "person_search_range" (
	"n" integer PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone
);
