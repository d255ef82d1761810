CREATE TABLE "domain_stats" (
	"domain_id" uuid PRIMARY KEY NOT NULL,
	"endpoints" integer DEFAULT 0 NOT NULL,
	"high_risk" integer DEFAULT 0 NOT NULL,
	"pii" integer DEFAULT 0 NOT NULL,
	"public" integer DEFAULT 0 NOT NULL,
	"risk_sum" double precision DEFAULT 0 NOT NULL
);
