CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run" timestamp with time zone NOT NULL
);
