CREATE TABLE "otlp_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"observations" bigint DEFAULT 0 NOT NULL,
	"last_received" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otlp_totals" (
	"receiver" text PRIMARY KEY NOT NULL,
	"spans" bigint DEFAULT 0 NOT NULL,
	"observations" bigint DEFAULT 0 NOT NULL,
	"not_server" bigint DEFAULT 0 NOT NULL,
	"not_http" bigint DEFAULT 0 NOT NULL,
	"unplaced" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"last_received" timestamp with time zone DEFAULT now() NOT NULL
);
