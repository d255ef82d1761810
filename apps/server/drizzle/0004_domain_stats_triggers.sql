-- Keeps domain_stats exact: statement-level triggers fold each INSERT, UPDATE
-- and DELETE on endpoints into per-domain counters (one row update per domain
-- per statement, not per endpoint).
CREATE OR REPLACE FUNCTION argus_endpoint_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN
    INSERT INTO domain_stats AS s (domain_id, endpoints, high_risk, pii, public, risk_sum)
    SELECT domain_id, -count(*), -count(*) FILTER (WHERE risk_score > 50),
           -count(*) FILTER (WHERE cardinality(pii_types) > 0), -count(*) FILTER (WHERE is_public),
           -coalesce(sum(risk_score), 0)
    FROM old_rows GROUP BY domain_id
    ON CONFLICT (domain_id) DO UPDATE SET
      endpoints = s.endpoints + excluded.endpoints, high_risk = s.high_risk + excluded.high_risk,
      pii = s.pii + excluded.pii, public = s.public + excluded.public, risk_sum = s.risk_sum + excluded.risk_sum;
  END IF;
  IF TG_OP = 'UPDATE' OR TG_OP = 'INSERT' THEN
    INSERT INTO domain_stats AS s (domain_id, endpoints, high_risk, pii, public, risk_sum)
    SELECT domain_id, count(*), count(*) FILTER (WHERE risk_score > 50),
           count(*) FILTER (WHERE cardinality(pii_types) > 0), count(*) FILTER (WHERE is_public),
           coalesce(sum(risk_score), 0)
    FROM new_rows GROUP BY domain_id
    ON CONFLICT (domain_id) DO UPDATE SET
      endpoints = s.endpoints + excluded.endpoints, high_risk = s.high_risk + excluded.high_risk,
      pii = s.pii + excluded.pii, public = s.public + excluded.public, risk_sum = s.risk_sum + excluded.risk_sum;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER endpoints_stats_insert AFTER INSERT ON endpoints
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION argus_endpoint_stats();
--> statement-breakpoint
CREATE TRIGGER endpoints_stats_update AFTER UPDATE ON endpoints
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION argus_endpoint_stats();
--> statement-breakpoint
CREATE TRIGGER endpoints_stats_delete AFTER DELETE ON endpoints
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION argus_endpoint_stats();
--> statement-breakpoint
INSERT INTO domain_stats (domain_id, endpoints, high_risk, pii, public, risk_sum)
SELECT domain_id, count(*), count(*) FILTER (WHERE risk_score > 50),
       count(*) FILTER (WHERE cardinality(pii_types) > 0), count(*) FILTER (WHERE is_public),
       coalesce(sum(risk_score), 0)
FROM endpoints GROUP BY domain_id
ON CONFLICT (domain_id) DO NOTHING;
