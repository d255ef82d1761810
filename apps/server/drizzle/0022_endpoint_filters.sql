ALTER TABLE "endpoints" ADD COLUMN "auth" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
CREATE INDEX "endpoints_first_seen_idx" ON "endpoints" USING btree ("first_seen" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "endpoints_classification_idx" ON "endpoints" USING btree ("classification","id");--> statement-breakpoint
CREATE INDEX "endpoints_method_risk_idx" ON "endpoints" USING btree ("method","risk_score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "endpoints_auth_risk_idx" ON "endpoints" USING btree ("auth","risk_score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "endpoints_pii_types_idx" ON "endpoints" USING gin ("pii_types");--> statement-breakpoint
CREATE INDEX "endpoints_sources_idx" ON "endpoints" USING gin ("sources");--> statement-breakpoint
-- Endpoints stored before the column: what the engine's authSummary reads from the
-- aggregate's per-scheme counts ('mixed' is the list's 'optional'). Analyses write it after.
UPDATE "endpoints" AS e SET "auth" = CASE
    WHEN c.with_auth > 0 AND c.without > 0 THEN 'optional'
    WHEN c.with_auth > 0 THEN 'required'
    WHEN c.without > 0 THEN 'none'
    WHEN e."aggregate" -> 'spec' ->> 'security' = 'required' THEN 'required'
    WHEN e."aggregate" -> 'spec' ->> 'security' = 'public' THEN 'none'
    ELSE 'unknown' END
  FROM (
    SELECT x."id",
      coalesce(sum(a.value::numeric) FILTER (WHERE a.key NOT IN ('none', 'unknown')), 0) AS with_auth,
      coalesce(sum(a.value::numeric) FILTER (WHERE a.key = 'none'), 0) AS without
    FROM "endpoints" AS x LEFT JOIN LATERAL jsonb_each_text(coalesce(x."aggregate" -> 'auth', '{}'::jsonb)) AS a ON true
    GROUP BY x."id"
  ) AS c
  WHERE c."id" = e."id";
