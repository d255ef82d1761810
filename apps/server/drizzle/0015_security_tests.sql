CREATE TABLE "confirmed_findings" (
	"endpoint_id" uuid NOT NULL,
	"test_id" text NOT NULL,
	"result_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"severity" text NOT NULL,
	"owasp_category" text NOT NULL,
	"remediation" text NOT NULL,
	"reason" text NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"header_name" text,
	"cookie_name" text,
	"login" jsonb,
	"secret_sealed" text,
	"secret_hint" text,
	"secret_base_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"endpoint_id" uuid,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"test_id" text NOT NULL,
	"title" text NOT NULL,
	"severity" text NOT NULL,
	"owasp_category" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"started_by" uuid,
	"started_by_name" text,
	"test_ids" text[],
	"endpoint_ids" text[],
	"requests_sent" integer DEFAULT 0 NOT NULL,
	"budget" integer NOT NULL,
	"tests_planned" integer DEFAULT 0 NOT NULL,
	"tests_done" integer DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"message" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_settings" (
	"domain_id" uuid PRIMARY KEY NOT NULL,
	"base_url" text,
	"test_environment" boolean DEFAULT false NOT NULL,
	"allow_destructive" boolean DEFAULT false NOT NULL,
	"budget" integer DEFAULT 500 NOT NULL,
	"rate_per_second" integer DEFAULT 10 NOT NULL,
	"disabled_tests" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"test_ids" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "confirmed_findings" ADD CONSTRAINT "confirmed_findings_endpoint_id_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_identities" ADD CONSTRAINT "test_identities_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_endpoint_id_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."endpoints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_settings" ADD CONSTRAINT "test_settings_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_templates" ADD CONSTRAINT "test_templates_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "confirmed_findings_key_idx" ON "confirmed_findings" USING btree ("endpoint_id","test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_identities_name_idx" ON "test_identities" USING btree ("domain_id","name");--> statement-breakpoint
CREATE INDEX "test_results_run_idx" ON "test_results" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "test_results_endpoint_idx" ON "test_results" USING btree ("endpoint_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "test_runs_domain_idx" ON "test_runs" USING btree ("domain_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "test_templates_domain_idx" ON "test_templates" USING btree ("domain_id");