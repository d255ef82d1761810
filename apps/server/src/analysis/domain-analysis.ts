// One analysis of a domain, as three steps: read the stored rows (persist.ts),
// let the engine's Inventory merge them with the new input, decide the changes
// (reconcile.ts, pure) and write them (persist.ts). Also the single-endpoint
// rescan and the re-scoring after a weight change, through the same pieces.
import { asc, eq, sql } from 'drizzle-orm';
import {
  Inventory,
  combineTraffic,
  indexVersions,
  type DomainTraffic,
  type EndpointAggregate,
  type Observation,
  type ScannerActivity,
  type SpecEndpoint,
  type Vulnerability,
} from '@argus/engine';
import type { SettingsUpdate } from '@argus/api';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { endpoints, vulnerabilities } from '../db/schema/index.js';
import type { FindingsTrigger, ScanFindings } from '../findings.js';
import { confirmedVulnerabilities } from '../testing/confirmed.js';
import { NO_MARKS, evaluateEndpoint } from './evaluate.js';
import { loadMarks } from './marks.js';
import { addAggregatesPaced, eventLoopPacer, paced, type Pacer } from './pace.js';
import {
  STORED_VULNERABILITY,
  ensureDomain,
  loadStoredRows,
  loadTemplateOverrides,
  lockDomain,
  writeReconciliation,
  writeVulnerabilityDiff,
} from './persist.js';
import {
  diffVulnerabilities,
  endpointFindings,
  newVulnerabilityActivities,
  reconcile,
  type EngineResult,
  type StoredRows,
} from './reconcile.js';

export interface AnalyseInput {
  trigger: FindingsTrigger;
  observations?: Iterable<Observation>;
  specEndpoints?: SpecEndpoint[];
  /** Aggregates a source sync built (engine syncSource). */
  aggregates?: EndpointAggregate[];
  /** Re-check and re-score every endpoint of the domain, changed or not. */
  reanalyseAll?: boolean;
  /** What a source sync's traffic held besides the API (engine syncSource). */
  traffic?: DomainTraffic[];
}

export interface AnalyseResult {
  domainId: string;
  /** Endpoints that did not exist before. */
  newEndpoints: number;
  /** Endpoints this input touched (new or changed). */
  touched: number;
  findings: ScanFindings;
}

const RESCORE_PAGE = 500;

/** The engine's view of the domain: stored aggregates, overrides and the new input merged. */
async function runEngine(
  stored: StoredRows,
  input: AnalyseInput,
  overrides: Awaited<ReturnType<typeof loadTemplateOverrides>>,
  pace: Pacer,
): Promise<EngineResult> {
  const { domain } = stored;
  // The inventory detects PII in every observation, captured ones included.
  const inventory = new Inventory();
  for await (const slice of paced(input.specEndpoints ?? [], 500, pace))
    inventory.addSpecEndpoints(slice.map((ep) => ({ ...ep, domain })));
  // A user's split and merge overrides, before the stored rows they re-key.
  inventory.addOverrides(domain, overrides);
  // Declared aggregates first: a guess a declared template matches takes its name (renames()).
  await addAggregatesPaced(
    inventory,
    [
      ...stored.endpoints.map((e) => ({ ...e.aggregate, domain })),
      ...(input.aggregates ?? []).map((agg) => ({ ...agg, domain })),
    ],
    pace,
  );
  // Taken before the observations: they may add templates, never rename stored rows.
  const renames = new Map(inventory.renames());
  for (const obs of input.observations ?? []) {
    inventory.addObservation({ ...obs, domain });
    await pace();
  }
  const result = inventory.endpoints();
  const foldedInto = new Map(inventory.foldedInto());
  await pace();
  const traffic = combineTraffic([
    ...inventory.traffic(),
    ...(input.traffic ?? []).map((t) => ({ ...t, domain })),
  ]).find((t) => t.domain === domain);
  return { endpoints: result, renames, foldedInto, traffic };
}

/** Analyses input for one domain in `tx` (which the domain's lock is held in until it ends). */
export async function analyseDomain(
  ctx: AppContext,
  tx: Db,
  domain: string,
  input: AnalyseInput,
  settings: SettingsUpdate,
): Promise<AnalyseResult> {
  // Awaited between steps so /healthz and captures are answered during a long analysis.
  const pace = eventLoopPacer();
  await lockDomain(tx, domain);
  const { id, created } = await ensureDomain(tx, domain);
  const stored = await loadStoredRows(tx, { id, name: domain, created });
  await pace();
  const engine = await runEngine(stored, input, await loadTemplateOverrides(tx, id), pace);
  const rec = await reconcile(stored, engine, {
    trigger: input.trigger,
    settings,
    reanalyseAll: input.reanalyseAll,
    pace,
  });
  const written = await writeReconciliation(
    tx,
    { id, name: domain },
    rec,
    (e, t) => ctx.recordActivity(e, t),
    pace,
  );
  // Alerting's scanner rules read the domain's scanner activity so far, when this batch brought more.
  const total = written.traffic;
  const scanner: ScannerActivity | undefined =
    total && rec.traffic && rec.traffic.attack.requests > 0
      ? {
          domain,
          requests: total.attack.requests,
          byKind: total.attack.byKind,
          ...(total.attack.topPaths[0] ? { topPath: total.attack.topPaths[0].path } : {}),
        }
      : undefined;
  return {
    domainId: id,
    newEndpoints: rec.newEndpoints,
    touched: rec.upserts.length,
    findings: { trigger: input.trigger, domain, endpoints: rec.findings, ...(scanner ? { scanner } : {}) },
  };
}

/**
 * Re-runs checks and scoring for one endpoint (active probes only with deep
 * scanning on); the findings, or null when the endpoint is gone.
 */
export async function rescanEndpoint(
  ctx: AppContext,
  endpointId: string,
  probe?: (agg: EndpointAggregate) => Promise<Vulnerability[]>,
): Promise<ScanFindings | null> {
  const [row] = await ctx.db
    .select({ domain: endpoints.domain, aggregate: endpoints.aggregate })
    .from(endpoints)
    .where(eq(endpoints.id, endpointId));
  if (!row) return null;
  const settings = await ctx.getSettings();
  // Active probes send requests: run them before the transaction, never inside it.
  const extraVulnerabilities = settings.deepScan && probe ? await probe(row.aggregate) : [];
  return ctx.db.transaction(async (tx) => {
    await lockDomain(tx, row.domain);
    const [stored] = await tx.select().from(endpoints).where(eq(endpoints.id, endpointId));
    if (!stored) return null;
    const siblings = await tx
      .select({
        method: endpoints.method,
        normalizedPath: endpoints.normalizedPath,
        sources: endpoints.sources,
      })
      .from(endpoints)
      .where(eq(endpoints.domainId, stored.domainId));
    const marks = (await loadMarks(tx, [endpointId])).get(endpointId) ?? NO_MARKS;
    const confirmed = (await confirmedVulnerabilities(tx, [endpointId])).get(endpointId) ?? [];
    const evaluation = evaluateEndpoint(stored.aggregate, {
      settings,
      falsePositive: stored.falsePositive,
      context: {
        domainHasSpec: siblings.some((e) => e.sources.includes('openapi')),
        versions: indexVersions(siblings),
      },
      extraVulnerabilities: [...extraVulnerabilities, ...confirmed],
      marks,
    });
    const now = new Date();
    await tx
      .update(endpoints)
      .set({
        riskScore: evaluation.riskScore,
        riskBreakdown: evaluation.riskBreakdown,
        classification: evaluation.classification,
        piiTypes: evaluation.piiTypes,
        isPublic: evaluation.isPublic,
        auth: evaluation.auth,
        avgRps: evaluation.avgRps,
        vulnerabilityCount: evaluation.vulnerabilities.length,
        lastScanned: now,
      })
      .where(eq(endpoints.id, endpointId));
    const storedVulns = await tx
      .select(STORED_VULNERABILITY)
      .from(vulnerabilities)
      .where(eq(vulnerabilities.endpointId, endpointId));
    const diff = diffVulnerabilities(endpointId, storedVulns, evaluation);
    await writeVulnerabilityDiff(tx, diff, now);
    const on = `${stored.method} ${stored.normalizedPath}`;
    const activity = newVulnerabilityActivities(
      stored.domain,
      diff.added.map(({ vulnerability }) => ({ vulnerability, on })),
    );
    if (activity.length) await ctx.recordActivity(activity, tx);
    return {
      trigger: 'rescan' as const,
      domain: stored.domain,
      endpoints: [endpointFindings(stored.id, stored.domain, stored.aggregate, evaluation, stored)],
    };
  });
}

/** Re-scores every endpoint from its stored findings (after the weights changed); how many. */
export async function rescoreAll(ctx: AppContext): Promise<number> {
  const settings = await ctx.getSettings();
  let updated = 0;
  let after: string | null = null;
  for (;;) {
    const page = await ctx.db
      .select({ id: endpoints.id, aggregate: endpoints.aggregate, falsePositive: endpoints.falsePositive })
      .from(endpoints)
      .where(after ? sql`${endpoints.id} > ${after}` : undefined)
      .orderBy(asc(endpoints.id))
      .limit(RESCORE_PAGE);
    if (page.length === 0) return updated;
    const ids = page.map((p) => p.id);
    const marksById = await loadMarks(ctx.db, ids);
    const confirmed = await confirmedVulnerabilities(ctx.db, ids);
    const values = page.map((p) => {
      const evaluation = evaluateEndpoint(p.aggregate, {
        settings,
        falsePositive: p.falsePositive,
        marks: marksById.get(p.id) ?? NO_MARKS,
        extraVulnerabilities: confirmed.get(p.id) ?? [],
      });
      return sql`(${p.id}::uuid, ${evaluation.riskScore}::real, ${JSON.stringify(evaluation.riskBreakdown)}::jsonb)`;
    });
    await ctx.db.execute(sql`
      update ${endpoints} as e set risk_score = v.score, risk_breakdown = v.breakdown
      from (values ${sql.join(values, sql`, `)}) as v(id, score, breakdown)
      where e.id = v.id`);
    updated += page.length;
    after = page[page.length - 1]!.id;
  }
}
