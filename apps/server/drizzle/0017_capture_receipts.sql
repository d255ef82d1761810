CREATE TABLE "capture_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "capture_receipts_stored_idx" ON "capture_receipts" USING btree ("stored_at");