// Captured text the database cannot store as given, and records it refuses.
// The review: one capture holding \u0000 was acknowledged, then failed its copy
// batch forever (across restarts), holding up every capture after it, and each
// retry logged the whole observation with its PII.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  captureBatchResultSchema,
  captureResultSchema,
  deadLetterListSchema,
  endpointListSchema,
  paths,
} from '@argus/api';
import { CaptureIngest } from '../src/capture/ingest.js';
import type { CaptureRecord } from '../src/capture/sink.js';
import type { Observation } from '@argus/engine';
import { deadLetters, observations } from '../src/db/schema/index.js';
import { NUL_SYMBOL, storableValue } from '../src/db/storable.js';
import { createTestApp, databaseKinds, json, openTestDatabase } from './helpers.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Text only the captured bodies hold: it must never reach a log line. */
const SECRET = 'jane.doe.secret@example.com';
const DOMAIN = 'quarantine.example.com';

function record(id: string, requestBody: string): CaptureRecord {
  const observation = {
    source: 'capture',
    domain: DOMAIN,
    method: 'POST',
    path: '/api/notes',
    query: 'q=a\u0000b',
    status: null,
    scheme: 'https',
    auth: { kind: 'none' },
    requestHeaders: { 'x-note\u0000': 'v\u0000' },
    responseHeaders: {},
    timestamp: 1_750_000_000_000,
    requestBody,
  } as unknown as Observation;
  return {
    id,
    domain: DOMAIN,
    method: 'POST',
    path: '/api/notes',
    piiTypes: ['email'],
    receivedAt: 1_750_000_000_000,
    observation,
  };
}

describe('storableValue', () => {
  it('replaces NUL and lone surrogates in strings and keys, and returns clean values unchanged', () => {
    const clean = { a: ['x', { b: 1 }], c: null };
    expect(storableValue(clean)).toBe(clean);
    expect(storableValue({ 'k\u0000': ['a\u0000b', 'x\uD800y', '\uDC00', '😀'] })).toEqual({
      [`k${NUL_SYMBOL}`]: [`a${NUL_SYMBOL}b`, 'x\uFFFDy', '\uFFFD', '😀'],
    });
  });
});

describe.each(databaseKinds)('captured text the database refuses (%s)', (kind) => {
  it(
    'stores NUL records, quarantines a refused one with its reason, logs no body, across a restart',
    { timeout: 60_000 },
    async () => {
      const database = await openTestDatabase(kind);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'argus-quarantine-'));
      dirs.push(dataDir);
      const lines: string[] = [];
      const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
      try {
        // What an earlier build left in the journal: NUL in body, query and a header
        // name, and a line whose id PostgreSQL refuses (invalid uuid, SQLSTATE 22P02).
        const good = [randomUUID(), randomUUID(), randomUUID()];
        const refusedId = 'not-a-uuid';
        const first = await CaptureIngest.open({ db: database.db, logger, dataDir });
        await first.appendAll([
          record(good[0]!, `{"email":"${SECRET}","note":"a\u0000b"}`),
          record(refusedId, `{"email":"${SECRET}"}`),
          record(good[1]!, `plain ${SECRET}`),
        ]);
        await first.close(0);

        const second = await CaptureIngest.open({ db: database.db, logger, dataDir });
        second.start();
        await second.append(record(good[2]!, 'after'));
        expect(await second.catchUp(Date.now() + 30_000)).toBe(true);
        const stored = await database.db
          .select({ id: observations.id, observation: observations.observation })
          .from(observations);
        expect(stored.map((r) => r.id).sort()).toEqual([...good].sort());
        const nul = stored.find((r) => r.id === good[0])!.observation as Record<string, unknown>;
        expect(nul['requestBody']).toBe(`{"email":"${SECRET}","note":"a${NUL_SYMBOL}b"}`);
        expect(nul['query']).toBe(`q=a${NUL_SYMBOL}b`);
        expect(nul['requestHeaders']).toEqual({ [`x-note${NUL_SYMBOL}`]: `v${NUL_SYMBOL}` });

        const quarantined = await database.db.select().from(deadLetters);
        expect(quarantined).toHaveLength(1);
        expect(quarantined[0]).toMatchObject({ kind: 'capture', recordId: refusedId, domain: DOMAIN });
        expect(quarantined[0]!.reason).toMatch(/uuid/i);
        expect(quarantined[0]!.reason).not.toMatch(/insert into|params/i);
        expect(JSON.parse(quarantined[0]!.payload)).toMatchObject({ id: refusedId });
        await second.close();

        // The next start copies nothing twice and quarantines nothing again.
        const third = await CaptureIngest.open({ db: database.db, logger, dataDir });
        expect(await third.catchUp(Date.now() + 30_000)).toBe(true);
        await third.close();
        expect((await database.db.select({ n: count() }).from(observations))[0]!.n).toBe(3);
        expect((await database.db.select({ n: count() }).from(deadLetters))[0]!.n).toBe(1);

        const log = lines.join('');
        expect(log).toMatch(/quarantined/);
        expect(log).toContain(refusedId);
        expect(log).not.toContain(SECRET);
      } finally {
        await database.close();
      }
    },
  );

  it('analyses NUL captures from /gateway and the batch API, and lists what it quarantined', async () => {
    const TOKEN = 'quarantine-token-0123456789abcdef';
    const t = await createTestApp(kind, { ingestToken: TOKEN });
    try {
      const gateway = await t.anonymous({
        method: 'POST',
        url: '/gateway/api/nul/1?name=a%00b',
        headers: { host: DOMAIN, authorization: `Bearer ${TOKEN}`, 'content-type': 'text/plain' },
        payload: `note\u0000${SECRET}`,
      });
      expect(json(gateway, captureResultSchema).recorded.path).toBe('/api/nul/1');
      const batch = await t.anonymous({
        method: 'POST',
        url: paths.captures(),
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: {
          exchanges: [
            {
              host: DOMAIN,
              method: 'PUT',
              path: '/api/nul\u0000path?x=\u0000',
              status: 200,
              requestHeaders: { 'x-a\u0000': '\u0000' },
              requestBody: '{"a":"\u0000"}',
              responseBody: '\u0000\uD800',
            },
            // A capture time no date can hold (past year 275760): the record is refused.
            { host: DOMAIN, method: 'GET', path: '/api/far-future', timestamp: 9_000_000_000_000_000 },
            { host: DOMAIN, method: 'DELETE', path: '/api/nul/2' },
          ],
        },
      });
      const recorded = json(batch, captureBatchResultSchema).recorded;
      expect(recorded).toHaveLength(3);

      // An inventory read waits for what was acknowledged before it.
      const list = json(
        await t.inject({ method: 'GET', url: paths.endpoints({ domain: DOMAIN, limit: 50 }) }),
        endpointListSchema,
      ).endpoints;
      expect(list.map((e) => `${e.method} ${e.normalizedPath}`).sort()).toEqual(
        ['DELETE /api/nul/{nulId}', 'POST /api/nul/{nulId}', `PUT /api/nul${NUL_SYMBOL}path`].sort(),
      );
      const letters = json(await t.inject({ method: 'GET', url: paths.deadLetters() }), deadLetterListSchema);
      expect(letters.total).toBe(1);
      expect(letters.deadLetters[0]).toMatchObject({
        recordId: recorded[1]!.id,
        domain: DOMAIN,
        method: 'GET',
        path: '/api/far-future',
      });
      expect(letters.deadLetters[0]!.reason).toMatch(/not a date/);
      const [row] = await t.ctx.db
        .select({ id: deadLetters.id })
        .from(deadLetters)
        .where(eq(deadLetters.recordId, recorded[1]!.id));
      expect(row).toBeDefined();
      const anonymous = await t.anonymous({ method: 'GET', url: paths.deadLetters() });
      expect(anonymous.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
