ALTER TABLE "alerts" ADD COLUMN "found" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "batches" integer DEFAULT 1 NOT NULL;