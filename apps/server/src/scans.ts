// A domain scan: sync every active source, analyse captured traffic, then
// re-check and re-score every endpoint of the domain with the current settings.
import { and, count, eq } from 'drizzle-orm';
import type { Analyzer } from './analysis/analyzer.js';
import type { AppContext } from './context.js';
import { discoverySources, domains, endpoints, observations } from './db/schema/index.js';
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
