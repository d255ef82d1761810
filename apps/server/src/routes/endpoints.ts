// Endpoints (list, top, one, rescan, PATCH), metrics, vulnerabilities and PII.
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  endpointListSchema,
  endpointQuerySchema,
  endpointSchema,
  endpointUpdateSchema,
  HIGH_RISK_THRESHOLD,
  metricsSchema,
  paths,
  piiListSchema,
  topEndpointsSchema,
  vulnerabilityListSchema,
} from '@argus/api';
import { fetchWithTimeout, probeEndpoint } from '@argus/connectors';
import type { EndpointAggregate, Vulnerability as EngineVulnerability } from '@argus/engine';
import type { Analyzer } from '../analysis/analyzer.js';
import { actorOf, audit } from '../audit.js';
import { allow } from '../auth.js';
import type { AppContext } from '../context.js';
import { domains, domainStats, endpoints, users, vulnerabilities } from '../db/schema/index.js';
import { HttpError, notFound, parse, requireId } from '../errors.js';
import { severityRank, summaryColumns, toSummary, toVulnerability, type SummaryRow } from './serialize.js';

/** Without `limit`, lists answer everything up to this many rows (`total` stays exact). */
const UNPAGED_CAP = 5000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// The indexes are `(column DESC NULLS LAST, id)`: orders are spelled to match them
// exactly (ascending orders as their backward scan), or PostgreSQL sorts every row.
const down = (column: SQL | AnyPgColumn) => sql`${column} desc nulls last`;
const up = (column: SQL | AnyPgColumn) => sql`${column} asc nulls first`;
const SORTS: Record<string, SQL[]> = {
  risk: [up(endpoints.riskScore), desc(endpoints.id)],
  '-risk': [down(endpoints.riskScore), asc(endpoints.id)],
  lastSeen: [up(endpoints.lastSeen), desc(endpoints.id)],
  '-lastSeen': [down(endpoints.lastSeen), asc(endpoints.id)],
  path: [asc(endpoints.normalizedPath), asc(endpoints.id)],
  '-path': [desc(endpoints.normalizedPath), desc(endpoints.id)],
  rps: [up(endpoints.avgRps), desc(endpoints.id)],
  '-rps': [down(endpoints.avgRps), asc(endpoints.id)],
};

export async function endpointRoutes(
  app: FastifyInstance,
  { ctx, analyzer }: { ctx: AppContext; analyzer: Analyzer },
) {
  const { db } = ctx;
  const { ownerId: _ownerId, ownerName: _ownerName, ...endpointColumns } = summaryColumns;
  const pageColumns = { ...endpointColumns, ownerId: endpoints.ownerId };

  /** Deep scanning: the engine's safe GET probes against the domain's upstream (or https://domain). */
  async function probe(agg: EndpointAggregate): Promise<EngineVulnerability[]> {
    const settings = await ctx.getSettings();
    const [domain] = await db
      .select({ upstreamUrl: domains.upstreamUrl })
      .from(domains)
      .where(eq(domains.name, agg.domain));
    try {
      return await probeEndpoint(agg, {
        fetch: fetchWithTimeout(settings.requestTimeoutSeconds * 1000, {
          allowPrivate: ctx.config.allowPrivateUrls,
        }),
        allowPrivate: ctx.config.allowPrivateUrls,
        timeoutMs: settings.requestTimeoutSeconds * 1000,
        ...(domain?.upstreamUrl ? { baseUrl: domain.upstreamUrl } : {}),
      });
    } catch (error) {
      logProbeFailure(ctx, agg, error);
      return [];
    }
  }

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

  async function loadEndpoint(id: string) {
    const [row] = await db
      .select({ ...summaryColumns, riskBreakdown: endpoints.riskBreakdown })
      .from(endpoints)
      .leftJoin(users, eq(users.id, endpoints.ownerId))
      .where(eq(endpoints.id, id));
    if (!row) throw notFound('Endpoint');
    const vulns = await db
      .select()
      .from(vulnerabilities)
      .where(eq(vulnerabilities.endpointId, id))
      .orderBy(severityRank, asc(vulnerabilities.vulnId));
    return endpointSchema.parse({
      ...toSummary(row as SummaryRow),
      vulnerabilities: vulns.map((v) => toVulnerability(v)),
      riskBreakdown: row.riskBreakdown,
    });
  }

  // Lists and counters first wait (bounded) for captures acknowledged before the read to be analysed.
  const consistentRead = () => analyzer.catchUp();
  const viewer = allow('viewer');
  const analyst = allow('analyst');

  // Counters kept by triggers (domain_stats): no scan over every endpoint.
  app.get(paths.metrics(), { ...viewer, preHandler: consistentRead }, async () => {
    const [row] = await db
      .select({
        total: sql<number>`coalesce(sum(${domainStats.endpoints}), 0)`.mapWith(Number),
        high: sql<number>`coalesce(sum(${domainStats.highRisk}), 0)`.mapWith(Number),
        pii: sql<number>`coalesce(sum(${domainStats.pii}), 0)`.mapWith(Number),
        riskSum: sql<number>`coalesce(sum(${domainStats.riskSum}), 0)`.mapWith(Number),
      })
      .from(domainStats);
    const total = row?.total ?? 0;
    return metricsSchema.parse({
      totalEndpoints: total,
      highRiskEndpoints: row?.high ?? 0,
      piiEndpoints: row?.pii ?? 0,
      avgRiskScore: (total > 0 ? (row?.riskSum ?? 0) / total : 0).toFixed(1),
    });
  });

  app.get(paths.topEndpoints(), { ...viewer, preHandler: consistentRead }, async () => {
    const rows = await withOwners(
      await db
        .select(pageColumns)
        .from(endpoints)
        .where(gt(endpoints.riskScore, HIGH_RISK_THRESHOLD))
        .orderBy(...SORTS['-risk']!)
        .limit(10),
    );
    return topEndpointsSchema.parse(rows.map(toSummary));
  });

  app.get(paths.endpoints(), { ...viewer, preHandler: consistentRead }, async (request) => {
    const query = parse(endpointQuerySchema, request.query);
    const conditions: SQL[] = [];
    if (query.domain) conditions.push(eq(endpoints.domain, query.domain.toLowerCase()));
    const q = query.q?.trim();
    if (q) {
      const pattern = `%${escapeLike(q)}%`;
      // One expression, the one the trigram index covers (migration 0010).
      conditions.push(
        sql`(${endpoints.normalizedPath} || ' ' || ${endpoints.domain} || ' ' || ${endpoints.method}) ilike ${pattern}`,
      );
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    // Without a text search the total comes from the trigger-kept counters.
    const countTotal = async () =>
      q
        ? ((await db.select({ n: count() }).from(endpoints).where(where))[0]?.n ?? 0)
        : ((
            await db
              .select({ n: sql<number>`coalesce(sum(${domainStats.endpoints}), 0)`.mapWith(Number) })
              .from(domainStats)
              .innerJoin(domains, eq(domains.id, domainStats.domainId))
              .where(query.domain ? eq(domains.name, query.domain.toLowerCase()) : undefined)
          )[0]?.n ?? 0);
    const [page, total] = await Promise.all([
      db
        .select(pageColumns)
        .from(endpoints)
        .where(where)
        .orderBy(...(SORTS[query.sort ?? '-risk'] ?? []))
        .limit(query.limit ?? UNPAGED_CAP)
        .offset(query.offset ?? 0),
      countTotal(),
    ]);
    return endpointListSchema.parse({ endpoints: (await withOwners(page)).map(toSummary), total });
  });

  app.get<{ Params: { id: string } }>('/api/v1/endpoints/:id', viewer, async (request) =>
    loadEndpoint(requireId(request.params.id, 'Endpoint')),
  );

  app.post<{ Params: { id: string } }>('/api/v1/endpoints/:id/rescan', analyst, async (request) => {
    const id = requireId(request.params.id, 'Endpoint');
    if (!(await analyzer.rescan(id, probe))) throw notFound('Endpoint');
    return loadEndpoint(id);
  });

  app.patch<{ Params: { id: string } }>('/api/v1/endpoints/:id', analyst, async (request) => {
    const id = requireId(request.params.id, 'Endpoint');
    const body = parse(endpointUpdateSchema, request.body ?? {});
    const [current] = await db
      .select({
        method: endpoints.method,
        normalizedPath: endpoints.normalizedPath,
        domain: endpoints.domain,
      })
      .from(endpoints)
      .where(eq(endpoints.id, id));
    if (!current) throw notFound('Endpoint');
    const set: Partial<typeof endpoints.$inferInsert> = {};
    const notes: string[] = [];
    if (body.falsePositive !== undefined) {
      set.falsePositive = body.falsePositive;
      notes.push(body.falsePositive ? 'marked as a false positive' : 'no longer a false positive');
    }
    if (body.ownerId !== undefined) {
      if (body.ownerId === null) {
        set.ownerId = null;
        notes.push('owner cleared');
      } else {
        const ownerId = body.ownerId;
        const [owner] = await db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(sql`${users.id}::text = ${ownerId}`);
        if (!owner) throw new HttpError(400, `Unknown user ${ownerId.slice(0, 100)}`);
        set.ownerId = owner.id;
        notes.push(`assigned to ${owner.username}`);
      }
    }
    if (Object.keys(set).length > 0) {
      await db.update(endpoints).set(set).where(eq(endpoints.id, id));
      await audit(db, actorOf(request), {
        action: 'endpoint.update',
        targetType: 'endpoint',
        targetId: id,
        summary: `${current.method} ${current.normalizedPath} on ${current.domain}: ${notes.join(', ')}`,
      });
      await ctx.recordActivity({
        title: `Endpoint ${current.method} ${current.normalizedPath} ${notes.join(', ')}`,
        description: request.user ? `by ${request.user.username}` : null,
        domainName: current.domain,
        severity: 'info',
      });
      // The false-positive flag changes what counts towards the score.
      if (set.falsePositive !== undefined) await analyzer.rescan(id);
    }
    return loadEndpoint(id);
  });

  app.get(paths.vulnerabilities(), { ...viewer, preHandler: consistentRead }, async () => {
    const [rows, totals] = await Promise.all([
      db
        .select({
          vuln: vulnerabilities,
          method: endpoints.method,
          normalizedPath: endpoints.normalizedPath,
          domain: endpoints.domain,
        })
        .from(vulnerabilities)
        .innerJoin(endpoints, eq(endpoints.id, vulnerabilities.endpointId))
        .orderBy(severityRank, desc(vulnerabilities.scanDate), asc(vulnerabilities.id))
        .limit(UNPAGED_CAP),
      db.select({ n: count() }).from(vulnerabilities),
    ]);
    return vulnerabilityListSchema.parse({
      vulnerabilities: rows.map((r) =>
        toVulnerability(r.vuln, { method: r.method, normalizedPath: r.normalizedPath, domain: r.domain }),
      ),
      total: totals[0]?.n ?? 0,
    });
  });

  app.get(paths.pii(), { ...viewer, preHandler: consistentRead }, async () => {
    const hasPii = sql`cardinality(${endpoints.piiTypes}) > 0`;
    const [rows, totals] = await Promise.all([
      db
        .select({
          id: endpoints.id,
          method: endpoints.method,
          normalizedPath: endpoints.normalizedPath,
          domain: endpoints.domain,
          piiTypes: endpoints.piiTypes,
          riskScore: endpoints.riskScore,
          classification: endpoints.classification,
          lastScanned: endpoints.lastScanned,
        })
        .from(endpoints)
        .where(hasPii)
        .orderBy(desc(endpoints.riskScore), asc(endpoints.id))
        .limit(UNPAGED_CAP),
      db.select({ n: count() }).from(endpoints).where(hasPii),
    ]);
    return piiListSchema.parse({
      endpoints: rows.map((r) => ({
        ...r,
        riskScore: Math.round(r.riskScore),
        lastScanned: r.lastScanned ? r.lastScanned.toISOString() : null,
      })),
      total: totals[0]?.n ?? 0,
    });
  });
}

/** A refused or failed probe (e.g. a private address) is logged; the passive findings still stand. */
function logProbeFailure(ctx: AppContext, agg: EndpointAggregate, error: unknown): void {
  ctx.logger.warn(
    { domain: agg.domain, path: agg.normalizedPath, reason: (error as Error).message },
    'active probe skipped',
  );
}
