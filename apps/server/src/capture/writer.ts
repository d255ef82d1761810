// Group commit for captured observations: requests that arrive while a write is
// in flight wait and go into the next multi-row INSERT. A request is answered
// only after the INSERT holding its row committed, so an acknowledged
// observation survives a crash (kill -9) right after.
import type { Db } from '../db/client.js';
import { HttpError } from '../errors.js';
import { observations } from '../db/schema/index.js';

export type ObservationRow = typeof observations.$inferInsert;

interface Pending {
  row: ObservationRow;
  resolve: () => void;
  reject: (error: Error) => void;
}

const MAX_BATCH = 500;
/** Batches smaller than this wait LINGER_MS for more rows (fewer commits under load). */
const LINGER_BELOW = 32;
const LINGER_MS = 2;

export class CaptureWriter {
  private queue: Pending[] = [];
  private readonly flushing = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly db: Db,
    /** Called after each committed batch (e.g. to schedule analysis). */
    private readonly onCommit: (count: number) => void = () => undefined,
    /** Batches in flight at once: 1 for PGlite (one connection), a few for a PostgreSQL pool. */
    private readonly parallel = 1,
  ) {}

  /** Resolves once the row is committed. */
  write(row: ObservationRow): Promise<void> {
    if (this.closed)
      return Promise.reject(new HttpError(503, 'The server is shutting down; send the request again'));
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      if (this.flushing.size < this.parallel) this.startFlush();
    });
  }

  get pending(): number {
    return this.queue.length;
  }

  private startFlush(): void {
    const run: Promise<void> = this.flush().finally(() => {
      this.flushing.delete(run);
      if (this.queue.length > 0 && this.flushing.size < this.parallel) this.startFlush();
    });
    this.flushing.add(run);
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      // Let the requests that arrive meanwhile join the batch: one round of the
      // event loop, and a short linger while the batch is still small.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.queue.length < LINGER_BELOW) await new Promise((resolve) => setTimeout(resolve, LINGER_MS));
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await this.db.insert(observations).values(batch.map((p) => p.row));
        for (const p of batch) p.resolve();
        this.onCommit(batch.length);
      } catch (error) {
        for (const p of batch) p.reject(error as Error);
      }
    }
  }

  /** Waits for every queued write; later writes are refused. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.flushing.size > 0) await Promise.all([...this.flushing]);
  }
}
