// A domain scan: sync every active source, analyse captured traffic, then
// re-check and re-score every endpoint of the domain with the current settings.
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { SCAN_SAMPLE_HOST } from '@argus/api';
import { audit, type AuditActor } from './audit.js';
import type { Analyzer } from './analysis/analysis-queue.js';
import type { AppContext } from './context.js';
import {
  activities,
  discoverySources,
  domains,
  domainStats,
  endpoints,
  observations,
} from './db/schema/index.js';
import { HttpError } from './errors.js';
import { syncStoredSource } from './sources.js';

export interface ScanOutcome {
  endpointsDiscovered: number;
  sourcesSynced: number;
  sourcesFailed: number;
}

export const NOTHING_TO_SCAN = (domain: string) =>
  `No discovery sources or captured traffic for ${domain}: configure discovery sources first`;

export const allSourcesFailed = (domain: string, failures: readonly string[]) =>
  `${failures.length === 1 ? 'The discovery source' : `All ${failures.length} discovery sources`} of ${domain} failed: ${failures.slice(0, 3).join('; ')}${failures.length > 3 ? `; and ${failures.length - 3} more` : ''}`;

export async function scanDomain(
  ctx: AppContext,
  analyzer: Analyzer,
  domain: { id: string; name: string },
  trigger: 'manual' | 'automatic' = 'manual',
): Promise<ScanOutcome> {
  const sources = await ctx.db
    .select({ id: discoverySources.id })
    .from(discoverySources)
    .where(and(eq(discoverySources.domainId, domain.id), eq(discoverySources.isActive, true)));
  await analyzer.copyCaptured();
  const [traffic] = await ctx.db
    .select({ n: count() })
    .from(observations)
    .where(eq(observations.domain, domain.name));
  const countEndpoints = async () =>
    (await ctx.db.select({ n: count() }).from(endpoints).where(eq(endpoints.domainId, domain.id)))[0]?.n ?? 0;
  const before = await countEndpoints();
  // Endpoints found earlier are re-checked even when their traffic is past its retention.
  if (sources.length === 0 && (traffic?.n ?? 0) === 0 && before === 0)
    throw new HttpError(422, NOTHING_TO_SCAN(domain.name));

  let synced = 0;
  const failures: string[] = [];
  for (const source of sources) {
    const outcome = await syncStoredSource(ctx, analyzer, source.id, 'scan');
    if (outcome?.firstReadPending) continue;
    if (outcome?.ok) synced++;
    else failures.push(`${outcome?.row.name ?? source.id}: ${outcome?.row.lastError ?? 'not found'}`);
  }
  const failed = failures.length;
  await analyzer.drain();
  await analyzer.analyse(domain.name, { trigger: 'scan', reanalyseAll: true });
  const discovered = Math.max(0, (await countEndpoints()) - before);
  await ctx.db.update(domains).set({ updatedAt: new Date() }).where(eq(domains.id, domain.id));
  await ctx.recordActivity({
    title: `${trigger === 'automatic' ? 'Automatic scan' : 'Scan'} completed: ${domain.name}`,
    description: `${discovered} new endpoints; ${synced} sources synced${failed > 0 ? `, ${failed} failed` : ''}`,
    domainName: domain.name,
    severity: failed > 0 ? 'medium' : 'info',
  });
  // Every source failed and nothing else was there to scan: say why instead of "0 new endpoints".
  if (failed > 0 && synced === 0 && (traffic?.n ?? 0) === 0)
    throw new HttpError(422, allSourcesFailed(domain.name, failures));
  return { endpointsDiscovered: discovered, sourcesSynced: synced, sourcesFailed: failed };
}

export interface ScanAllOutcome {
  domains: { name: string; endpointsDiscovered: number; endpointsScanned: number; error: string | null }[];
  endpointsScanned: number;
}

/**
 * Run Scan's domain scans: every domain with an active discovery source, one
 * after another (each syncs its sources), the sample domain never. A domain
 * whose scan fails is reported with the reason; the others still run.
 */
export async function scanAllDomains(ctx: AppContext, analyzer: Analyzer): Promise<ScanAllOutcome> {
  const withSources = await ctx.db
    .selectDistinct({ id: domains.id, name: domains.name })
    .from(domains)
    .innerJoin(discoverySources, eq(discoverySources.domainId, domains.id))
    .where(and(eq(discoverySources.isActive, true), ne(domains.name, SCAN_SAMPLE_HOST)))
    .orderBy(asc(domains.name));
  const outcome: ScanAllOutcome = { domains: [], endpointsScanned: 0 };
  for (const domain of withSources) {
    try {
      const { endpointsDiscovered } = await scanDomain(ctx, analyzer, domain);
      const [row] = await ctx.db
        .select({ n: count() })
        .from(endpoints)
        .where(eq(endpoints.domainId, domain.id));
      const scanned = row?.n ?? 0;
      outcome.domains.push({
        name: domain.name,
        endpointsDiscovered,
        endpointsScanned: scanned,
        error: null,
      });
      outcome.endpointsScanned += scanned;
    } catch (error) {
      const message = error instanceof HttpError ? error.message : 'the scan failed';
      if (!(error instanceof HttpError))
        ctx.logger.error({ err: error, domain: domain.name }, 'domain scan failed');
      outcome.domains.push({
        name: domain.name,
        endpointsDiscovered: 0,
        endpointsScanned: 0,
        error: message,
      });
    }
  }
  return outcome;
}

/**
 * Removes Run Scan's sample domain with everything it produced: endpoints and
 * their findings (cascade), captured sample traffic, its activity entries.
 * Captures already acknowledged are analysed first, so none re-creates it.
 */
export async function removeSampleDomain(
  ctx: AppContext,
  analyzer: Analyzer,
  actor: AuditActor,
): Promise<{ endpoints: number }> {
  await analyzer.drain();
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'argus:domain:' + SCAN_SAMPLE_HOST}))`);
    const [domain] = await tx
      .select({ id: domains.id })
      .from(domains)
      .where(eq(domains.name, SCAN_SAMPLE_HOST));
    const [row] = domain
      ? await tx.select({ n: count() }).from(endpoints).where(eq(endpoints.domainId, domain.id))
      : [];
    await tx.delete(observations).where(eq(observations.domain, SCAN_SAMPLE_HOST));
    await tx.delete(activities).where(eq(activities.domainName, SCAN_SAMPLE_HOST));
    if (domain) {
      await tx.delete(domains).where(eq(domains.id, domain.id));
      await tx.delete(domainStats).where(eq(domainStats.domainId, domain.id));
    }
    const removed = row?.n ?? 0;
    await audit(tx, actor, {
      action: 'domain.sample.remove',
      targetType: 'domain',
      targetId: null,
      summary: `Removed the sample domain ${SCAN_SAMPLE_HOST} (${removed} endpoints)`,
    });
    return { endpoints: removed };
  });
}
