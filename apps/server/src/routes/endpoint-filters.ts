// GET /endpoints' query as SQL: one condition per filter and one order per sort,
// each spelled the way an index of migration 0022 (or earlier) covers it.
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, arrayContains, asc, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import { SCAN_SAMPLE_HOST, type EndpointQuery, type EndpointSort } from '@argus/api';
import { endpoints } from '../db/schema/index.js';
import { storedSourceName } from './serialize.js';

// Run Scan's sample domain counts in no metric, ranking or list unless asked for by name.
export const notSampleEndpoint = ne(endpoints.domain, SCAN_SAMPLE_HOST);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// The indexes are `(column DESC NULLS LAST, id)`: orders are spelled to match them
// exactly (ascending orders as their backward scan), or PostgreSQL sorts every row.
const down = (column: SQL | AnyPgColumn) => sql`${column} desc nulls last`;
const up = (column: SQL | AnyPgColumn) => sql`${column} asc nulls first`;
export const ENDPOINT_ORDERS: Record<EndpointSort, SQL[]> = {
  risk: [up(endpoints.riskScore), desc(endpoints.id)],
  '-risk': [down(endpoints.riskScore), asc(endpoints.id)],
  lastSeen: [up(endpoints.lastSeen), desc(endpoints.id)],
  '-lastSeen': [down(endpoints.lastSeen), asc(endpoints.id)],
  firstSeen: [up(endpoints.firstSeen), desc(endpoints.id)],
  '-firstSeen': [down(endpoints.firstSeen), asc(endpoints.id)],
  path: [asc(endpoints.normalizedPath), asc(endpoints.id)],
  '-path': [desc(endpoints.normalizedPath), desc(endpoints.id)],
  rps: [up(endpoints.avgRps), desc(endpoints.id)],
  '-rps': [down(endpoints.avgRps), asc(endpoints.id)],
  classification: [asc(endpoints.classification), asc(endpoints.id)],
  '-classification': [desc(endpoints.classification), desc(endpoints.id)],
};

export interface EndpointSelection {
  where: SQL | undefined;
  /** Only the domain (or nothing) narrows the list: its size is the trigger-kept counters' sum. */
  countedByDomain: boolean;
}

/** The WHERE of a list query. Risk bounds compare with the score as shown (rounded). */
export function selectEndpoints(query: EndpointQuery): EndpointSelection {
  const conditions: SQL[] = [];
  conditions.push(query.domain ? eq(endpoints.domain, query.domain.toLowerCase()) : notSampleEndpoint);
  const q = query.q?.trim();
  // One expression, the one the trigram index covers (migration 0010).
  if (q)
    conditions.push(
      sql`(${endpoints.normalizedPath} || ' ' || ${endpoints.domain} || ' ' || ${endpoints.method}) ilike ${`%${escapeLike(q)}%`}`,
    );
  const filters: (SQL | undefined)[] = [
    query.method ? eq(endpoints.method, query.method) : undefined,
    query.minRisk !== undefined ? gte(endpoints.riskScore, query.minRisk - 0.5) : undefined,
    query.maxRisk !== undefined ? lt(endpoints.riskScore, query.maxRisk + 0.5) : undefined,
    query.pii ? arrayContains(endpoints.piiTypes, [query.pii]) : undefined,
    query.auth ? eq(endpoints.auth, query.auth) : undefined,
    query.source ? arrayContains(endpoints.sources, [storedSourceName(query.source)]) : undefined,
    query.classification ? eq(endpoints.classification, query.classification) : undefined,
    query.firstSeenAfter ? gte(endpoints.firstSeen, new Date(query.firstSeenAfter)) : undefined,
  ];
  const narrowing = filters.filter((f): f is SQL => f !== undefined);
  return { where: and(...conditions, ...narrowing), countedByDomain: !q && narrowing.length === 0 };
}
