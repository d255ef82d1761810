-- The endpoint list's text search (q) matches path, domain and method with
-- ILIKE '%q%': a trigram index on the three joined keeps it off a full scan.
-- pg_trgm ships with PostgreSQL (a trusted extension since 13) and is loaded
-- into PGlite by db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "endpoints_search_trgm_idx" ON "endpoints" USING gin (("normalized_path" || ' ' || "domain" || ' ' || "method") gin_trgm_ops);
