// One endpoint (read, rescan, PATCH, finding marks), metrics, vulnerabilities and PII.
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import {
  endpointSchema,
  endpointUpdateSchema,
  findingFalsePositiveSchema,
  metricsSchema,
  paths,
  piiListSchema,
  SCAN_SAMPLE_HOST,
  vulnerabilityListSchema,
} from '@argus/api';
import { fetchWithTimeout, probeEndpoint } from '@argus/connectors';
import {
  bolaCandidates,
  type EndpointAggregate,
  type Vulnerability as EngineVulnerability,
} from '@argus/engine';
import type { Analyzer } from '../analysis/analysis-queue.js';
import type { TestRunner } from '../testing/runs.js';
import { actorOf, audit } from '../audit.js';
import { allow } from '../auth.js';
import type { AppContext } from '../context.js';
import {
  domains,
  domainStats,
  endpoints,
  findingFalsePositives,
  users,
  vulnerabilities,
} from '../db/schema/index.js';
import { vulnerabilityKey } from '../analysis/evaluate.js';
import { deleteMark } from '../analysis/marks.js';
import { resolveAlertsOfMarkedFindings } from '../alerts/false-positives.js';
import { HttpError, notFound, requireId } from '../errors.js';
import { severityRank } from '../db/severity.js';
import { idParams, optionalBody, routesPlugin } from '../zod-provider.js';
import { notSampleEndpoint } from './endpoint-filters.js';
import { UNPAGED_CAP } from './endpoint-list.js';
import { summaryColumns, toPiiFindings, toSummary, toVulnerability, type SummaryRow } from './serialize.js';

/** The false-positive mark of a vulnerability row, if any (left join condition). */
const vulnerabilityMark = and(
  eq(findingFalsePositives.endpointId, vulnerabilities.endpointId),
  eq(findingFalsePositives.kind, 'vulnerability'),
  eq(findingFalsePositives.findingKey, sql`${vulnerabilities.vulnId} || '|' || ${vulnerabilities.evidence}`),
);
// markedAt first: drizzle nulls a left-joined object when its first column is null.
const markColumns = {
  markedAt: findingFalsePositives.markedAt,
  reason: findingFalsePositives.reason,
  markedBy: findingFalsePositives.markedBy,
};

// Run Scan's sample domain counts in no metric, ranking or list unless asked for by name.
const notSampleDomain = ne(domains.name, SCAN_SAMPLE_HOST);

interface RouteDeps {
  ctx: AppContext;
  analyzer: Analyzer;
  testRunner: TestRunner;
}

export const endpointRoutes = routesPlugin('argus-endpoints', async (app, deps: RouteDeps) => {
  const { ctx, analyzer, testRunner } = deps;
  const { db } = ctx;

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

  async function loadEndpoint(id: string) {
    const [row] = await db
      .select({
        ...summaryColumns,
        riskBreakdown: endpoints.riskBreakdown,
        pii: sql<EndpointAggregate['pii'] | null>`${endpoints.aggregate} -> 'pii'`,
        merges: sql<EndpointAggregate['merges'] | null>`${endpoints.aggregate} -> 'merges'`,
        preflights: sql<number | null>`(${endpoints.aggregate} ->> 'preflights')::int`,
        tracedRoute: sql<boolean | null>`(${endpoints.aggregate} ->> 'tracedRoute')::boolean`,
      })
      .from(endpoints)
      .leftJoin(users, eq(users.id, endpoints.ownerId))
      .where(eq(endpoints.id, id));
    if (!row) throw notFound('Endpoint');
    const [vulns, piiMarks, template] = await Promise.all([
      db
        .select({ vuln: vulnerabilities, mark: markColumns })
        .from(vulnerabilities)
        .leftJoin(findingFalsePositives, vulnerabilityMark)
        .where(eq(vulnerabilities.endpointId, id))
        // Findings an active test confirmed come before passive guesses.
        .orderBy(
          desc(vulnerabilities.confirmed),
          severityRank(vulnerabilities.severity),
          asc(vulnerabilities.vulnId),
        ),
      db
        .select({ type: findingFalsePositives.findingKey, ...markColumns })
        .from(findingFalsePositives)
        .where(and(eq(findingFalsePositives.endpointId, id), eq(findingFalsePositives.kind, 'pii'))),
      // Every method of the template: a read by one principal and a change by another meet.
      db
        .select({
          normalizedPath: endpoints.normalizedPath,
          principalUses: sql<
            EndpointAggregate['principalUses'] | null
          >`${endpoints.aggregate} -> 'principalUses'`,
        })
        .from(endpoints)
        .where(and(eq(endpoints.domain, row.domain), eq(endpoints.normalizedPath, row.normalizedPath))),
    ]);
    return {
      ...toSummary(row as SummaryRow),
      vulnerabilities: vulns.map((v) => toVulnerability(v.vuln, undefined, v.mark)),
      piiFindings: toPiiFindings({ pii: row.pii ?? [] }, new Map(piiMarks.map((m) => [m.type, m]))),
      merges: row.merges ?? [],
      preflights: row.preflights ?? 0,
      tracedRoute: row.tracedRoute === true,
      bolaCandidates: bolaCandidates(
        template.map((t) => ({
          normalizedPath: t.normalizedPath,
          principalUses: t.principalUses ?? undefined,
        })),
      ),
      riskBreakdown: row.riskBreakdown,
    };
  }

  // Lists and counters first wait (bounded) for captures acknowledged before the read to be analysed.
  const consistentRead = () => analyzer.catchUp();
  // An endpoint's answer: one, after a rescan, an update or a finding mark.
  const oneEndpoint = { params: idParams, response: { 200: endpointSchema } };

  // Counters kept by triggers (domain_stats): no scan over every endpoint.
  const metrics = allow('viewer', { response: { 200: metricsSchema } });
  app.get(paths.metrics(), { ...metrics, preHandler: consistentRead }, async () => {
    const [row] = await db
      .select({
        total: sql<number>`coalesce(sum(${domainStats.endpoints}), 0)`.mapWith(Number),
        high: sql<number>`coalesce(sum(${domainStats.highRisk}), 0)`.mapWith(Number),
        pii: sql<number>`coalesce(sum(${domainStats.pii}), 0)`.mapWith(Number),
        riskSum: sql<number>`coalesce(sum(${domainStats.riskSum}), 0)`.mapWith(Number),
      })
      .from(domainStats)
      .innerJoin(domains, eq(domains.id, domainStats.domainId))
      .where(notSampleDomain);
    const total = row?.total ?? 0;
    return {
      totalEndpoints: total,
      highRiskEndpoints: row?.high ?? 0,
      piiEndpoints: row?.pii ?? 0,
      avgRiskScore: (total > 0 ? (row?.riskSum ?? 0) / total : 0).toFixed(1),
    };
  });

  app.get('/api/v1/endpoints/:id', allow('viewer', oneEndpoint), async (request) =>
    loadEndpoint(requireId(request.params.id, 'Endpoint')),
  );

  app.post('/api/v1/endpoints/:id/rescan', allow('analyst', oneEndpoint), async (request) => {
    const id = requireId(request.params.id, 'Endpoint');
    if (!(await analyzer.rescan(id, probe))) throw notFound('Endpoint');
    // Deep scanning also runs the applicable security tests (when the domain has a test base URL).
    if ((await ctx.getSettings()).deepScan) await testRunner.startForEndpoint(id, request.user);
    return loadEndpoint(id);
  });

  const update = { ...oneEndpoint, body: optionalBody(endpointUpdateSchema) };
  app.patch('/api/v1/endpoints/:id', allow('analyst', update), async (request) => {
    const id = requireId(request.params.id, 'Endpoint');
    const body = request.body;
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
      await db.transaction(async (tx) => {
        await tx.update(endpoints).set(set).where(eq(endpoints.id, id));
        await audit(tx, actorOf(request), {
          action: 'endpoint.update',
          targetType: 'endpoint',
          targetId: id,
          summary: `${current.method} ${current.normalizedPath} on ${current.domain}: ${notes.join(', ')}`,
        });
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

  /**
   * Marks one finding of an endpoint as a false positive (or restores it): kept
   * across rescans, left out of the score and alerts; open alerts for it resolve.
   */
  const mark = { ...oneEndpoint, body: optionalBody(findingFalsePositiveSchema) };
  app.patch('/api/v1/endpoints/:id/findings', allow('analyst', mark), async (request) => {
    const id = requireId(request.params.id, 'Endpoint');
    const body = request.body;
    const [current] = await db
      .select({
        method: endpoints.method,
        normalizedPath: endpoints.normalizedPath,
        domain: endpoints.domain,
        pii: sql<EndpointAggregate['pii'] | null>`${endpoints.aggregate} -> 'pii'`,
      })
      .from(endpoints)
      .where(eq(endpoints.id, id));
    if (!current) throw notFound('Endpoint');
    let findingKey: string;
    let label: string;
    if (body.kind === 'pii') {
      if (!(current.pii ?? []).some((p) => p.type === body.target))
        throw new HttpError(404, `This endpoint has no PII of type ${body.target.slice(0, 100)}`);
      findingKey = body.target;
      label = `PII type ${body.target}`;
    } else {
      const [vuln] = await db
        .select({
          vulnId: vulnerabilities.vulnId,
          subject: vulnerabilities.evidence,
          title: vulnerabilities.title,
        })
        .from(vulnerabilities)
        .where(and(sql`${vulnerabilities.id}::text = ${body.target}`, eq(vulnerabilities.endpointId, id)));
      if (!vuln) throw notFound('Vulnerability');
      findingKey = vulnerabilityKey(vuln.vulnId, vuln.subject);
      label = `${vuln.vulnId} ${vuln.title}${vuln.subject ? ` (${vuln.subject})` : ''}`;
    }
    const reason = body.reason ? body.reason : null;
    const actor = actorOf(request);
    const what = body.falsePositive
      ? `${label} marked as a false positive${reason ? `: ${reason}` : ''}`
      : `${label} restored (no longer a false positive)`;
    // The mark and its audit entry commit together or not at all.
    await db.transaction(async (tx) => {
      if (body.falsePositive) {
        const mark = { reason, markedBy: request.user?.username ?? null, markedAt: new Date() };
        await tx
          .insert(findingFalsePositives)
          .values({ endpointId: id, kind: body.kind, findingKey, ...mark })
          .onConflictDoUpdate({
            target: [
              findingFalsePositives.endpointId,
              findingFalsePositives.kind,
              findingFalsePositives.findingKey,
            ],
            set: mark,
          });
      } else await deleteMark(tx, id, body.kind, findingKey);
      await audit(tx, actor, {
        action: body.falsePositive ? 'finding.false_positive' : 'finding.restore',
        targetType: 'endpoint',
        targetId: id,
        summary: `${current.method} ${current.normalizedPath} on ${current.domain}: ${what}`,
      });
    });
    await ctx.recordActivity({
      title: `Endpoint ${current.method} ${current.normalizedPath}: ${what}`,
      description: request.user ? `by ${request.user.username}` : null,
      domainName: current.domain,
      severity: 'info',
    });
    // The score and PII types change with the mark; alerts for a hidden finding close.
    await analyzer.rescan(id);
    if (body.falsePositive) await resolveAlertsOfMarkedFindings(ctx, id, request.user?.id ?? null);
    return loadEndpoint(id);
  });

  const vulnerabilityList = allow('viewer', { response: { 200: vulnerabilityListSchema } });
  app.get(paths.vulnerabilities(), { ...vulnerabilityList, preHandler: consistentRead }, async () => {
    const [rows, totals] = await Promise.all([
      db
        .select({
          vuln: vulnerabilities,
          method: endpoints.method,
          normalizedPath: endpoints.normalizedPath,
          domain: endpoints.domain,
          mark: markColumns,
        })
        .from(vulnerabilities)
        .innerJoin(endpoints, eq(endpoints.id, vulnerabilities.endpointId))
        .leftJoin(findingFalsePositives, vulnerabilityMark)
        .where(notSampleEndpoint)
        .orderBy(
          severityRank(vulnerabilities.severity),
          desc(vulnerabilities.scanDate),
          asc(vulnerabilities.id),
        )
        .limit(UNPAGED_CAP),
      db
        .select({ n: count() })
        .from(vulnerabilities)
        .innerJoin(endpoints, eq(endpoints.id, vulnerabilities.endpointId))
        .where(notSampleEndpoint),
    ]);
    return {
      vulnerabilities: rows.map((r) =>
        toVulnerability(
          r.vuln,
          { method: r.method, normalizedPath: r.normalizedPath, domain: r.domain },
          r.mark,
        ),
      ),
      total: totals[0]?.n ?? 0,
    };
  });

  const piiList = allow('viewer', { response: { 200: piiListSchema } });
  app.get(paths.pii(), { ...piiList, preHandler: consistentRead }, async () => {
    const hasPii = and(sql`cardinality(${endpoints.piiTypes}) > 0`, notSampleEndpoint);
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
    return {
      endpoints: rows.map((r) => ({
        ...r,
        riskScore: Math.round(r.riskScore),
        lastScanned: r.lastScanned ? r.lastScanned.toISOString() : null,
      })),
      total: totals[0]?.n ?? 0,
    };
  });
});

/** A refused or failed probe (e.g. a private address) is logged; the passive findings still stand. */
function logProbeFailure(ctx: AppContext, agg: EndpointAggregate, error: unknown): void {
  ctx.logger.warn(
    { domain: agg.domain, path: agg.normalizedPath, reason: (error as Error).message },
    'active probe skipped',
  );
}
