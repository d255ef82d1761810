CREATE TABLE "finding_false_positives" (
	"endpoint_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"finding_key" text NOT NULL,
	"reason" text,
	"marked_by" text,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finding_false_positives_endpoint_id_kind_finding_key_pk" PRIMARY KEY("endpoint_id","kind","finding_key")
);
--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "evidence_items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "confidence" text;--> statement-breakpoint
ALTER TABLE "finding_false_positives" ADD CONSTRAINT "finding_false_positives_endpoint_id_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."endpoints"("id") ON DELETE cascade ON UPDATE no action;