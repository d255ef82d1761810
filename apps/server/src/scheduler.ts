// Automatic scanning: every `scanIntervalMinutes` (Settings) re-sync every
// domain, at most `maxConcurrentScans` at once. Settings are re-read on each
// tick, so changes apply without a restart.
import { asc } from 'drizzle-orm';
import type { Analyzer } from './analysis/analyzer.js';
import type { AppContext } from './context.js';
import { domains } from './db/schema/index.js';
import { HttpError } from './errors.js';
import { scanDomain } from './scans.js';

const TICK_MS = 30_000;

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private lastRun = Date.now();
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly analyzer: Analyzer,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    const settings = await this.ctx.getSettings().catch(() => null);
    if (!settings?.autoScan || Date.now() - this.lastRun < settings.scanIntervalMinutes * 60_000) return;
    this.lastRun = Date.now();
    this.running = this.scanAll(settings.maxConcurrentScans)
      .then(() => undefined)
      .finally(() => {
        this.running = null;
      });
    await this.running;
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
