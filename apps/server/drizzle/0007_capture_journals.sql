CREATE TABLE "capture_journals" (
	"journal_id" text PRIMARY KEY NOT NULL,
	"segment" integer NOT NULL,
	"offset" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
