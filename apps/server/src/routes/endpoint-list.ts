// GET /endpoints (search, filters, order, page) and GET /endpoints/top.
import { and, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import {
  endpointListSchema,
  endpointQuerySchema,
  HIGH_RISK_THRESHOLD,
  paths,
  SCAN_SAMPLE_HOST,
  topEndpointsSchema,
} from '@argus/api';
import type { Analyzer } from '../analysis/analysis-queue.js';
import { allow } from '../auth.js';
import type { AppContext } from '../context.js';
import { domains, domainStats, endpoints, users } from '../db/schema/index.js';
import { routesPlugin } from '../zod-provider.js';
import { ENDPOINT_ORDERS, notSampleEndpoint, selectEndpoints } from './endpoint-filters.js';
import { summaryColumns, toSummary, type SummaryRow } from './serialize.js';

/** Without `limit`, lists answer everything up to this many rows (`total` stays exact). */
export const UNPAGED_CAP = 5000;

interface RouteDeps {
  ctx: AppContext;
  analyzer: Analyzer;
}

export const endpointListRoutes = routesPlugin('argus-endpoint-list', async (app, deps: RouteDeps) => {
  const { db } = deps.ctx;
  const { ownerId: _ownerId, ownerName: _ownerName, ...endpointColumns } = summaryColumns;
  const pageColumns = { ...endpointColumns, ownerId: endpoints.ownerId };
  // Lists first wait (bounded) for captures acknowledged before the read to be analysed.
  const consistentRead = () => deps.analyzer.catchUp();

  /** Pages are read from `endpoints` alone (index order); owners are looked up for the page only. */
  async function withOwners(
    rows: (Omit<SummaryRow, 'ownerName' | 'ownerId'> & { ownerId: string | null })[],
  ): Promise<SummaryRow[]> {
    const ids = [...new Set(rows.map((r) => r.ownerId).filter((id): id is string => id !== null))];
    const owners =
      ids.length === 0
        ? []
        : await db
            .select({ id: users.id, username: users.username })
            .from(users)
            .where(inArray(users.id, ids));
    const names = new Map(owners.map((o) => [o.id, o.username]));
    return rows.map((r) => ({ ...r, ownerName: r.ownerId ? (names.get(r.ownerId) ?? null) : null }));
  }

  /** The endpoints of one domain (or of all but the sample) from the trigger-kept counters. */
  async function countedByDomain(domain: string | undefined): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${domainStats.endpoints}), 0)`.mapWith(Number) })
      .from(domainStats)
      .innerJoin(domains, eq(domains.id, domainStats.domainId))
      .where(domain ? eq(domains.name, domain.toLowerCase()) : ne(domains.name, SCAN_SAMPLE_HOST));
    return row?.n ?? 0;
  }

  const top = allow('viewer', { response: { 200: topEndpointsSchema } });
  app.get(paths.topEndpoints(), { ...top, preHandler: consistentRead }, async () => {
    const rows = await withOwners(
      await db
        .select(pageColumns)
        .from(endpoints)
        .where(and(gt(endpoints.riskScore, HIGH_RISK_THRESHOLD), notSampleEndpoint))
        .orderBy(...ENDPOINT_ORDERS['-risk'])
        .limit(10),
    );
    return rows.map(toSummary);
  });

  const list = allow('viewer', { querystring: endpointQuerySchema, response: { 200: endpointListSchema } });
  app.get(paths.endpoints(), { ...list, preHandler: consistentRead }, async (request) => {
    const query = request.query;
    const selection = selectEndpoints(query);
    const [page, total] = await Promise.all([
      db
        .select(pageColumns)
        .from(endpoints)
        .where(selection.where)
        .orderBy(...ENDPOINT_ORDERS[query.sort ?? '-risk'])
        .limit(query.limit ?? UNPAGED_CAP)
        .offset(query.offset ?? 0),
      selection.countedByDomain
        ? countedByDomain(query.domain)
        : db
            .select({ n: count() })
            .from(endpoints)
            .where(selection.where)
            .then((rows) => rows[0]?.n ?? 0),
    ]);
    return { endpoints: (await withOwners(page)).map(toSummary), total };
  });
});
