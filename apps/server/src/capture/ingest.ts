// The embedded CaptureSink: captures are acknowledged once in the local
// journal (journal.ts), then copied into the database (`observations`, whose trigger
// queues each row for analysis) in batches, advancing the journal's checkpoint
// in the same transaction.
//
// When it copies: the capture path answers as fast as the journal syncs, and
// analysis (which follows each copy) takes the time captures leave. While more
// than HOT_RATE captures a second arrive (measured over PROBE_MS) the copy
// waits, so a burst is absorbed by the journal; below that it copies as records
// arrive. It goes ahead at once when
// a read or a scan asks for fresh data (catchUp), when the oldest record not
// copied is older than MAX_LAG_MS, or when the backlog passes HIGH_WATER_BYTES,
// so under sustained overload throughput falls to what analysis keeps up with.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { captureJournals, deadLetters, observations } from '../db/schema/index.js';
import { storableText, storableValue } from '../db/storable.js';
import { databaseErrorCode, errorReason } from '../errors.js';
import { CaptureJournal, comparePositions, type JournalOptions, type JournalPosition } from './journal.js';
import type { CaptureRecord, CaptureSink } from './sink.js';

export interface IngestOptions {
  db: Db;
  logger: FastifyBaseLogger;
  /** The data directory; without one the journal lives in a temporary directory removed on close. */
  dataDir: string | undefined;
  /** Called after each batch is stored (schedules analysis). */
  onStored?: (count: number) => void;
  /** Refuse captures once this many bytes wait to be copied (default 1 GiB). */
  maxBacklogBytes?: number | undefined;
  journal?: JournalOptions;
}

const COPY_BATCH = 1000;
const INSERT_ROWS = 250;
const PROBE_MS = 100;
/**
 * Captures per second above which copying (and the analysis after it) waits. By
 * the capture rate, not event-loop utilisation: analysis's own work would read
 * as load, and a short lull in a burst would let a copy in that then slows it.
 */
const HOT_RATE = 1000;
const MAX_LAG_MS = 30_000;
const HIGH_WATER_BYTES = 256 * 1024 * 1024;
/** Failures of a batch at the same place after which a record failing for any reason is quarantined. */
const MAX_ATTEMPTS = 3;
const DEFAULT_MAX_BACKLOG = 1024 * 1024 * 1024;
/** How long a graceful shutdown keeps copying before leaving the rest for the next start. */
export const CLOSE_BUDGET_MS = 10_000;

interface Quarantined {
  recordId: string;
  reason: string;
}

/** The observations row of a record, its text made storable; throws on a time no date can hold. */
export function observationRow(r: CaptureRecord): typeof observations.$inferInsert {
  const receivedAt = new Date(r.receivedAt);
  if (Number.isNaN(receivedAt.getTime())) throw new RangeError(`capture time ${r.receivedAt} is not a date`);
  return {
    id: r.id,
    domain: storableText(r.domain),
    method: storableText(r.method),
    path: storableText(r.path),
    observation: storableValue(r.observation),
    piiTypes: storableValue(r.piiTypes),
    receivedAt,
  };
}

/**
 * The database refused the row for what it holds, so storing it again fails
 * the same way: a value that does not fit (SQLSTATE class 22), a broken
 * constraint (23), a row past a limit (54), or an error raised before the
 * database saw it (a time no date can hold).
 */
export function isRefusal(error: unknown): boolean {
  const code = databaseErrorCode(error);
  if (code) return code.startsWith('22') || code.startsWith('23') || code.startsWith('54');
  return error instanceof RangeError || error instanceof TypeError;
}

export class CaptureIngest implements CaptureSink {
  private position: JournalPosition;
  private behindSince: number | null = null;
  /** Records acknowledged since open (the capture rate is read from it). */
  private appended = 0;
  private lookedAt = 0;
  /** The last look measured more than HOT_RATE captures a second. */
  private hot = false;
  private urgent = 0;
  private loop: Promise<void> | null = null;
  /** Wakes the loop when it waits for work (new records) or probes while a catch-up is asked for. */
  private wake: (() => void) | null = null;
  /** Copies run one at a time (the loop, catch-ups without a loop, close). */
  private copying: Promise<void> = Promise.resolve();
  private stopping = false;
  /** The loop waits for new records (rather than probing or copying). */
  private idle = false;
  private closed = false;
  private readonly progress = new Set<() => void>();
  /** Where the last batch that failed started, and how often it failed there. */
  private failedAt: { position: JournalPosition; count: number } | null = null;
  readonly maxBacklogBytes: number;

  private constructor(
    readonly journal: CaptureJournal,
    private readonly options: IngestOptions,
    position: JournalPosition,
    private readonly temporary: boolean,
  ) {
    this.position = position;
    this.maxBacklogBytes = options.maxBacklogBytes ?? DEFAULT_MAX_BACKLOG;
    journal.onAppend(() => {
      this.behindSince ??= Date.now();
      if (this.idle) this.wake?.();
    });
  }

  static async open(options: IngestOptions): Promise<CaptureIngest> {
    const temporary = options.dataDir === undefined;
    const dir = options.dataDir
      ? path.join(options.dataDir, 'capture-journal')
      : mkdtempSync(path.join(tmpdir(), 'argus-journal-'));
    const journal = await CaptureJournal.open(dir, options.journal);
    const [checkpoint] = await options.db
      .select({ segment: captureJournals.segment, offset: captureJournals.offset })
      .from(captureJournals)
      .where(eq(captureJournals.journalId, journal.id));
    let position = checkpoint ?? journal.start;
    if (comparePositions(position, journal.head) > 0) {
      // The checkpoint is past what is on disk: the segments were removed (or the
      // data directory restored from an older copy). Everything on disk is new.
      options.logger.warn(
        { checkpoint: position, journal: dir },
        'capture journal behind its checkpoint; copying it all',
      );
      position = journal.start;
    }
    await journal.release(position);
    const ingest = new CaptureIngest(journal, options, position, temporary);
    if (comparePositions(position, journal.head) < 0) ingest.behindSince = Date.now();
    return ingest;
  }

  /** Bytes captured and acknowledged but not yet in the database. */
  get backlogBytes(): number {
    return this.journal.backlogBytes(this.position);
  }

  readonly kind = 'journal';

  get accepting(): boolean {
    return !this.closed;
  }

  /** The journal is a local file written in this process: ready while it is open. */
  async ready(): Promise<void> {
    if (this.closed) throw new Error('the capture journal is closed');
  }

  get full(): boolean {
    return this.backlogBytes > this.maxBacklogBytes;
  }

  publish(records: readonly CaptureRecord[]): Promise<void> {
    return this.appendAll(records);
  }

  /** Journal a captured observation; resolves once it is durable. */
  append(record: CaptureRecord): Promise<void> {
    return this.appendAll([record]);
  }

  /** Journal captured observations together (one queue entry); resolves once all are durable. */
  appendAll(records: readonly CaptureRecord[]): Promise<void> {
    this.appended += records.length;
    return this.journal.appendAll(records);
  }

  start(): void {
    this.loop ??= this.run().catch((error: unknown) => {
      this.options.logger.error({ reason: errorReason(error) }, 'copying the capture journal stopped');
    });
  }

  /**
   * Copies everything acknowledged before this call into the database now
   * (a read wants fresh data). Returns false when `deadline` passed first.
   */
  async catchUp(deadline = Number.POSITIVE_INFINITY): Promise<boolean> {
    const target = this.journal.head;
    if (comparePositions(this.position, target) >= 0) return true;
    this.urgent++;
    this.wake?.();
    try {
      while (comparePositions(this.position, target) < 0) {
        if (!this.loop || this.stopping) await this.copy();
        else {
          const remaining = deadline - Date.now();
          if (remaining <= 0) return false;
          await new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              this.progress.delete(done);
              resolve();
            };
            const timer = setTimeout(done, Math.min(remaining, 1000));
            this.progress.add(done);
          });
        }
      }
      return true;
    } finally {
      this.urgent--;
    }
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      if (comparePositions(this.position, this.journal.head) >= 0) {
        this.behindSince = null;
        this.idle = true;
        await this.pause(null);
        this.idle = false;
        continue;
      }
      // Captures arrived since the last look (or it found them hot): measure their rate first.
      if (this.urgent === 0 && (this.hot || this.appended !== this.lookedAt) && !this.overdue()) {
        const before = this.appended;
        await this.pause(PROBE_MS);
        this.lookedAt = this.appended;
        if (this.stopping || this.urgent > 0) continue;
        this.hot = ((this.appended - before) * 1000) / PROBE_MS > HOT_RATE;
        if (this.hot) continue;
      }
      try {
        await this.copy();
      } catch (error) {
        this.options.logger.error(
          { reason: errorReason(error) },
          'copying captured traffic into the database failed; retrying',
        );
        await this.pause(1000);
      }
    }
  }

  private overdue(): boolean {
    return (
      (this.behindSince !== null && Date.now() - this.behindSince > MAX_LAG_MS) ||
      this.backlogBytes > HIGH_WATER_BYTES
    );
  }

  /** Waits `ms` (null: until woken); `wake` ends it early. */
  private pause(ms: number | null): Promise<void> {
    return new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      if (ms !== null) timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private copy(): Promise<void> {
    const run = this.copying.then(() => this.copyBatch());
    this.copying = run.catch(() => undefined);
    return run;
  }

  /**
   * Copies up to COPY_BATCH records and the new checkpoint in one transaction.
   * When the database refuses the batch, its records are stored one by one and
   * a record refused for what it holds goes to `dead_letters` instead: retrying
   * it would fail the same way and hold up everything captured after it. After
   * MAX_ATTEMPTS failures at the same place, a record failing for any reason
   * is quarantined too (the dead-letter insert still needs a working database).
   */
  private async copyBatch(): Promise<void> {
    const from = this.position;
    const batch = await this.journal.read(from, COPY_BATCH);
    if (comparePositions(batch.next, from) === 0) return;
    const { records } = batch;
    // The checkpoint must not pass what the disk holds: after a power cut the journal
    // would end before it, and the next start would copy the whole journal again.
    await this.journal.sync();
    let quarantined: Quarantined[] = [];
    try {
      await this.store(records, batch.next, null);
    } catch (error) {
      const attempts =
        this.failedAt && comparePositions(this.failedAt.position, from) === 0 ? this.failedAt.count + 1 : 1;
      this.failedAt = { position: from, count: attempts };
      this.options.logger.warn(
        { records: records.length, attempt: attempts, reason: errorReason(error) },
        'storing a batch of captured traffic failed; storing its records one by one',
      );
      quarantined = await this.store(records, batch.next, attempts >= MAX_ATTEMPTS ? 'any' : 'refused');
    }
    this.failedAt = null;
    this.position = batch.next;
    for (const q of quarantined) {
      this.options.logger.warn(
        { recordId: q.recordId, reason: q.reason },
        'captured record quarantined in dead_letters: the database refused it',
      );
    }
    if (batch.skipped > 0) {
      this.options.logger.warn(
        { skipped: batch.skipped, journal: this.journal.dir },
        'damaged capture journal lines skipped',
      );
    }
    await this.journal.release(this.position);
    const stored = records.length - quarantined.length;
    if (stored > 0) this.options.onStored?.(stored);
    for (const done of [...this.progress]) done();
  }

  /**
   * Inserts the records and the checkpoint in one transaction. `quarantine`
   * null: all at once; otherwise one by one (a savepoint each), a record the
   * database refuses ('refused': for what it holds; 'any': for any reason) going
   * to dead_letters.
   */
  private async store(
    records: readonly CaptureRecord[],
    next: JournalPosition,
    quarantine: 'refused' | 'any' | null,
  ): Promise<Quarantined[]> {
    const journalId = this.journal.id;
    const quarantined: Quarantined[] = [];
    await this.options.db.transaction(async (tx) => {
      if (quarantine === null) {
        const rows = records.map(observationRow);
        for (let i = 0; i < rows.length; i += INSERT_ROWS) {
          await tx.insert(observations).values(rows.slice(i, i + INSERT_ROWS));
        }
      } else {
        for (const record of records) {
          try {
            const row = observationRow(record);
            await tx.transaction((savepoint) => savepoint.insert(observations).values(row));
          } catch (error) {
            if (quarantine === 'refused' && !isRefusal(error)) throw error;
            const reason = storableText(errorReason(error));
            await tx.insert(deadLetters).values({
              kind: 'capture',
              recordId: storableText(record.id),
              domain: storableText(record.domain),
              method: storableText(record.method),
              path: storableText(record.path),
              reason,
              // JSON escapes NUL and lone surrogates, so any record is storable as text.
              payload: JSON.stringify(record),
            });
            quarantined.push({ recordId: record.id, reason });
          }
        }
      }
      await tx
        .insert(captureJournals)
        .values({ journalId, ...next })
        .onConflictDoUpdate({
          target: captureJournals.journalId,
          set: { segment: next.segment, offset: next.offset, updatedAt: new Date() },
        });
    });
    return quarantined;
  }

  /**
   * Stops accepting captures (queued ones are synced), then copies what it can
   * within the shutdown budget; the rest stays in the journal for the next start.
   * A temporary journal (no data directory) is copied whole, then removed.
   */
  async close(budgetMs = CLOSE_BUDGET_MS): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.journal.close();
    this.stopping = true;
    this.wake?.();
    await this.loop;
    const deadline = this.temporary ? Number.POSITIVE_INFINITY : Date.now() + budgetMs;
    try {
      while (comparePositions(this.position, this.journal.head) < 0 && Date.now() < deadline) {
        await this.copy();
      }
    } catch (error) {
      this.options.logger.error(
        { reason: errorReason(error) },
        'copying the capture journal at shutdown failed',
      );
    }
    if (comparePositions(this.position, this.journal.head) < 0) {
      this.options.logger.warn(
        { backlogBytes: this.backlogBytes, journal: this.journal.dir },
        this.temporary
          ? 'captured traffic lost: the temporary journal could not be copied'
          : 'captured traffic left in the journal; it is stored at the next start',
      );
    }
    if (this.temporary) rmSync(this.journal.dir, { recursive: true, force: true });
  }
}
