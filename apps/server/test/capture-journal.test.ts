// The capture journal (durable before the database) and its copier into the
// database: group commit, torn and damaged lines, segments, exactly-once copy
// across restarts, copying on its own when idle, and the backlog limit.
import { randomUUID } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { count, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { captureResultSchema, errorBodySchema } from '@argus/api';
import { CaptureIngest } from '../src/capture/ingest.js';
import { CaptureJournal } from '../src/capture/journal.js';
import type { CaptureRecord } from '../src/capture/sink.js';
import type { Observation } from '@argus/engine';
import { observations } from '../src/db/schema/index.js';
import { METRICS_AUTH, createTestApp, databaseKinds, json, openTestDatabase } from './helpers.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'argus-journal-test-'));
  dirs.push(dir);
  return dir;
}

function record(n: number, body?: string): CaptureRecord {
  const observation = {
    source: 'capture',
    domain: 'journal.example.com',
    method: 'POST',
    path: `/api/items/${n}`,
    query: '',
    status: null,
    scheme: 'https',
    auth: { kind: 'none' },
    requestHeaders: { 'content-type': 'application/json' },
    responseHeaders: {},
    timestamp: 1_750_000_000_000 + n,
    ...(body === undefined ? {} : { requestBody: body }),
  } as unknown as Observation;
  return {
    id: randomUUID(),
    domain: 'journal.example.com',
    method: 'POST',
    path: `/api/items/${n}`,
    piiTypes: n % 2 ? ['email'] : [],
    receivedAt: 1_750_000_000_000 + n,
    observation,
  };
}

const silent = pino({ level: 'silent' });

describe('CaptureJournal', () => {
  it.each([
    ['on the disk before the answer', 0],
    ['in the kernel, synced within 1 s', 1000],
  ])(
    'acknowledges records that arrive together with one write and reads them back in order (%s)',
    async (_mode, fsyncIntervalMs) => {
      const journal = await CaptureJournal.open(tempDir(), { fsyncIntervalMs });
      const records = Array.from({ length: 50 }, (_, i) => record(i));
      await Promise.all(records.map((r) => journal.append(r)));
      expect(journal.syncs).toBe(1);
      const batch = await journal.read(journal.start, 1000);
      expect(batch.records.map((r) => r.id)).toEqual(records.map((r) => r.id));
      expect(batch.records[1]).toEqual(records[1]);
      expect(batch.next).toEqual(journal.head);
      if (fsyncIntervalMs === 0) expect(journal.unsyncedBytes).toBe(0);
      await journal.close();
      await expect(journal.append(record(99))).rejects.toThrow(/closed/);
    },
  );

  it('syncs acknowledged records to the disk within the interval, or at once when asked', async () => {
    const quick = await CaptureJournal.open(tempDir(), { fsyncIntervalMs: 20 });
    await quick.append(record(1));
    expect(quick.unsyncedBytes).toBeGreaterThan(0);
    await expect.poll(() => quick.unsyncedBytes, { timeout: 2000 }).toBe(0);
    await quick.close();

    const slow = await CaptureJournal.open(tempDir(), { fsyncIntervalMs: 60_000 });
    await slow.append(record(2));
    expect(slow.unsyncedBytes).toBeGreaterThan(0);
    await slow.sync();
    expect(slow.unsyncedBytes).toBe(0);
    await slow.close();
  });

  it('drops a record cut short by a crash and skips a damaged line', async () => {
    const dir = tempDir();
    const first = await CaptureJournal.open(dir);
    const kept = [record(1), record(2), record(3)];
    for (const r of kept) await first.append(r);
    await first.close();
    const segment = readdirSync(dir).find((f) => f.endsWith('.ndjson'))!;
    appendFileSync(path.join(dir, segment), 'not a record\n["torn-by-a-crash", "journal.exa');

    const reopened = await CaptureJournal.open(dir);
    const later = record(4);
    await reopened.append(later);
    const batch = await reopened.read(reopened.start, 1000);
    expect(batch.records.map((r) => r.id)).toEqual([...kept, later].map((r) => r.id));
    expect(batch.skipped).toBe(1);
    await reopened.close();
  });

  it('rotates segments, reads across them in parts, and deletes the released ones', async () => {
    const dir = tempDir();
    const journal = await CaptureJournal.open(dir, { segmentBytes: 2000 });
    const records = Array.from({ length: 30 }, (_, i) => record(i));
    for (const r of records) await journal.append(r);
    const segments = () => readdirSync(dir).filter((f) => f.endsWith('.ndjson'));
    expect(segments().length).toBeGreaterThan(3);

    const ids: string[] = [];
    let at = journal.start;
    for (let i = 0; i < 10 && ids.length < records.length; i++) {
      const part = await journal.read(at, 7);
      expect(part.records.length).toBeLessThanOrEqual(7);
      ids.push(...part.records.map((r) => r.id));
      at = part.next;
    }
    expect(ids).toEqual(records.map((r) => r.id));
    await journal.release(at);
    expect(segments()).toHaveLength(1);
    expect(journal.backlogBytes(at)).toBe(0);
    await journal.close();
  });

  it('belongs to one server at a time, and takes over the lock of one that is gone', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'owner.pid'), `${process.ppid}\n`);
    await expect(CaptureJournal.open(dir)).rejects.toThrow(
      `Another Argus server (pid ${process.ppid}) uses the capture journal in ${dir}`,
    );
    // A pid no process has (pids stay below 2^22 on Linux): left by a server killed with -9.
    writeFileSync(path.join(dir, 'owner.pid'), '4194999\n');
    const journal = await CaptureJournal.open(dir);
    expect(readFileSync(path.join(dir, 'owner.pid'), 'utf8')).toBe(`${process.pid}\n`);
    await journal.close();
    expect(existsSync(path.join(dir, 'owner.pid'))).toBe(false);
  });

  it('reads a record longer than its read chunk whole', async () => {
    const journal = await CaptureJournal.open(tempDir());
    const big = record(1, 'x'.repeat(3 * 1024 * 1024));
    await journal.append(big);
    await journal.append(record(2));
    const batch = await journal.read(journal.start, 10);
    expect(batch.records).toHaveLength(2);
    expect(batch.records[0]!.observation.requestBody).toHaveLength(3 * 1024 * 1024);
    await journal.close();
  });
});

describe.each(databaseKinds)('CaptureIngest (%s)', (kind) => {
  it('copies every acknowledged capture into the database exactly once across restarts', async () => {
    const database = await openTestDatabase(kind);
    const dataDir = tempDir();
    try {
      const storedIds = async () =>
        (await database.db.select({ id: observations.id }).from(observations)).map((r) => r.id).sort();
      const first = await CaptureIngest.open({
        db: database.db,
        logger: silent,
        dataDir,
        journal: { fsyncIntervalMs: 60_000 },
      });
      const early = Array.from({ length: 10 }, (_, i) => record(i));
      await Promise.all(early.map((r) => first.append(r)));
      expect(first.journal.unsyncedBytes).toBeGreaterThan(0);
      expect(await first.catchUp()).toBe(true);
      expect(await storedIds()).toEqual(early.map((r) => r.id).sort());
      // The checkpoint never passes what the disk holds: the copy synced the journal first.
      expect(first.journal.unsyncedBytes).toBe(0);
      const late = Array.from({ length: 2500 }, (_, i) => record(100 + i));
      await Promise.all(late.map((r) => first.append(r)));
      expect(first.backlogBytes).toBeGreaterThan(0);
      // Shut down with no time to copy: the rest waits in the journal.
      await first.close(0);
      expect(await storedIds()).toHaveLength(10);

      const second = await CaptureIngest.open({ db: database.db, logger: silent, dataDir });
      await second.catchUp();
      const all = [...early, ...late].map((r) => r.id).sort();
      expect(await storedIds()).toEqual(all);
      const [row] = await database.db
        .select({ receivedAt: observations.receivedAt, piiTypes: observations.piiTypes })
        .from(observations)
        .where(inArray(observations.id, [late[1]!.id]));
      expect(row).toEqual({ receivedAt: new Date(late[1]!.receivedAt), piiTypes: ['email'] });
      await second.close();

      const third = await CaptureIngest.open({ db: database.db, logger: silent, dataDir });
      await third.catchUp();
      expect(await storedIds()).toEqual(all);
      expect(
        readdirSync(path.join(dataDir, 'capture-journal')).filter((f) => f.endsWith('.ndjson')),
      ).toHaveLength(1);
      await third.close();
    } finally {
      await database.close();
    }
  });

  it('copies a journal whose segments were removed behind its checkpoint from the start', async () => {
    const database = await openTestDatabase(kind);
    const dataDir = tempDir();
    try {
      const first = await CaptureIngest.open({ db: database.db, logger: silent, dataDir });
      for (let i = 0; i < 3; i++) await first.append(record(i));
      await first.close();
      // Someone empties the journal directory but keeps its id (a restored backup, a cleanup script).
      for (const file of readdirSync(path.join(dataDir, 'capture-journal')))
        if (file.endsWith('.ndjson')) rmSync(path.join(dataDir, 'capture-journal', file));
      const second = await CaptureIngest.open({ db: database.db, logger: silent, dataDir });
      const later = record(10);
      await second.append(later);
      await second.catchUp();
      const ids = (await database.db.select({ id: observations.id }).from(observations)).map((r) => r.id);
      expect(ids).toContain(later.id);
      expect(ids).toHaveLength(4);
      await second.close();
    } finally {
      await database.close();
    }
  });

  it('copies on its own when the server has time to spare', async () => {
    const database = await openTestDatabase(kind);
    let stored = 0;
    const ingest = await CaptureIngest.open({
      db: database.db,
      logger: silent,
      dataDir: undefined,
      onStored: (n) => (stored += n),
    });
    try {
      ingest.start();
      await Promise.all(Array.from({ length: 5 }, (_, i) => ingest.append(record(i))));
      for (let i = 0; i < 200 && stored < 5; i++) await new Promise((r) => setTimeout(r, 50));
      expect(stored).toBe(5);
      const [n] = await database.db.select({ n: count() }).from(observations);
      expect(n!.n).toBe(5);
      expect(ingest.backlogBytes).toBe(0);
    } finally {
      await ingest.close();
      await database.close();
    }
  });

  it('keeps acknowledging while the database refuses writes, and stores everything once it is back', async () => {
    const database = await openTestDatabase(kind);
    let failing = true;
    // The database as the copier sees it: every transaction fails until `failing` is cleared.
    const flaky = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'transaction' && failing)
          return () => Promise.reject(new Error('connection refused (test)'));
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const errors: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void errors.push(line) });
    const ingest = await CaptureIngest.open({ db: flaky, logger, dataDir: undefined });
    try {
      ingest.start();
      const records = Array.from({ length: 20 }, (_, i) => record(i));
      await Promise.all(records.map((r) => ingest.append(r)));
      for (let i = 0; i < 100 && errors.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(errors.join('')).toMatch(/copying captured traffic into the database failed; retrying/);
      expect(ingest.backlogBytes).toBeGreaterThan(0);
      failing = false;
      expect(await ingest.catchUp(Date.now() + 10_000)).toBe(true);
      const [n] = await database.db.select({ n: count() }).from(observations);
      expect(n!.n).toBe(20);
    } finally {
      failing = false;
      await ingest.close();
      await database.close();
    }
  });

  it('answers 503 with Retry-After once the backlog passes its limit, and stores what it acknowledged', async () => {
    const TOKEN = 'journal-test-token-0123456789';
    const t = await createTestApp(kind, { ingestToken: TOKEN, captureBacklogLimit: 1 });
    try {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.anonymous({
            method: 'POST',
            url: `/gateway/api/orders/${i}`,
            headers: { host: 'shop.example.com', authorization: `Bearer ${TOKEN}` },
            payload: { email: `buyer${i}@example.org` },
          }),
        ),
      );
      const refused = responses.filter((r) => r.statusCode === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0]!.headers['retry-after']).toBe('30');
      expect(json(refused[0]!, errorBodySchema).message).toMatch(/^Capture backlog full/);
      const accepted = responses
        .filter((r) => r.statusCode === 202)
        .map((r) => json(r, captureResultSchema).recorded.id);
      expect(accepted.length + refused.length).toBe(20);
      await t.app.argus.sink.catchUp();
      const rows = await t.ctx.db
        .select({ id: observations.id })
        .from(observations)
        .where(inArray(observations.id, accepted));
      expect(rows).toHaveLength(accepted.length);
      const metrics = await t.anonymous({ method: 'GET', url: '/metrics', headers: METRICS_AUTH });
      expect(metrics.body).toMatch(/^argus_capture_backlog_bytes 0$/m);
    } finally {
      await t.close();
    }
  });
});
