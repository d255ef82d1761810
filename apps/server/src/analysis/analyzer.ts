// Turns what sources and the capture path saw into the stored inventory:
// merges observations and declared endpoints into the domain's endpoint
// aggregates (engine Inventory), runs checks and scoring (engine), writes the
// changes in one transaction per domain, records activity and hands the
// findings to alerting.
import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  Inventory,
  combineTraffic,
  endpointKey,
  indexVersions,
  type DomainTraffic,
  type EndpointAggregate,
  type Observation,
  type SpecEndpoint,
  type ScannerActivity,
  type TemplateOverride,
  type Vulnerability,
} from '@argus/engine';
import { isSampleDomain, type SettingsUpdate } from '@argus/api';
import type { ActivityInput, AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import {
  domains,
  domainStats,
  endpoints,
  observationQueue,
  observations,
  templateOverrides,
  vulnerabilities,
} from '../db/schema/index.js';
import type { EndpointFindings, FindingsTrigger, ScanFindings } from '../findings.js';
import { databaseErrorCode } from '../errors.js';
import type { Telemetry } from '../observability.js';
import type { CaptureSink } from '../capture/sink.js';
import { NO_MARKS, evaluateEndpoint, vulnerabilityKey } from './evaluate.js';
import {
  foldedRows,
  loadMarks,
  marksOfFolded,
  renameMarkSubjects,
  saveCarriedMarks,
  withCarried,
} from './marks.js';
import { addAggregatesPaced, eventLoopPacer, paced } from './pace.js';
import { storableValue } from '../db/storable.js';
import { confirmedVulnerabilities, isConfirmed } from '../testing/confirmed.js';

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

/** Individual "new …" activity entries per analysis before they are summarised. */
const ACTIVITY_DETAIL_CAP = 25;
const CLAIM_BATCH = 1000;
/** How long a read waits for the captures acknowledged before it to be analysed. */
const CATCH_UP_MS = 5000;
/** Poll interval while another instance analyses what a read waits for. */
const CATCH_UP_POLL_MS = 20;
const WRITE_BATCH = 500;
/** Endpoints per upsert: 500 took 80-550 ms of PGlite and query building in one piece. */
const UPSERT_BATCH = 50;

type Tx = Db;
type FindingsHandler = (ctx: AppContext, findings: ScanFindings) => Promise<unknown>;

interface StoredEndpoint {
  id: string;
  method: string;
  normalizedPath: string;
  riskScore: number;
  piiTypes: string[];
  falsePositive: boolean;
  aggregate: EndpointAggregate;
}

/** A domain's split and merge overrides, oldest first, as the engine takes them. */
export async function loadTemplateOverrides(
  db: Pick<Db, 'select'>,
  domainId: string,
): Promise<TemplateOverride[]> {
  const rows = await db
    .select({
      kind: templateOverrides.kind,
      template: templateOverrides.template,
      parameter: templateOverrides.parameter,
    })
    .from(templateOverrides)
    .where(eq(templateOverrides.domainId, domainId))
    .orderBy(asc(templateOverrides.createdAt));
  return rows.map((r) =>
    r.kind === 'merge'
      ? { kind: 'merge', template: r.template }
      : { kind: 'split', template: r.template, parameter: r.parameter ?? '' },
  );
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Method and template with parameter names erased: `GET /accounts/{}/statements`. */
const shapeKey = (method: string, template: string) =>
  `${method.toUpperCase()} ${template.replace(/\{[^}/]*\}/g, '{}')}`;

const toDate = (ms: number | null) => (ms === null ? new Date() : new Date(ms));

export class Analyzer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private started = false;
  private stopped = false;
  private findingsHandler: FindingsHandler | null = null;
  private rescoring: Promise<void> | null = null;
  private ingest: CaptureSink | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly telemetry: Telemetry,
  ) {}

  /** Alerting's entry (processFindings); called after every analysis. */
  setFindingsHandler(handler: FindingsHandler): void {
    this.findingsHandler = handler;
  }

  /** The capture sink: reads and scans first wait for what it acknowledged to be stored. */
  setIngest(ingest: CaptureSink): void {
    this.ingest = ingest;
  }

  /** Copies every capture acknowledged so far from the journal into the database. */
  async copyCaptured(): Promise<void> {
    await this.ingest?.catchUp();
  }

  start(): void {
    this.started = true;
    this.schedule();
  }

  /** Process captured observations soon (debounced so a burst becomes one batch). */
  schedule(delayMs = 100): void {
    if (!this.started || this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runPending();
    }, delayMs);
  }

  /** Wait until every captured observation committed so far is analysed. */
  async drain(): Promise<void> {
    await this.copyCaptured();
    while (this.running) await this.running;
    await this.processPending();
  }

  /**
   * Read-your-writes for captures: waits (at most `maxWaitMs`, then returns
   * anyway) until every observation queued before this call is analysed, here
   * or by another instance sharing the database. Analyses the queue itself
   * rather than waiting for the debounce; rows another instance has claimed
   * stay visible until its transaction commits, so they are waited for too.
   */
  async catchUp(maxWaitMs = CATCH_UP_MS): Promise<void> {
    if (this.stopped) return;
    const deadline = Date.now() + maxWaitMs;
    if (this.ingest && !(await this.ingest.catchUp(deadline))) {
      this.ctx.logger.warn('captured traffic not copied in time; answering anyway');
      return;
    }
    const [head] = await this.ctx.db
      .select({ seq: sql<string | number | null>`max(${observationQueue.seq})` })
      .from(observationQueue);
    if (head?.seq === null || head?.seq === undefined) return;
    const upTo = Number(head.seq);
    for (;;) {
      if (this.started && !this.stopped) await this.runPending();
      const [left] = await this.ctx.db
        .select({ seq: observationQueue.seq })
        .from(observationQueue)
        .where(lte(observationQueue.seq, upTo))
        .limit(1);
      if (!left || this.stopped) return;
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        this.ctx.logger.warn({ upTo }, 'captured traffic not analysed in time; answering anyway');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(CATCH_UP_POLL_MS, remaining)));
    }
  }

  /** One pass over the queue, shared with the debounced run and other callers. */
  private runPending(): Promise<void> {
    this.running ??= this.processPending().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.running) await this.running;
    while (this.rescoring) await this.rescoring;
  }

  /**
   * Re-score everything after the weights changed: awaited for small inventories,
   * in the background (one at a time, finished before shutdown) for large ones.
   */
  async rescoreAfterWeightChange(waitUpTo = 5000): Promise<void> {
    const [row] = await this.ctx.db
      .select({ n: sql<number>`coalesce(sum(${domainStats.endpoints}), 0)`.mapWith(Number) })
      .from(domainStats);
    const previous = this.rescoring;
    const run = (async () => {
      if (previous) await previous;
      await this.rescoreAll();
    })()
      .catch((error: unknown) =>
        this.ctx.logger.error({ err: error }, 're-scoring after a weight change failed'),
      )
      .finally(() => {
        if (this.rescoring === run) this.rescoring = null;
      });
    this.rescoring = run;
    if ((row?.n ?? 0) <= waitUpTo) await run;
  }

  /** Claims unprocessed observations in batches (SKIP LOCKED: instances share the work). */
  async processPending(): Promise<void> {
    for (;;) {
      let claimed = 0;
      const collected: ScanFindings[] = [];
      try {
        // Read before the transaction: PGlite has one connection, which the transaction holds.
        const settings = await this.ctx.getSettings();
        await this.ctx.db.transaction(async (tx) => {
          // Claim the oldest queued observations; SKIP LOCKED lets instances share the queue.
          const claimedRows = await tx.execute(sql`
            delete from ${observationQueue} where ${observationQueue.seq} in (
              select ${observationQueue.seq} from ${observationQueue}
              order by ${observationQueue.seq} limit ${CLAIM_BATCH} for update skip locked)
            returning ${observationQueue.seq}`);
          // Both drivers answer `{ rows }`; bigint comes back as a string from node-postgres.
          const seqs = (claimedRows as unknown as { rows: { seq: string | number }[] }).rows.map((r) =>
            Number(r.seq),
          );
          claimed = seqs.length;
          if (seqs.length === 0) return;
          const rows = await tx
            .select({ domain: observations.domain, observation: observations.observation })
            .from(observations)
            .where(inArray(observations.seq, seqs))
            .orderBy(asc(observations.seq));
          const byDomain = new Map<string, Observation[]>();
          for (const row of rows) {
            const list = byDomain.get(row.domain) ?? [];
            list.push(row.observation as Observation);
            byDomain.set(row.domain, list);
          }
          // In name order: each domain's advisory lock is taken in the same order by
          // every instance, so two batches sharing domains cannot deadlock.
          for (const [domain, list] of [...byDomain].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
            const result = await this.analyseIn(
              tx as unknown as Tx,
              domain,
              { trigger: 'capture', observations: list },
              settings,
            );
            collected.push(result.findings);
          }
        });
      } catch (error) {
        // Rolled back for a transient reason (deadlock, serialization, connection lost):
        // the claim was undone too, so the batch is analysed again, by this instance or another.
        const code = databaseErrorCode(error);
        if (code?.startsWith('40') || code?.startsWith('08') || code?.startsWith('57')) {
          this.ctx.logger.warn({ err: error }, 'analysing captured traffic rolled back; retrying');
          return;
        }
        this.ctx.logger.error(
          { err: error },
          'analysing captured traffic failed; the observations stay stored',
        );
        await this.markBatchProcessed().catch(() => undefined);
        return;
      }
      if (claimed === 0) return;
      this.telemetry.analysed.inc(claimed);
      for (const findings of collected) await this.report(findings);
      if (claimed < CLAIM_BATCH || this.stopped) return;
    }
  }

  /** A batch that cannot be analysed is set aside (the observations stay stored) so it does not block the rest. */
  private async markBatchProcessed(): Promise<void> {
    await this.ctx.db.execute(sql`
      delete from ${observationQueue} where ${observationQueue.seq} in (
        select ${observationQueue.seq} from ${observationQueue} order by ${observationQueue.seq} limit ${CLAIM_BATCH})`);
  }

  /** Analyse input for one domain in its own transaction and report the findings. */
  async analyse(domain: string, input: AnalyseInput): Promise<AnalyseResult> {
    const settings = await this.ctx.getSettings();
    const result = await this.ctx.db.transaction((tx) =>
      this.analyseIn(tx as unknown as Tx, domain, input, settings),
    );
    await this.report(result.findings);
    return result;
  }

  private async report(findings: ScanFindings): Promise<void> {
    // Run Scan's sample domain raises no alerts (and so no notifications).
    const found = findings.endpoints.length > 0 || findings.scanner !== undefined;
    if (!this.findingsHandler || !found || isSampleDomain(findings.domain)) return;
    try {
      await this.findingsHandler(this.ctx, findings);
    } catch (error) {
      this.ctx.logger.error({ err: error }, 'alerting failed to process findings');
    }
  }

  private async analyseIn(
    tx: Tx,
    domain: string,
    input: AnalyseInput,
    settings: SettingsUpdate,
  ): Promise<AnalyseResult> {
    // Awaited between steps so /healthz and captures are answered during a long analysis.
    const pace = eventLoopPacer();
    // One analysis per domain at a time, across instances too.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'argus:domain:' + domain}))`);
    const { id: domainId, created: newDomain } = await ensureDomain(tx, domain);
    const stored = (await tx
      .select({
        id: endpoints.id,
        method: endpoints.method,
        normalizedPath: endpoints.normalizedPath,
        riskScore: endpoints.riskScore,
        piiTypes: endpoints.piiTypes,
        falsePositive: endpoints.falsePositive,
        aggregate: endpoints.aggregate,
      })
      .from(endpoints)
      .where(eq(endpoints.domainId, domainId))) as unknown as StoredEndpoint[];
    await pace();
    const storedByKey = new Map(stored.map((e) => [endpointKey(domain, e.method, e.normalizedPath), e]));

    // The inventory detects PII in every observation, captured ones included.
    const inventory = new Inventory();
    for await (const slice of paced(input.specEndpoints ?? [], 500, pace))
      inventory.addSpecEndpoints(slice.map((ep) => ({ ...ep, domain })));
    // A user's split and merge overrides, before the stored rows they re-key.
    inventory.addOverrides(domain, await loadTemplateOverrides(tx, domainId));
    // Stored and synced aggregates, declared ones first: a guess that a declared template
    // matches takes its name (the engine re-keys it: a spec wins over a guess), and its row
    // is renamed in place below, keeping its id, false-positive flag, owner and alerts.
    await addAggregatesPaced(
      inventory,
      [
        ...stored.map((e) => ({ ...e.aggregate, domain })),
        ...(input.aggregates ?? []).map((agg) => ({ ...agg, domain })),
      ],
      pace,
    );
    const renamedTo = new Map<string, { stored: StoredEndpoint; template: string }>();
    for (const [before, template] of inventory.renames()) {
      const e = storedByKey.get(before);
      if (!e) continue;
      const key = endpointKey(domain, e.method, template);
      if (!storedByKey.has(key) && !renamedTo.has(key)) renamedTo.set(key, { stored: e, template });
    }
    for (const obs of input.observations ?? []) {
      inventory.addObservation({ ...obs, domain });
      await pace();
    }
    const result = inventory.endpoints();
    await pace();
    const context = {
      domainHasSpec: result.some((a) => a.spec?.source === 'openapi'),
      versions: indexVersions(result),
    };

    const touched: {
      agg: EndpointAggregate;
      before: StoredEndpoint | undefined;
      mergedFrom: StoredEndpoint[];
    }[] = [];
    const resultKeys = new Set(result.map((agg) => endpointKey(domain, agg.method, agg.normalizedPath)));
    // A stored template the analysis no longer yields, with the shape of one it newly
    // yields (the templater now names that parameter otherwise), is the same endpoint.
    const goneByShape = new Map<string, StoredEndpoint[]>();
    const renamedIds = new Set([...renamedTo.values()].map((r) => r.stored.id));
    for (const e of stored) {
      if (renamedIds.has(e.id) || resultKeys.has(endpointKey(domain, e.method, e.normalizedPath))) continue;
      const shape = shapeKey(e.method, e.normalizedPath);
      goneByShape.set(shape, [...(goneByShape.get(shape) ?? []), e]);
    }
    for (const agg of result) {
      await pace();
      const key = endpointKey(domain, agg.method, agg.normalizedPath);
      let before = storedByKey.get(key) ?? renamedTo.get(key)?.stored;
      if (!before) {
        const gone = goneByShape.get(shapeKey(agg.method, agg.normalizedPath));
        const match = gone?.shift();
        if (match) {
          renamedTo.set(key, { stored: match, template: agg.normalizedPath });
          before = match;
        }
      }
      if (input.reanalyseAll || !before || JSON.stringify(before.aggregate) !== JSON.stringify(agg)) {
        touched.push({ agg, before, mergedFrom: [] });
      }
    }
    const renames = [...renamedTo].filter(([key]) => resultKeys.has(key)).map(([, rename]) => rename);
    for (const r of renames) renamedIds.add(r.stored.id);
    // Endpoints folded into a new template by the cardinality merge disappear.
    const mergedAway = stored.filter(
      (e) => !renamedIds.has(e.id) && !resultKeys.has(endpointKey(domain, e.method, e.normalizedPath)),
    );
    // Their false-positive marks follow them (before the delete cascades them away).
    const carried = await marksOfFolded(tx, foldedRows(inventory, domain, mergedAway));
    if (mergedAway.length > 0) {
      await tx.delete(endpoints).where(
        inArray(
          endpoints.id,
          mergedAway.map((e) => e.id),
        ),
      );
    }

    const renameActivity: ActivityInput[] = [];
    for (const { stored: e, template } of renames) {
      await tx.update(endpoints).set({ normalizedPath: template }).where(eq(endpoints.id, e.id));
      await renameMarkSubjects(tx, e.id, e.normalizedPath, template);
      renameActivity.push({
        title: `Endpoint renamed: ${e.method} ${e.normalizedPath} → ${template}`,
        description: 'A declared template names its parameters; the endpoint keeps its history',
        domainName: domain,
        severity: 'info',
      });
    }

    const now = new Date();
    const activity: ActivityInput[] = newDomain
      ? [
          {
            title: `New domain discovered: ${domain}`,
            description: `First seen via ${input.trigger}`,
            domainName: domain,
            severity: 'info',
          },
        ]
      : [];
    activity.push(...renameActivity);
    const marksById = await loadMarks(tx, { domainId });
    const findings: EndpointFindings[] = [];
    let newEndpoints = 0;
    const newVulnTitles: string[] = [];
    const newPii: string[] = [];

    for await (const batch of paced(touched, UPSERT_BATCH, pace)) {
      const confirmed = await confirmedVulnerabilities(
        tx,
        batch.flatMap(({ before }) => (before ? [before.id] : [])),
      );
      const evaluated = batch.map(({ agg, before }) => ({
        agg,
        before,
        evaluation: evaluateEndpoint(agg, {
          settings,
          falsePositive: before?.falsePositive ?? false,
          context,
          marks: withCarried(
            (before && marksById.get(before.id)) ?? NO_MARKS,
            carried.get(endpointKey(domain, agg.method, agg.normalizedPath)),
          ),
          extraVulnerabilities: (before && confirmed.get(before.id)) || [],
        }),
      }));
      const rows = await tx
        .insert(endpoints)
        .values(
          evaluated.map(({ agg, evaluation }) => ({
            domainId,
            domain,
            method: agg.method,
            normalizedPath: agg.normalizedPath,
            classification: evaluation.classification,
            riskScore: evaluation.riskScore,
            riskBreakdown: evaluation.riskBreakdown,
            piiTypes: evaluation.piiTypes,
            sources: agg.sources,
            isPublic: evaluation.isPublic,
            firstSeen: toDate(agg.firstSeen ?? agg.lastSeen),
            lastSeen: agg.lastSeen === null ? null : new Date(agg.lastSeen),
            lastScanned: now,
            requestCount: agg.requestCount,
            avgRps: evaluation.avgRps,
            vulnerabilityCount: evaluation.vulnerabilities.length,
            aggregate: agg as unknown as Record<string, unknown>,
          })),
        )
        .onConflictDoUpdate({
          target: [endpoints.domainId, endpoints.method, endpoints.normalizedPath],
          set: {
            classification: sql`excluded.classification`,
            riskScore: sql`excluded.risk_score`,
            riskBreakdown: sql`excluded.risk_breakdown`,
            piiTypes: sql`excluded.pii_types`,
            sources: sql`excluded.sources`,
            isPublic: sql`excluded.is_public`,
            firstSeen: sql`least(${endpoints.firstSeen}, excluded.first_seen)`,
            lastSeen: sql`greatest(${endpoints.lastSeen}, excluded.last_seen)`,
            lastScanned: sql`excluded.last_scanned`,
            requestCount: sql`excluded.request_count`,
            avgRps: sql`excluded.avg_rps`,
            vulnerabilityCount: sql`excluded.vulnerability_count`,
            aggregate: sql`excluded.aggregate`,
          },
        })
        .returning({ id: endpoints.id, method: endpoints.method, normalizedPath: endpoints.normalizedPath });
      await pace();
      const idByKey = new Map(rows.map((r) => [`${r.method} ${r.normalizedPath}`, r.id]));
      await saveCarriedMarks(
        tx,
        batch.flatMap(({ agg }) => {
          const endpointId = idByKey.get(`${agg.method} ${agg.normalizedPath}`);
          const marks = carried.get(endpointKey(domain, agg.method, agg.normalizedPath));
          return endpointId && marks ? [{ endpointId, marks }] : [];
        }),
      );
      const ids = rows.map((r) => r.id);
      const storedVulns = await tx
        .select({
          id: vulnerabilities.id,
          endpointId: vulnerabilities.endpointId,
          vulnId: vulnerabilities.vulnId,
          evidence: vulnerabilities.evidence,
        })
        .from(vulnerabilities)
        .where(inArray(vulnerabilities.endpointId, ids));
      const vulnKey = (endpointId: string, vulnId: string, subject: string) =>
        `${endpointId} ${vulnerabilityKey(vulnId, subject)}`;
      const storedVulnKeys = new Map(
        storedVulns.map((v) => [vulnKey(v.endpointId, v.vulnId, v.evidence), v.id]),
      );
      const keep = new Set<string>();
      const insertVulns: (typeof vulnerabilities.$inferInsert)[] = [];

      for (const { agg, before, evaluation } of evaluated) {
        const id = idByKey.get(`${agg.method} ${agg.normalizedPath}`);
        if (!id) continue;
        const isNew = before === undefined;
        if (isNew) {
          newEndpoints++;
          if (newEndpoints <= ACTIVITY_DETAIL_CAP) {
            activity.push({
              title: `New endpoint discovered: ${agg.method} ${agg.normalizedPath}`,
              description: `Seen via ${agg.sources.join(', ') || input.trigger}`,
              domainName: domain,
              severity: evaluation.riskScore > 50 ? 'medium' : 'info',
            });
          }
        }
        const previousPii = new Set(before?.piiTypes ?? []);
        const freshPii = evaluation.piiTypes.filter((t) => !previousPii.has(t));
        for (const t of freshPii) newPii.push(`${t} on ${agg.method} ${agg.normalizedPath}`);
        // Every finding is written (its evidence refreshed), false positives too: they stay listed.
        for (const v of [...evaluation.vulnerabilities, ...evaluation.falsePositives]) {
          const key = vulnKey(id, v.vulnId, v.subject ?? '');
          keep.add(key);
          insertVulns.push(vulnerabilityRow(id, v, now));
          if (!storedVulnKeys.has(key) && !evaluation.falsePositives.includes(v))
            newVulnTitles.push(`${v.severity}: ${v.title} on ${agg.method} ${agg.normalizedPath}`);
        }
        findings.push({
          id,
          method: agg.method,
          normalizedPath: agg.normalizedPath,
          domain,
          riskScore: evaluation.riskScore,
          previousRiskScore: before ? before.riskScore : null,
          piiTypes: evaluation.piiTypes,
          newPiiTypes: freshPii,
          avgRps: evaluation.avgRps,
          requestCount: agg.requestCount,
          vulnerabilities: evaluation.vulnerabilities.map((v) => ({
            vulnId: v.vulnId,
            title: v.title,
            severity: v.severity,
            owaspCategory: v.owaspCategory,
          })),
        });
      }
      const gone = [...storedVulnKeys].filter(([key]) => !keep.has(key)).map(([, id]) => id);
      await pace();
      for (const part of chunks(gone, WRITE_BATCH))
        await tx.delete(vulnerabilities).where(inArray(vulnerabilities.id, part));
      for await (const part of paced(insertVulns, UPSERT_BATCH, pace)) await upsertVulnerabilities(tx, part);
    }

    if (newEndpoints > ACTIVITY_DETAIL_CAP) {
      activity.push({
        title: `${newEndpoints - ACTIVITY_DETAIL_CAP} more new endpoints discovered`,
        domainName: domain,
        severity: 'info',
      });
    }
    activity.push(
      ...summarise(
        newVulnTitles,
        (t) => ({ title: `New vulnerability: ${t}`, domainName: domain, severity: severityOf(t) }),
        (n) => ({ title: `${n} more new vulnerabilities`, domainName: domain, severity: 'medium' }),
      ),
    );
    activity.push(
      ...summarise(
        newPii,
        (t) => ({ title: `New PII type detected: ${t}`, domainName: domain, severity: 'high' }),
        (n) => ({ title: `${n} more new PII detections`, domainName: domain, severity: 'high' }),
      ),
    );
    const traffic = combineTraffic([
      ...inventory.traffic(),
      ...(input.traffic ?? []).map((t) => ({ ...t, domain })),
    ]).find((t) => t.domain === domain);
    let scanner: ScannerActivity | undefined;
    if (traffic && hasTraffic(traffic)) {
      const total = await addDomainTraffic(tx, domainId, traffic);
      if (traffic.attack.requests > 0) {
        activity.push(attackActivity(traffic));
        scanner = {
          domain,
          requests: total.attack.requests,
          byKind: total.attack.byKind,
          ...(total.attack.topPaths[0] ? { topPath: total.attack.topPaths[0].path } : {}),
        };
      }
    }
    await this.ctx.recordActivity(activity, tx);
    if (touched.length > 0 || mergedAway.length > 0) {
      await tx.update(domains).set({ updatedAt: now }).where(eq(domains.id, domainId));
    }
    return {
      domainId,
      newEndpoints,
      touched: touched.length,
      findings: { trigger: input.trigger, domain, endpoints: findings, ...(scanner ? { scanner } : {}) },
    };
  }

  /** Re-run checks and scoring for one endpoint (active probes only with deep scanning on). */
  async rescan(
    endpointId: string,
    probe?: (agg: EndpointAggregate) => Promise<Vulnerability[]>,
  ): Promise<boolean> {
    const [row] = await this.ctx.db
      .select({ domain: endpoints.domain, aggregate: endpoints.aggregate })
      .from(endpoints)
      .where(eq(endpoints.id, endpointId));
    if (!row) return false;
    const settings = await this.ctx.getSettings();
    // Active probes send requests: run them before the transaction, never inside it.
    const extraVulnerabilities =
      settings.deepScan && probe ? await probe(row.aggregate as unknown as EndpointAggregate) : [];
    const findings = await this.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'argus:domain:' + row.domain}))`);
      const [stored] = await tx.select().from(endpoints).where(eq(endpoints.id, endpointId));
      if (!stored) return null;
      const agg = stored.aggregate as unknown as EndpointAggregate;
      const siblings = await tx
        .select({
          method: endpoints.method,
          normalizedPath: endpoints.normalizedPath,
          sources: endpoints.sources,
        })
        .from(endpoints)
        .where(eq(endpoints.domainId, stored.domainId));
      const context = {
        domainHasSpec: siblings.some((e) => e.sources.includes('openapi')),
        versions: indexVersions(siblings),
      };
      const marks = (await loadMarks(tx, { endpointIds: [endpointId] })).get(endpointId) ?? NO_MARKS;
      const confirmed = (await confirmedVulnerabilities(tx, [endpointId])).get(endpointId) ?? [];
      const evaluation = evaluateEndpoint(agg, {
        settings,
        falsePositive: stored.falsePositive,
        context,
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
          avgRps: evaluation.avgRps,
          vulnerabilityCount: evaluation.vulnerabilities.length,
          lastScanned: now,
        })
        .where(eq(endpoints.id, endpointId));
      const existing = await tx
        .select({
          id: vulnerabilities.id,
          vulnId: vulnerabilities.vulnId,
          evidence: vulnerabilities.evidence,
        })
        .from(vulnerabilities)
        .where(eq(vulnerabilities.endpointId, endpointId));
      const all = [...evaluation.vulnerabilities, ...evaluation.falsePositives];
      const fresh = new Set(all.map((v) => vulnerabilityKey(v.vulnId, v.subject ?? '')));
      const old = new Set(existing.map((v) => vulnerabilityKey(v.vulnId, v.evidence)));
      const gone = existing
        .filter((v) => !fresh.has(vulnerabilityKey(v.vulnId, v.evidence)))
        .map((v) => v.id);
      if (gone.length) await tx.delete(vulnerabilities).where(inArray(vulnerabilities.id, gone));
      if (all.length)
        await upsertVulnerabilities(
          tx,
          all.map((v) => vulnerabilityRow(endpointId, v, now)),
        );
      const added = evaluation.vulnerabilities.filter(
        (v) => !old.has(vulnerabilityKey(v.vulnId, v.subject ?? '')),
      );
      if (added.length) {
        await this.ctx.recordActivity(
          added.slice(0, ACTIVITY_DETAIL_CAP).map((v) => ({
            title: `New vulnerability: ${v.severity}: ${v.title} on ${stored.method} ${stored.normalizedPath}`,
            domainName: stored.domain,
            severity: v.severity,
          })),
          tx,
        );
      }
      return {
        trigger: 'rescan' as const,
        domain: stored.domain,
        endpoints: [
          {
            id: stored.id,
            method: stored.method,
            normalizedPath: stored.normalizedPath,
            domain: stored.domain,
            riskScore: evaluation.riskScore,
            previousRiskScore: stored.riskScore,
            piiTypes: evaluation.piiTypes,
            newPiiTypes: evaluation.piiTypes.filter((t) => !stored.piiTypes.includes(t)),
            avgRps: evaluation.avgRps,
            requestCount: stored.requestCount,
            vulnerabilities: evaluation.vulnerabilities.map((v) => ({
              vulnId: v.vulnId,
              title: v.title,
              severity: v.severity,
              owaspCategory: v.owaspCategory,
            })),
          },
        ],
      };
    });
    if (!findings) return false;
    await this.report(findings);
    return true;
  }

  /** Re-score every endpoint from its stored findings (after the weights changed). */
  async rescoreAll(): Promise<number> {
    const settings = await this.ctx.getSettings();
    let updated = 0;
    let after: string | null = null;
    for (;;) {
      const page: { id: string; aggregate: Record<string, unknown>; falsePositive: boolean }[] =
        await this.ctx.db
          .select({
            id: endpoints.id,
            aggregate: endpoints.aggregate,
            falsePositive: endpoints.falsePositive,
          })
          .from(endpoints)
          .where(after ? sql`${endpoints.id} > ${after}` : undefined)
          .orderBy(asc(endpoints.id))
          .limit(WRITE_BATCH);
      if (page.length === 0) return updated;
      const marksById = await loadMarks(this.ctx.db, { endpointIds: page.map((p) => p.id) });
      const confirmed = await confirmedVulnerabilities(
        this.ctx.db,
        page.map((p) => p.id),
      );
      const values = page.map((p) => {
        const evaluation = evaluateEndpoint(p.aggregate as unknown as EndpointAggregate, {
          settings,
          falsePositive: p.falsePositive,
          marks: marksById.get(p.id) ?? NO_MARKS,
          extraVulnerabilities: confirmed.get(p.id) ?? [],
        });
        return sql`(${p.id}::uuid, ${evaluation.riskScore}::real, ${JSON.stringify(evaluation.riskBreakdown)}::jsonb)`;
      });
      await this.ctx.db.execute(sql`
        update ${endpoints} as e set risk_score = v.score, risk_breakdown = v.breakdown
        from (values ${sql.join(values, sql`, `)}) as v(id, score, breakdown)
        where e.id = v.id`);
      updated += page.length;
      after = page[page.length - 1]!.id;
    }
  }
}

function vulnerabilityRow(
  endpointId: string,
  v: Vulnerability,
  scanDate: Date,
): typeof vulnerabilities.$inferInsert {
  const { vulnId, title, description, severity, owaspCategory, remediation } = v;
  return {
    endpointId,
    vulnId,
    title,
    description,
    severity,
    owaspCategory,
    remediation,
    evidence: v.subject ?? '',
    evidenceItems: storableValue(v.evidence.slice(0, MAX_EVIDENCE)),
    confidence: v.confidence,
    confirmed: isConfirmed(v),
    scanDate,
  };
}

/** Evidence entries kept per vulnerability: enough to show why, bounded whatever a check reports. */
const MAX_EVIDENCE = 5;

/** Inserts new findings; a finding stored before keeps its id and scan date, its evidence is refreshed. */
async function upsertVulnerabilities(tx: Tx, rows: (typeof vulnerabilities.$inferInsert)[]): Promise<void> {
  // One row per key: an upsert may not touch the same row twice.
  const unique = new Map(rows.map((r) => [`${r.endpointId} ${r.vulnId} ${r.evidence}`, r]));
  await tx
    .insert(vulnerabilities)
    .values([...unique.values()])
    .onConflictDoUpdate({
      target: [vulnerabilities.endpointId, vulnerabilities.vulnId, vulnerabilities.evidence],
      set: {
        title: sql`excluded.title`,
        description: sql`excluded.description`,
        severity: sql`excluded.severity`,
        remediation: sql`excluded.remediation`,
        evidenceItems: sql`excluded.evidence_items`,
        confidence: sql`excluded.confidence`,
      },
    });
}

function severityOf(text: string): ActivityInput['severity'] {
  const s = text.split(':')[0];
  return s === 'critical' || s === 'high' || s === 'medium' || s === 'low' ? s : 'medium';
}

function summarise(
  items: string[],
  one: (item: string) => ActivityInput,
  rest: (n: number) => ActivityInput,
): ActivityInput[] {
  const out = items.slice(0, ACTIVITY_DETAIL_CAP).map(one);
  if (items.length > ACTIVITY_DETAIL_CAP) out.push(rest(items.length - ACTIVITY_DETAIL_CAP));
  return out;
}

const hasTraffic = (t: DomainTraffic) =>
  t.attack.requests + t.staticRequests + t.browserRequests + t.preflights > 0;

/** Adds an analysis's non-API traffic to what the domain has received so far; returns the sum. */
async function addDomainTraffic(tx: Tx, domainId: string, fresh: DomainTraffic): Promise<DomainTraffic> {
  const [row] = await tx.select({ traffic: domains.traffic }).from(domains).where(eq(domains.id, domainId));
  const stored = row?.traffic ? [{ ...row.traffic, domain: fresh.domain }] : [];
  const total = combineTraffic([...stored, fresh])[0] ?? fresh;
  const { domain: _domain, ...traffic } = total;
  await tx.update(domains).set({ traffic }).where(eq(domains.id, domainId));
  return total;
}

/** The activity entry for reconnaissance found by one analysis: how much, which kinds, what was probed most. */
function attackActivity(t: DomainTraffic): ActivityInput {
  const kinds = Object.entries(t.attack.byKind)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .map(([kind, n]) => `${kind} ${(n ?? 0).toLocaleString('en-US')}`)
    .join(', ');
  const top = t.attack.topPaths[0];
  return {
    title: `Attack traffic on ${t.domain}: ${t.attack.requests.toLocaleString('en-US')} scanner requests`,
    description: `${kinds}${top ? `; most probed ${top.path.slice(0, 120)} (${top.count})` : ''}`,
    domainName: t.domain,
    severity: 'medium',
  };
}

/** The domain's id, creating it on first sight (captured traffic names new hosts). */
export async function ensureDomain(tx: Tx, name: string): Promise<{ id: string; created: boolean }> {
  const [existing] = await tx.select({ id: domains.id }).from(domains).where(eq(domains.name, name));
  if (existing) return { id: existing.id, created: false };
  const [created] = await tx
    .insert(domains)
    .values({ name })
    .onConflictDoNothing({ target: domains.name })
    .returning({ id: domains.id });
  if (created) return { id: created.id, created: true };
  const [row] = await tx.select({ id: domains.id }).from(domains).where(eq(domains.name, name));
  if (!row) throw new Error(`Could not create domain ${name}`);
  return { id: row.id, created: false };
}
