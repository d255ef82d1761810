DROP INDEX "alerts_open_dedupe_idx";--> statement-breakpoint
DROP INDEX "alerts_created_idx";--> statement-breakpoint
ALTER TABLE "alert_history" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_history" ADD CONSTRAINT "alert_history_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_dedupe_idx" ON "alerts" USING btree ("dedupe_key") WHERE "alerts"."status" in ('open', 'acknowledged', 'suppressed');--> statement-breakpoint
CREATE INDEX "alerts_created_idx" ON "alerts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);