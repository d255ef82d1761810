// The capture journal: an append-only log of captured observations on the
// instance's own disk. A capture request is acknowledged once its record is
// written: the records that arrive in one turn of the event loop share one
// write (group commit), so an acknowledged observation survives kill -9
// without waiting for the database. How far "written" goes is the fsync
// interval's choice (ARGUS_CAPTURE_FSYNC_MS):
// - 0: the segment is opened O_DSYNC and the write runs off the event loop; a
//   record is acknowledged once it is on the disk (it survives a power cut).
// - N ms (default 1000): the write goes into the kernel from the event loop
//   (it survives the process, kill -9 included) and an fdatasync follows
//   within N ms, as Redis's appendfsync everysec; a power cut may lose the
//   last N ms. The copier syncs before it records a checkpoint, so the
//   database never claims records the disk could lose.
// The ingester (ingest.ts) copies records into the database later, recording
// how far it got in the same transaction.
//
// Layout: `<dir>/journal-id` (random id of this journal, the key of its
// checkpoint in the database) and numbered segment files `<n>.ndjson`, one
// JSON array per line. A segment is closed at SEGMENT_BYTES and deleted once
// every record in it is in the database.
import { randomUUID } from 'node:crypto';
import { constants, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Observation } from '@argus/engine';
import { DEFAULT_FSYNC_INTERVAL_MS } from '../config.js';
import type { CaptureRecord } from './sink.js';

/** A place in the journal: the byte offset in a segment. */
export interface JournalPosition {
  segment: number;
  offset: number;
}

export interface ReadBatch {
  records: CaptureRecord[];
  /** Where the next read starts (after the last whole line read). */
  next: JournalPosition;
  /** Lines that were not a record (damaged on disk), skipped. */
  skipped: number;
}

const SEGMENT_BYTES = 64 * 1024 * 1024;

export interface JournalOptions {
  /** A segment is closed once it holds this many bytes (default 64 MiB). */
  segmentBytes?: number;
  /**
   * 0: every write is on the disk before it is acknowledged (O_DSYNC). N > 0
   * (default 1000): writes are acknowledged once the kernel has them and an
   * fdatasync follows within N ms.
   */
  fsyncIntervalMs?: number;
}

const READ_CHUNK = 1024 * 1024;
const SEGMENT_RE = /^(\d{12})\.ndjson$/;
const NEWLINE = 0x0a;
/**
 * O_DSYNC writes under way at once. One measured best here: the records that
 * arrive while a write runs make the next one bigger, and fewer writes leave
 * the kernel's journal (a share of the same CPUs) less to do; 2, 4 and 8 in
 * flight cost 15-25 % more CPU per capture in the bench.
 */
const MAX_INFLIGHT = 1;

interface Pending {
  /** One or more encoded records. */
  line: string;
  resolve: () => void;
  reject: (error: Error) => void;
}

const segmentName = (n: number) => `${String(n).padStart(12, '0')}.ndjson`;

export function comparePositions(a: JournalPosition, b: JournalPosition): number {
  return a.segment - b.segment || a.offset - b.offset;
}

function encode(r: CaptureRecord): string {
  return `${JSON.stringify([r.id, r.domain, r.method, r.path, r.piiTypes, r.receivedAt, r.observation])}\n`;
}

function decode(line: string): CaptureRecord | null {
  try {
    const v = JSON.parse(line) as unknown;
    if (!Array.isArray(v) || v.length !== 7) return null;
    const [id, domain, method, p, piiTypes, receivedAt, observation] = v as unknown[];
    if (
      typeof id !== 'string' ||
      typeof domain !== 'string' ||
      typeof method !== 'string' ||
      typeof p !== 'string' ||
      !Array.isArray(piiTypes) ||
      typeof receivedAt !== 'number' ||
      typeof observation !== 'object' ||
      observation === null
    )
      return null;
    return {
      id,
      domain,
      method,
      path: p,
      piiTypes: piiTypes as string[],
      receivedAt,
      observation: observation as Observation,
    };
  } catch {
    return null;
  }
}

interface InFlight {
  offset: number;
  length: number;
  done: boolean;
}

export class CaptureJournal {
  /** Segments on disk, oldest first; the last one is written to. */
  private readonly segments: number[];
  /** Sizes of the closed segments (all but the last). */
  private readonly sizes: Map<number, number>;
  /** The active segment (opened O_DSYNC when fsyncIntervalMs is 0: a write that returned is on disk). */
  private handle: FileHandle;
  /** Bytes of the active segment up to which every write has returned (acknowledged). */
  private written: number;
  /** Bytes of the active segment known to be on the disk (fdatasync returned). */
  private durable: number;
  private syncing: Promise<void> | null = null;
  private syncTimer: NodeJS.Timeout | null = null;
  /** Where the next write goes in the active segment. */
  private reserved: number;
  /** Writes under way, in offset order (at most MAX_INFLIGHT). */
  private readonly inflight: InFlight[] = [];
  private queue: Pending[] = [];
  private queuedBytes = 0;
  private scheduled = false;
  private rotating = false;
  private closed = false;
  private readonly idleWaiters: (() => void)[] = [];
  private readonly listeners = new Set<() => void>();
  /** Writes done since open (each acknowledges one batch of records). */
  syncs = 0;

  private constructor(
    readonly dir: string,
    readonly id: string,
    segments: number[],
    sizes: Map<number, number>,
    handle: FileHandle,
    size: number,
    private readonly segmentBytes: number,
    private readonly fsyncIntervalMs: number,
  ) {
    this.segments = segments;
    this.sizes = sizes;
    this.handle = handle;
    this.written = size;
    this.durable = size;
    this.reserved = size;
  }

  /**
   * Opens (or creates) the journal in `dir`. A record cut short by a crash
   * (never acknowledged: its write had not returned) is removed from the end.
   */
  static async open(dir: string, options: JournalOptions = {}): Promise<CaptureJournal> {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    lockJournal(dir);
    const idFile = path.join(dir, 'journal-id');
    if (!existsSync(idFile)) writeFileSync(idFile, `${randomUUID()}\n`, { mode: 0o600 });
    const id = readFileSync(idFile, 'utf8').trim();
    const segments = (await readdir(dir))
      .map((name) => SEGMENT_RE.exec(name)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    if (segments.length === 0) segments.push(1);
    const last = segments[segments.length - 1]!;
    const file = path.join(dir, segmentName(last));
    const fsyncIntervalMs = options.fsyncIntervalMs ?? DEFAULT_FSYNC_INTERVAL_MS;
    const handle = await openForAppend(file, fsyncIntervalMs === 0);
    const size = await completeLength(file);
    if (size < (await handle.stat()).size) await handle.truncate(size);
    // What the last run left may not have reached the disk yet.
    if (fsyncIntervalMs > 0) await handle.datasync();
    const sizes = new Map<number, number>();
    for (const segment of segments.slice(0, -1))
      sizes.set(segment, (await stat(path.join(dir, segmentName(segment)))).size);
    return new CaptureJournal(
      dir,
      id,
      segments,
      sizes,
      handle,
      size,
      options.segmentBytes ?? SEGMENT_BYTES,
      fsyncIntervalMs,
    );
  }

  /** Where an ingester with no checkpoint starts: the oldest record on disk. */
  get start(): JournalPosition {
    return { segment: this.segments[0]!, offset: 0 };
  }

  /** Just after the last acknowledged record (every record before it is written). */
  get head(): JournalPosition {
    return { segment: this.segments[this.segments.length - 1]!, offset: this.written };
  }

  /** Acknowledged bytes of the active segment not yet known to be on the disk. */
  get unsyncedBytes(): number {
    return this.written - this.durable;
  }

  /**
   * Resolves once every acknowledged record is on the disk (at once with
   * fsyncIntervalMs 0, where acknowledged already means that).
   */
  async sync(): Promise<void> {
    while (this.durable < this.written) {
      if (!this.syncing) {
        const handle = this.handle;
        const target = this.written;
        this.syncing = handle
          .datasync()
          .then(() => {
            // A rotation meanwhile synced and closed this segment itself.
            if (handle === this.handle) this.durable = Math.max(this.durable, target);
          })
          .finally(() => {
            this.syncing = null;
          });
      }
      await this.syncing;
    }
  }

  private scheduleSync(): void {
    if (this.syncTimer) return;
    this.syncTimer = setTimeout(() => {
      this.syncTimer = null;
      // A failure shows again where it matters: the copier syncs before every checkpoint.
      this.sync().catch(() => undefined);
    }, this.fsyncIntervalMs);
    this.syncTimer.unref();
  }

  /** Called whenever the head moves. */
  onAppend(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once the record is written (see fsyncIntervalMs). */
  append(record: CaptureRecord): Promise<void> {
    return this.appendAll([record]);
  }

  /** Resolves once every record is written; they share one entry of the queue. */
  appendAll(records: readonly CaptureRecord[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the capture journal is closed'));
    let lines = '';
    for (const record of records) lines += encode(record);
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ line: lines, resolve, reject });
      this.queuedBytes += lines.length;
      if (!this.scheduled) {
        this.scheduled = true;
        // Requests parsed in this round of the event loop share the write.
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  /** Starts writes for what is queued. */
  private pump(): void {
    while (this.queue.length > 0 && this.inflight.length < MAX_INFLIGHT && !this.rotating) {
      if (this.reserved >= this.segmentBytes) {
        if (this.inflight.length === 0) void this.rotate();
        return;
      }
      const batch = this.queue;
      this.queue = [];
      this.queuedBytes = 0;
      void this.write(batch);
    }
    if (this.queue.length === 0 && this.inflight.length === 0 && !this.rotating) {
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    // Each write starts with a newline, so a write torn by a crash or an I/O
    // error cannot run into the records of the next one.
    const bytes = Buffer.from(`\n${batch.length === 1 ? batch[0]!.line : batch.map((p) => p.line).join('')}`);
    const entry: InFlight = { offset: this.reserved, length: bytes.length, done: false };
    this.reserved += bytes.length;
    this.inflight.push(entry);
    const handle = this.handle;
    try {
      if (this.fsyncIntervalMs > 0) {
        // Into the kernel from the event loop (what queued while a segment rotated);
        // the fdatasync follows.
        writeFully(handle.fd, bytes, entry.offset);
        this.scheduleSync();
      } else {
        let written = 0;
        while (written < bytes.length) {
          const result = await handle.write(bytes, written, bytes.length - written, entry.offset + written);
          written += result.bytesWritten;
        }
      }
      this.syncs++;
      for (const p of batch) p.resolve();
    } catch (error) {
      // Not acknowledged; the bytes that did reach the file are skipped as a damaged line.
      for (const p of batch) p.reject(error as Error);
    } finally {
      entry.done = true;
      let end: number | null = null;
      while (this.inflight[0]?.done) {
        const first = this.inflight.shift()!;
        end = first.offset + first.length;
      }
      if (end !== null) this.moved(end);
      this.pump();
    }
  }

  /** Every write before `end` of the active segment has returned. */
  private moved(end: number): void {
    this.written = end;
    if (this.fsyncIntervalMs === 0) this.durable = end;
    for (const listener of this.listeners) listener();
  }

  private async rotate(): Promise<void> {
    this.rotating = true;
    try {
      const next = this.segments[this.segments.length - 1]! + 1;
      // A closed segment is wholly on the disk.
      if (this.fsyncIntervalMs > 0) await this.handle.datasync();
      const handle = await openForAppend(path.join(this.dir, segmentName(next)), this.fsyncIntervalMs === 0);
      const previous = this.handle;
      this.handle = handle;
      this.sizes.set(this.segments[this.segments.length - 1]!, this.written);
      this.segments.push(next);
      this.written = 0;
      this.durable = 0;
      this.reserved = 0;
      await previous.close();
    } catch (error) {
      // Keep writing to the current segment; the next batch tries again.
      for (const p of this.queue.splice(0)) p.reject(error as Error);
      this.queuedBytes = 0;
    } finally {
      this.rotating = false;
      this.pump();
    }
  }

  /**
   * Reads whole records from `from`, at most `max`, never past the
   * acknowledged head; a read continues into the next segment.
   */
  async read(from: JournalPosition, max: number): Promise<ReadBatch> {
    const records: CaptureRecord[] = [];
    let skipped = 0;
    let at = { ...from };
    while (records.length < max) {
      if (!this.segments.includes(at.segment)) {
        const later = this.segments.find((s) => s > at.segment);
        if (later === undefined) break;
        at = { segment: later, offset: 0 };
      }
      const active = at.segment === this.segments[this.segments.length - 1];
      const file = path.join(this.dir, segmentName(at.segment));
      const end = active ? this.written : (this.sizes.get(at.segment) ?? 0);
      if (at.offset >= end) {
        if (active) break;
        at = { segment: at.segment + 1, offset: 0 };
        continue;
      }
      // Its own handle: the writer may close the active one when it rotates.
      const handle = await open(file, 'r');
      try {
        while (records.length < max && at.offset < end) {
          const length = Math.min(READ_CHUNK, end - at.offset);
          const buffer = Buffer.allocUnsafe(length);
          const { bytesRead } = await handle.read(buffer, 0, length, at.offset);
          let lineStart = 0;
          while (records.length < max) {
            const nl = buffer.indexOf(NEWLINE, lineStart);
            if (nl < 0 || nl >= bytesRead) break;
            if (nl > lineStart) {
              const record = decode(buffer.toString('utf8', lineStart, nl));
              if (record) records.push(record);
              else skipped++;
            }
            lineStart = nl + 1;
          }
          if (lineStart > 0) {
            at = { segment: at.segment, offset: at.offset + lineStart };
            continue;
          }
          // A line longer than the chunk: read it whole. Without a newline it is the
          // torn end of a closed segment (a failed write), skipped.
          const line = await readLine(handle, at.offset, end);
          if (line) {
            const record = decode(line.text);
            if (record) records.push(record);
            else skipped++;
          } else skipped++;
          at = { segment: at.segment, offset: line ? at.offset + line.bytes : end };
        }
      } finally {
        await handle.close();
      }
      if (at.offset < end) break;
    }
    return { records, next: at, skipped };
  }

  /** Deletes the segments that lie wholly before `position` (their records are stored). */
  async release(position: JournalPosition): Promise<void> {
    while (this.segments.length > 1 && this.segments[0]! < position.segment) {
      const segment = this.segments.shift()!;
      this.sizes.delete(segment);
      await rm(path.join(this.dir, segmentName(segment)), { force: true });
    }
  }

  /** Bytes between `from` and the head, plus those waiting for their sync. */
  backlogBytes(from: JournalPosition): number {
    let total = this.queuedBytes;
    for (const segment of this.segments) {
      if (segment < from.segment) continue;
      const size = this.sizes.get(segment) ?? this.written;
      total += segment === from.segment ? Math.max(0, size - from.offset) : size;
    }
    return total;
  }

  /** Waits for queued records to be written and synced; later appends are refused. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.queue.length > 0 || this.inflight.length > 0 || this.rotating || this.scheduled) {
      await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    }
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = null;
    await this.sync().catch(() => undefined);
    await this.handle.close();
    unlockJournal(this.dir);
  }
}

const LOCK_FILE = 'owner.pid';

/**
 * One process per journal: two servers appending to the same segments would
 * interleave and overwrite records. A lock left by a process that is gone
 * (kill -9) is taken over.
 */
function lockJournal(dir: string): void {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (owner === process.pid || !isAlive(owner)) {
      rmSync(file, { force: true });
      continue;
    }
    throw new Error(
      `Another Argus server (pid ${owner}) uses the capture journal in ${dir}: give each instance its own ARGUS_DATA_DIR (or delete ${file} if no other server runs)`,
    );
  }
  throw new Error(`Could not lock the capture journal in ${dir}`);
}

function unlockJournal(dir: string): void {
  const file = path.join(dir, LOCK_FILE);
  if (existsSync(file) && Number.parseInt(readFileSync(file, 'utf8'), 10) === process.pid) {
    rmSync(file, { force: true });
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Length of the file up to and including its last newline (a torn last line is not counted). */
async function completeLength(file: string): Promise<number> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    let end = size;
    const buffer = Buffer.allocUnsafe(64 * 1024);
    while (end > 0) {
      const start = Math.max(0, end - buffer.length);
      const { bytesRead } = await handle.read(buffer, 0, end - start, start);
      const nl = buffer.subarray(0, bytesRead).lastIndexOf(NEWLINE);
      if (nl >= 0) return start + nl + 1;
      end = start;
    }
    return 0;
  } finally {
    await handle.close();
  }
}

function writeFully(fd: number, bytes: Buffer, offset: number): void {
  let written = 0;
  while (written < bytes.length)
    written += writeSync(fd, bytes, written, bytes.length - written, offset + written);
}

/** Opened for writing; with `dsync` a write that returns is durable (one system call, no separate fdatasync). */
function openForAppend(file: string, dsync: boolean): Promise<FileHandle> {
  return open(file, constants.O_WRONLY | constants.O_CREAT | (dsync ? constants.O_DSYNC : 0), 0o600);
}

/** Reads one line starting at `offset` whatever its length; null when it has no newline before `end`. */
async function readLine(
  handle: FileHandle,
  offset: number,
  end: number,
): Promise<{ text: string; bytes: number } | null> {
  const parts: Buffer[] = [];
  let at = offset;
  while (at < end) {
    const length = Math.min(READ_CHUNK * 4, end - at);
    const buffer = Buffer.allocUnsafe(length);
    const { bytesRead } = await handle.read(buffer, 0, length, at);
    if (bytesRead === 0) return null;
    const nl = buffer.subarray(0, bytesRead).indexOf(NEWLINE);
    if (nl >= 0) {
      parts.push(buffer.subarray(0, nl));
      const text = Buffer.concat(parts).toString('utf8');
      return { text, bytes: at - offset + nl + 1 };
    }
    parts.push(buffer.subarray(0, bytesRead));
    at += bytesRead;
  }
  return null;
}
