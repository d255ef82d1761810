// The analysis queue worker: claims captured observations queued in the
// database (SKIP LOCKED, so instances share them), analyses them per domain
// (domain-analysis.ts) in the transaction that removes them from the queue, and hands
// the findings to alerting. Also the entry the routes, scans and syncs call
// for an analysis, a rescan or a re-scoring, and read-your-writes waiting.
import { asc, inArray, lte, sql } from 'drizzle-orm';
import type { EndpointAggregate, Observation, Vulnerability } from '@argus/engine';
import { isSampleDomain, type SettingsUpdate } from '@argus/api';
import type { AppContext } from '../context.js';
import { domainStats, observationQueue, observations } from '../db/schema/index.js';
import type { ScanFindings } from '../findings.js';
import type { Telemetry } from '../observability.js';
import type { CaptureSink } from '../capture/sink.js';
import {
  analyseDomain,
  rescanEndpoint,
  rescoreAll,
  type AnalyseInput,
  type AnalyseResult,
} from './domain-analysis.js';
import { analyseIsolated, byDomain, isTransient } from './isolate.js';

export type { AnalyseInput, AnalyseResult } from './domain-analysis.js';

const CLAIM_BATCH = 1000;
/** How long a read waits for the captures acknowledged before it to be analysed. */
const CATCH_UP_MS = 5000;
/** Poll interval while another instance analyses what a read waits for. */
const CATCH_UP_POLL_MS = 20;

/** What one claim did: observations claimed, their findings, how many went to dead letters. */
interface ClaimedBatch {
  claimed: number;
  findings: ScanFindings[];
  deadLettered: number;
}

type FindingsHandler = (ctx: AppContext, findings: ScanFindings) => Promise<unknown>;

export interface AnalyzerOptions {
  ctx: AppContext;
  telemetry: Telemetry;
  /** Alerting's entry (processFindings); called after every analysis. */
  onFindings?: FindingsHandler;
  /** The capture sink: reads and scans first wait for what it acknowledged to be stored. */
  sink?: CaptureSink;
}

export class Analyzer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private started = false;
  private stopped = false;
  private rescoring: Promise<void> | null = null;
  private readonly ctx: AppContext;
  private readonly telemetry: Telemetry;
  private readonly findingsHandler: FindingsHandler | undefined;
  private readonly ingest: CaptureSink | undefined;

  constructor(options: AnalyzerOptions) {
    this.ctx = options.ctx;
    this.telemetry = options.telemetry;
    this.findingsHandler = options.onFindings;
    this.ingest = options.sink;
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

  /**
   * Claims unprocessed observations in batches (SKIP LOCKED: instances share the work).
   * A batch whose analysis fails for what it holds is analysed again in isolation
   * (isolate.ts): the observations at fault go to dead_letters, the rest are analysed.
   */
  async processPending(): Promise<void> {
    for (;;) {
      let batch: ClaimedBatch;
      try {
        // Read before the transaction: PGlite has one connection, which the transaction holds.
        const settings = await this.ctx.getSettings();
        try {
          batch = await this.claimAndAnalyse(settings, false);
        } catch (error) {
          if (isTransient(error)) throw error;
          this.ctx.logger.warn(
            { err: error },
            'analysing a batch of captured traffic failed; analysing its observations one by one',
          );
          batch = await this.claimAndAnalyse(settings, true);
        }
      } catch (error) {
        // Rolled back for a transient reason (deadlock, serialization, connection lost):
        // the claim was undone too, so the batch is analysed again, by this instance or another.
        if (isTransient(error)) {
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
      const { claimed, findings, deadLettered } = batch;
      if (claimed === 0) return;
      this.telemetry.analysed.inc(claimed - deadLettered);
      for (const f of findings) await this.report(f);
      if (claimed < CLAIM_BATCH || this.stopped) return;
    }
  }

  /** One transaction: claims the oldest queued observations and analyses them per domain. */
  private claimAndAnalyse(settings: SettingsUpdate, isolate: boolean): Promise<ClaimedBatch> {
    return this.ctx.db.transaction(async (tx) => {
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
      const batch: ClaimedBatch = { claimed: seqs.length, findings: [], deadLettered: 0 };
      if (seqs.length === 0) return batch;
      const rows = await tx
        .select({
          id: observations.id,
          domain: observations.domain,
          method: observations.method,
          path: observations.path,
          observation: observations.observation,
        })
        .from(observations)
        .where(inArray(observations.seq, seqs))
        .orderBy(asc(observations.seq));
      // In name order: each domain's advisory lock is taken in the same order by
      // every instance, so two batches sharing domains cannot deadlock.
      for (const [domain, list] of byDomain(rows)) {
        if (isolate) {
          const isolated = await analyseIsolated(this.ctx, tx, domain, list, settings);
          batch.findings.push(...isolated.findings);
          batch.deadLettered += isolated.deadLettered;
          continue;
        }
        const observed = list.map((r) => r.observation as Observation);
        const input: AnalyseInput = { trigger: 'capture', observations: observed };
        batch.findings.push((await analyseDomain(this.ctx, tx, domain, input, settings)).findings);
      }
      return batch;
    });
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
      analyseDomain(this.ctx, tx, domain, input, settings),
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

  /** Re-run checks and scoring for one endpoint (active probes only with deep scanning on). */
  async rescan(
    endpointId: string,
    probe?: (agg: EndpointAggregate) => Promise<Vulnerability[]>,
  ): Promise<boolean> {
    const findings = await rescanEndpoint(this.ctx, endpointId, probe);
    if (!findings) return false;
    await this.report(findings);
    return true;
  }

  /** Re-score every endpoint from its stored findings (after the weights changed). */
  rescoreAll(): Promise<number> {
    return rescoreAll(this.ctx);
  }
}
