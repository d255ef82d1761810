CREATE TABLE "observation_queue" (
	"seq" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Observations stored but not analysed yet move to the queue before the flag goes.
INSERT INTO "observation_queue" ("seq") SELECT "seq" FROM "observations" WHERE NOT "processed";--> statement-breakpoint
CREATE OR REPLACE FUNCTION argus_queue_observations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO observation_queue (seq) SELECT seq FROM new_rows;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER observations_queue_insert AFTER INSERT ON observations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION argus_queue_observations();--> statement-breakpoint
ALTER TABLE "observations" DROP CONSTRAINT "observations_id_unique";--> statement-breakpoint
DROP INDEX "observations_pending_idx";--> statement-breakpoint
ALTER TABLE "observations" DROP COLUMN "processed";
