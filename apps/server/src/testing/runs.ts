// Test runs as jobs: a run is a row (queued → running → completed, cancelled or
// failed) that the instance which started it executes in the background with
// the engine's runner. Requests go only to the domain's test base URL, through
// the connectors' transport (SSRF guard on every request); progress is written
// as results arrive; cancel sets a flag any instance sees and aborts the runner
// here. Confirmed results become confirmed findings (analysis counts them in
// risk and alerts); a later run of the same test that passes resolves them.
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { createTransport, startCanary, type CanaryListener } from '@argus/connectors';
import {
  runActiveTests,
  type ActiveTestResult,
  type Identity,
  type RecordedExchange,
  type Transport,
} from '@argus/engine';
import type { TestExchange, TestResult, TestRun, TestSettings } from '@argus/api';
import { TEST_BUDGET_DEFAULT, TEST_RATE_DEFAULT } from '@argus/api';
import type { Analyzer } from '../analysis/analysis-queue.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import {
  confirmedFindings,
  domains,
  endpoints,
  testIdentities,
  testResults,
  testRuns,
  testSettings,
  testTemplates,
} from '../db/schema/index.js';
import { HttpError } from '../errors.js';
import { domainTemplates, owaspCategory, readTemplateFolder } from './catalogue.js';
import { activeEndpointOf, declaredEndpoints } from './endpoints.js';
import { engineIdentity } from './identities.js';

type RunRow = typeof testRuns.$inferSelect;
type ResultRow = typeof testResults.$inferSelect;

const DEFAULT_SETTINGS: TestSettings = {
  baseUrl: null,
  testEnvironment: false,
  allowDestructive: false,
  budget: TEST_BUDGET_DEFAULT,
  ratePerSecond: TEST_RATE_DEFAULT,
  disabledTests: [],
};
/** Bytes of each request/response body kept as evidence. */
const EVIDENCE_BODY = 4096;
/** Progress is written at most this often. */
const PROGRESS_MS = 500;

export async function readSettings(db: Db, domainId: string): Promise<TestSettings> {
  const [row] = await db.select().from(testSettings).where(eq(testSettings.domainId, domainId));
  if (!row) return { ...DEFAULT_SETTINGS };
  return {
    baseUrl: row.baseUrl,
    testEnvironment: row.testEnvironment,
    allowDestructive: row.allowDestructive,
    budget: row.budget,
    ratePerSecond: row.ratePerSecond,
    disabledTests: row.disabledTests,
  };
}

export function toRun(row: RunRow): TestRun {
  return {
    id: row.id,
    domainId: row.domainId,
    status: row.status,
    trigger: row.trigger,
    startedBy: row.startedByName,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    requestsSent: row.requestsSent,
    budget: row.budget,
    testsPlanned: row.testsPlanned,
    testsDone: row.testsDone,
    confirmed: row.confirmed,
    passed: row.passed,
    skipped: row.skipped,
    errors: row.errors,
    message: row.message,
  };
}

export function toResult(row: ResultRow): TestResult {
  return {
    id: row.id,
    runId: row.runId,
    endpointId: row.endpointId,
    method: row.method,
    path: row.path,
    testId: row.testId,
    title: row.title,
    severity: row.severity,
    owaspCategory: row.owaspCategory,
    outcome: row.outcome,
    reason: row.reason,
    evidence: row.evidence,
    at: row.createdAt.toISOString(),
  };
}

const clip = (text: string | undefined | null) =>
  text === undefined || text === null
    ? null
    : text.length > EVIDENCE_BODY
      ? `${text.slice(0, EVIDENCE_BODY)}… (${text.length - EVIDENCE_BODY} more characters)`
      : text;

/** The engine's recorded exchange (already redacted) as stored evidence, bodies cut. */
export function toExchange(x: RecordedExchange): TestExchange {
  return {
    label: `${x.step} as ${x.identity}`,
    request: {
      method: x.request.method,
      url: x.request.url,
      headers: x.request.headers,
      body: clip(x.request.body),
    },
    response: x.response
      ? { status: x.response.status, headers: x.response.headers, body: clip(x.response.body) ?? '' }
      : null,
    curl: x.curl,
  };
}

const OUTCOMES = {
  confirmed: 'confirmed',
  'not-vulnerable': 'passed',
  'could-not-run': 'skipped',
} as const;

export interface StartOptions {
  testIds?: string[] | undefined;
  endpointIds?: string[] | undefined;
  trigger: 'manual' | 'rescan';
  user: { id: string; username: string } | null;
}

/** Refuses any request whose origin is not the test base URL's, whatever a template asked for. */
export function confineTo(baseUrl: string, transport: Transport): Transport {
  const origin = new URL(baseUrl).origin;
  return async (request) => {
    if (new URL(request.url).origin !== origin)
      throw new Error(`Refused: ${new URL(request.url).origin} is not the test base URL ${origin}`);
    return transport(request);
  };
}

const isLoopback = (url: string) => {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
};

export class TestRunner {
  private readonly running = new Map<string, AbortController>();
  private readonly finished = new Set<Promise<void>>();
  private transportFor: (baseUrl: string) => Transport;

  constructor(
    private readonly ctx: AppContext,
    private readonly analyzer: Analyzer,
    options: { transport?: (baseUrl: string) => Transport } = {},
  ) {
    this.transportFor =
      options.transport ??
      ((baseUrl) =>
        confineTo(
          baseUrl,
          createTransport({ allowPrivate: ctx.config.allowPrivateUrls, timeoutMs: 10_000 }),
        ));
  }

  /** Create the run and execute it in the background; answers the queued run. */
  async start(domain: { id: string; name: string }, options: StartOptions): Promise<RunRow> {
    const settings = await readSettings(this.ctx.db, domain.id);
    if (!settings.baseUrl)
      throw new HttpError(422, `Set a test base URL for ${domain.name} before running security tests`);
    await failAbandonedRuns(this.ctx.db, [...this.running.keys()]);
    const active = await this.ctx.db
      .select({ id: testRuns.id })
      .from(testRuns)
      .where(and(eq(testRuns.domainId, domain.id), inArray(testRuns.status, ['queued', 'running'])));
    if (active.length > 0)
      throw new HttpError(409, `Security tests are already running on ${domain.name}; cancel them or wait`);
    const [run] = await this.ctx.db
      .insert(testRuns)
      .values({
        domainId: domain.id,
        trigger: options.trigger,
        startedBy: options.user?.id ?? null,
        startedByName: options.user?.username ?? null,
        testIds: options.testIds ?? null,
        endpointIds: options.endpointIds ?? null,
        budget: settings.budget,
      })
      .returning();
    const job = this.execute(run!, domain).catch((error: unknown) =>
      this.ctx.logger.error({ err: error, runId: run!.id }, 'security test run failed'),
    );
    this.finished.add(job);
    void job.finally(() => this.finished.delete(job));
    return run!;
  }

  /**
   * Rescan with deep scanning on: run the domain's enabled tests on this one
   * endpoint when the domain has a test base URL and no run is under way; the
   * rescan itself never fails for it (the reason is logged).
   */
  async startForEndpoint(
    endpointId: string,
    user: { id: string; username: string } | null,
  ): Promise<RunRow | null> {
    const [row] = await this.ctx.db
      .select({ id: domains.id, name: domains.name })
      .from(endpoints)
      .innerJoin(domains, eq(domains.id, endpoints.domainId))
      .where(eq(endpoints.id, endpointId));
    if (!row) return null;
    const settings = await readSettings(this.ctx.db, row.id);
    if (!settings.baseUrl) return null;
    try {
      return await this.start(row, { endpointIds: [endpointId], trigger: 'rescan', user });
    } catch (error) {
      this.ctx.logger.info({ err: error, endpointId }, 'security tests not started on rescan');
      return null;
    }
  }

  /** Ask a run to stop: it keeps the results it has and ends as cancelled. */
  async cancel(runId: string, by: string | null): Promise<RunRow | null> {
    const [row] = await this.ctx.db
      .update(testRuns)
      .set({ cancelRequested: true, message: `Cancelled${by ? ` by ${by}` : ''}` })
      .where(and(eq(testRuns.id, runId), inArray(testRuns.status, ['queued', 'running'])))
      .returning();
    this.running.get(runId)?.abort();
    if (row) return row;
    const [existing] = await this.ctx.db.select().from(testRuns).where(eq(testRuns.id, runId));
    return existing ?? null;
  }

  /** Waits for the runs of this instance (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.finished.size > 0) await Promise.all([...this.finished]);
  }

  /** On shutdown: abort what runs here; the rows end as cancelled. */
  async stop(): Promise<void> {
    for (const controller of this.running.values()) controller.abort();
    await this.idle();
  }

  private async execute(run: RunRow, domain: { id: string; name: string }): Promise<void> {
    const { db } = this.ctx;
    const controller = new AbortController();
    this.running.set(run.id, controller);
    let canary: CanaryListener | null = null;
    try {
      const settings = await readSettings(db, domain.id);
      const baseUrl = settings.baseUrl!;
      const identityRows = await db
        .select()
        .from(testIdentities)
        .where(eq(testIdentities.domainId, domain.id));
      const identities = identityRows
        .map((row) => engineIdentity(row, this.ctx.secrets, baseUrl))
        .filter((i): i is Identity => i !== null);
      const stored = await db.select().from(testTemplates).where(eq(testTemplates.domainId, domain.id));
      const disabled = new Set(settings.disabledTests);
      const wanted = run.testIds ? new Set(run.testIds) : null;
      const tests = domainTemplates(stored, readTemplateFolder(this.ctx.config.testTemplatesDir))
        .map((t) => t.template)
        .filter((t) => !disabled.has(t.id) && (wanted === null || wanted.has(t.id)));
      const endpointRows = await db
        .select({
          id: endpoints.id,
          method: endpoints.method,
          path: endpoints.normalizedPath,
          aggregate: endpoints.aggregate,
        })
        .from(endpoints)
        .where(
          run.endpointIds
            ? and(eq(endpoints.domainId, domain.id), inArray(endpoints.id, run.endpointIds))
            : eq(endpoints.domainId, domain.id),
        );
      const endpointIdOf = new Map(endpointRows.map((e) => [`${e.method} ${e.path}`, e.id]));
      const declared = await declaredEndpoints(db, domain.id);
      await db.update(testRuns).set({ status: 'running' }).where(eq(testRuns.id, run.id));

      const counts = {
        testsDone: 0,
        testsPlanned: 0,
        confirmed: 0,
        passed: 0,
        skipped: 0,
        errors: 0,
        requestsSent: 0,
      };
      const pending: ActiveTestResult[] = [];
      let lastWrite = 0;
      let writing: Promise<void> = Promise.resolve();
      const flush = async () => {
        const batch = pending.splice(0);
        if (batch.length > 0) await this.storeResults(run.id, batch, endpointIdOf);
        const [row] = await db
          .update(testRuns)
          .set({ ...counts })
          .where(eq(testRuns.id, run.id))
          .returning({ cancel: testRuns.cancelRequested });
        if (row?.cancel) controller.abort();
      };

      // SSRF tests need a listener the target can reach, on this host: on loopback for a target on this
      // host; on every interface, by ARGUS_CANARY_HOST, for others; none without that name.
      const { canaryHost } = this.ctx.config;
      canary = isLoopback(baseUrl)
        ? await startCanary()
        : canaryHost
          ? await startCanary({ host: '0.0.0.0', publicHost: canaryHost })
          : null;
      const result = await runActiveTests({
        endpoints: endpointRows.map(
          (e) => declared.get(`${e.method} ${e.path}`) ?? activeEndpointOf(e.aggregate),
        ),
        baseUrl,
        identities,
        tests,
        transport: this.transportFor(baseUrl),
        budget: { maxRequests: settings.budget, ratePerSec: settings.ratePerSecond },
        allowDestructive: settings.allowDestructive,
        intrusiveConfirmed: settings.testEnvironment,
        ...(canary ? { canary } : {}),
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === 'start') counts.testsPlanned = event.pairs;
          else if (event.type === 'request') counts.requestsSent++;
          else if (event.type === 'result') {
            pending.push(event.result);
            counts.testsDone = event.done;
            counts.testsPlanned = event.total;
            const outcome = OUTCOMES[event.result.outcome];
            if (outcome === 'confirmed') counts.confirmed++;
            else if (outcome === 'passed') counts.passed++;
            else counts.skipped++;
          }
          const now = Date.now();
          if (now - lastWrite >= PROGRESS_MS) {
            lastWrite = now;
            writing = writing.then(flush);
          }
        },
      });
      counts.requestsSent = result.requestsSent;
      // Tests that run once per domain skip their other endpoints once decided.
      if (!result.stopped) counts.testsDone = counts.testsPlanned;
      await writing;
      await flush();
      const touched = await this.resolveFindings(run.id);
      for (const endpointId of touched) await this.analyzer.rescan(endpointId);
      const [after] = await db
        .select({ cancel: testRuns.cancelRequested, message: testRuns.message })
        .from(testRuns)
        .where(eq(testRuns.id, run.id));
      const cancelled = result.stopped === 'cancelled' || after?.cancel === true;
      const message = cancelled
        ? (after?.message ?? 'Cancelled')
        : result.stopped === 'budget'
          ? `Stopped at the request budget (${settings.budget} requests); raise it to run every test`
          : identities.length < identityRows.length
            ? `${identityRows.length - identities.length} identities need their secret entered again and were not used`
            : null;
      await db
        .update(testRuns)
        .set({ status: cancelled ? 'cancelled' : 'completed', finishedAt: new Date(), message })
        .where(eq(testRuns.id, run.id));
      await this.ctx.recordActivity({
        title: `Security tests ${cancelled ? 'cancelled' : 'completed'}: ${domain.name}`,
        description: `${counts.confirmed} confirmed, ${counts.passed} passed, ${counts.skipped} could not run; ${result.requestsSent} requests`,
        domainName: domain.name,
        severity: counts.confirmed > 0 ? 'high' : 'info',
      });
    } catch (error) {
      await db
        .update(testRuns)
        .set({ status: 'failed', finishedAt: new Date(), message: (error as Error).message.slice(0, 500) })
        .where(eq(testRuns.id, run.id));
      throw error;
    } finally {
      this.running.delete(run.id);
      await canary?.close();
    }
  }

  private async storeResults(
    runId: string,
    results: ActiveTestResult[],
    endpointIdOf: Map<string, string>,
  ): Promise<void> {
    await this.ctx.db.insert(testResults).values(
      results.map((r) => ({
        runId,
        endpointId: endpointIdOf.get(`${r.endpoint.method} ${r.endpoint.path}`) ?? null,
        method: r.endpoint.method,
        path: r.endpoint.path,
        testId: r.testId,
        title: r.title,
        severity: r.severity,
        owaspCategory: r.owaspCategory.includes(':') ? r.owaspCategory : owaspCategory(r.owaspCategory),
        outcome: OUTCOMES[r.outcome],
        reason: r.detail,
        evidence: r.evidence.map(toExchange),
      })),
    );
  }

  /**
   * Confirmed results open (or refresh) a confirmed finding on their endpoint;
   * a passed result of the same test resolves it. Answers the endpoints changed.
   */
  private async resolveFindings(runId: string): Promise<string[]> {
    const { db } = this.ctx;
    const results = await db
      .select()
      .from(testResults)
      .where(and(eq(testResults.runId, runId), inArray(testResults.outcome, ['confirmed', 'passed'])))
      .orderBy(desc(testResults.createdAt));
    const touched = new Set<string>();
    const library = new Map(domainTemplates([]).map(({ template }) => [template.id, template]));
    await db.transaction(async (tx) => {
      for (const r of results) {
        if (!r.endpointId) continue;
        if (r.outcome === 'passed') {
          const gone = await tx
            .delete(confirmedFindings)
            .where(
              and(eq(confirmedFindings.endpointId, r.endpointId), eq(confirmedFindings.testId, r.testId)),
            )
            .returning({ testId: confirmedFindings.testId });
          if (gone.length > 0) touched.add(r.endpointId);
          continue;
        }
        const template = library.get(r.testId);
        const values = {
          resultId: r.id,
          title: r.title,
          description: template?.description ?? r.reason,
          severity: r.severity,
          owaspCategory: r.owaspCategory,
          remediation: template?.remediation ?? '',
          reason: r.reason,
          confirmedAt: r.createdAt,
        };
        await tx
          .insert(confirmedFindings)
          .values({ endpointId: r.endpointId, testId: r.testId, ...values })
          .onConflictDoUpdate({
            target: [confirmedFindings.endpointId, confirmedFindings.testId],
            set: values,
          });
        touched.add(r.endpointId);
      }
    });
    return [...touched];
  }
}

/** Runs left queued or running for an hour or more by an instance that stopped: they can never finish. */
export async function failAbandonedRuns(db: Db, runningHere: readonly string[]): Promise<void> {
  await db
    .update(testRuns)
    .set({
      status: 'failed',
      finishedAt: new Date(),
      message: 'The server stopped during this run; start it again',
    })
    .where(
      and(
        inArray(testRuns.status, ['queued', 'running']),
        sql`${testRuns.createdAt} < now() - interval '1 hour'`,
        runningHere.length > 0 ? notInArray(testRuns.id, [...runningHere]) : undefined,
      ),
    );
}
