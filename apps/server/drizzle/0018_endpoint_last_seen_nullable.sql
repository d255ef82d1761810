ALTER TABLE "endpoints" ALTER COLUMN "last_seen" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "endpoints" ALTER COLUMN "last_seen" DROP NOT NULL;--> statement-breakpoint
-- Endpoints known only from a description were stamped "seen" when they were stored.
UPDATE "endpoints" SET "last_seen" = NULL WHERE "aggregate"->>'lastSeen' IS NULL;
