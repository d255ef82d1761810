DROP INDEX "alerts_created_idx";--> statement-breakpoint
CREATE INDEX "alerts_created_idx" ON "alerts" USING btree ("created_at","id");