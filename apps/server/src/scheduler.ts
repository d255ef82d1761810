// Automatic scanning: every `scanIntervalMinutes` (Settings) re-sync every
// domain, at most `maxConcurrentScans` at once. Settings are re-read on each
// tick, so changes apply without a restart. Also, hourly, the retention of
// captured observations (retention.ts). Of several instances, one claims each run.
import { asc, lt } from 'drizzle-orm';
import type { Analyzer } from './analysis/analysis-queue.js';
import type { AppContext } from './context.js';
import { domains, jobRuns } from './db/schema/index.js';
import { HttpError } from './errors.js';
import { pruneDeadLetters, pruneObservations } from './retention.js';
import { scanDomain } from './scans.js';

const TICK_MS = 30_000;
const PRUNE_INTERVAL_MINUTES = 60;

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly analyzer: Analyzer,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => {
      void this.runIfDue();
      void this.pruneIfDue();
    }, TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Runs the automatic scan when it is on and due (and no other instance claimed it); true when it ran. */
  async runIfDue(): Promise<boolean> {
    if (this.running) return false;
    const settings = await this.ctx.getSettings().catch(() => null);
    if (!settings?.autoScan) return false;
    if (!(await this.claim('auto-scan', settings.scanIntervalMinutes).catch(() => false))) return false;
    this.running = this.scanAll(settings.maxConcurrentScans)
      .then(() => undefined)
      .finally(() => {
        this.running = null;
      });
    await this.running;
    return true;
  }

  /**
   * Claims this interval's run for this instance: the row is updated only when
   * the last run is older than the interval, so one instance of many wins.
   */
  private async claim(name: string, intervalMinutes: number): Promise<boolean> {
    const now = new Date();
    const due = new Date(now.getTime() - intervalMinutes * 60_000);
    const claimed = await this.ctx.db
      .insert(jobRuns)
      .values({ name, lastRun: now })
      .onConflictDoUpdate({ target: jobRuns.name, set: { lastRun: now }, setWhere: lt(jobRuns.lastRun, due) })
      .returning({ name: jobRuns.name });
    return claimed.length > 0;
  }

  /** Deletes observations and dead letters past their retention, hourly; true when this instance ran it. */
  async pruneIfDue(): Promise<boolean> {
    const days = this.ctx.config.observationRetentionDays;
    if (days <= 0 || this.stopped) return false;
    if (!(await this.claim('prune-observations', PRUNE_INTERVAL_MINUTES).catch(() => false))) return false;
    try {
      const deleted = await pruneObservations(this.ctx, days);
      const deadLetters = await pruneDeadLetters(this.ctx, days);
      if (deleted > 0 || deadLetters > 0)
        this.ctx.logger.info({ deleted, deadLetters, days }, 'observations past their retention deleted');
    } catch (error) {
      this.ctx.logger.error({ err: error }, 'deleting old observations failed');
    }
    return true;
  }

  /** Scan every domain, `concurrency` at a time; returns how many scans succeeded. */
  async scanAll(concurrency: number): Promise<number> {
    const all = await this.ctx.db
      .select({ id: domains.id, name: domains.name })
      .from(domains)
      .orderBy(asc(domains.name));
    let next = 0;
    let ok = 0;
    const worker = async () => {
      while (next < all.length && !this.stopped) {
        const domain = all[next++]!;
        try {
          await scanDomain(this.ctx, this.analyzer, domain, 'automatic');
          ok++;
        } catch (error) {
          // A domain without sources or traffic has nothing to scan; anything else is logged.
          if (!(error instanceof HttpError))
            this.ctx.logger.error({ err: error, domain: domain.name }, 'automatic scan failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    return ok;
  }
}
