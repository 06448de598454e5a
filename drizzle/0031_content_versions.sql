CREATE TABLE "content_draft" (
	"language" text NOT NULL,
	"name" text NOT NULL,
	"body" jsonb NOT NULL,
	"stamp" uuid DEFAULT gen_random_uuid() NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_draft_language_name_pk" PRIMARY KEY("language","name")
);
--> statement-breakpoint
CREATE TABLE "content_review" (
	"language" text NOT NULL,
	"name" text NOT NULL,
	"approved_by" text NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"translation" jsonb NOT NULL,
	"english" jsonb NOT NULL,
	CONSTRAINT "content_review_language_name_pk" PRIMARY KEY("language","name")
);
--> statement-breakpoint
CREATE TABLE "content_version" (
	"version" integer PRIMARY KEY NOT NULL,
	"files" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text,
	"restored_from" integer
);
