// Retention of captured observations: analysed rows past the retention are
// deleted (hourly, one instance), rows waiting for analysis are kept, and the
// endpoints they built stay and can still be scanned.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainScanResultSchema, endpointListSchema, paths } from '@argus/api';
import type { Observation } from '@argus/engine';
import { deadLetters, observations } from '../src/db/schema/index.js';
import { pruneObservations } from '../src/retention.js';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const DAY = 24 * 60 * 60 * 1000;
const DOMAIN = 'retention.example.com';

function observation(path: string, at: number): Observation {
  return {
    source: 'capture',
    domain: DOMAIN,
    method: 'GET',
    path,
    query: '',
    status: 200,
    scheme: 'https',
    auth: [],
    requestHeaders: {},
    responseHeaders: {},
    timestamp: at,
  } as unknown as Observation;
}

describe.each(databaseKinds)('observation retention (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { observationRetentionDays: 7 });
  });
  afterAll(() => t?.close());

  it('deletes analysed observations past the retention and keeps the rest', async () => {
    const { sink, analyzer, scheduler } = t.app.argus;
    const now = Date.now();
    const old = [1, 2, 3].map((n) => ({ id: randomUUID(), at: now - 10 * DAY + n }));
    const recent = [4, 5].map((n) => ({ id: randomUUID(), at: now - DAY + n }));
    for (const { id, at } of [...old, ...recent]) {
      await sink.publish([
        {
          id,
          domain: DOMAIN,
          method: 'GET',
          path: `/v1/reports/${id}`,
          piiTypes: [],
          receivedAt: at,
          observation: observation(`/v1/reports/${at}`, at),
        },
      ]);
    }
    await analyzer.drain();
    // Old, but not analysed yet (the analyzer is stopped): kept.
    await analyzer.stop();
    const waiting = randomUUID();
    await t.ctx.db.insert(observations).values({
      id: waiting,
      domain: DOMAIN,
      method: 'GET',
      path: '/v1/reports/9',
      observation: observation('/v1/reports/9', now - 20 * DAY),
      receivedAt: new Date(now - 20 * DAY),
    });

    // Quarantined captures hold the same data: gone after the same number of days.
    const letter = (id: string, at: number) => ({
      kind: 'capture' as const,
      recordId: id,
      domain: DOMAIN,
      method: 'GET',
      path: '/v1/reports/x',
      reason: 'refused by the database',
      payload: '{}',
      createdAt: new Date(at),
    });
    await t.ctx.db
      .insert(deadLetters)
      .values([letter('old-letter', now - 10 * DAY), letter('new-letter', now - DAY)]);

    expect(await scheduler.pruneIfDue()).toBe(true);
    // Claimed for the hour: neither this nor another instance runs it again now.
    expect(await scheduler.pruneIfDue()).toBe(false);
    const left = (await t.ctx.db.select({ id: observations.id }).from(observations)).map((r) => r.id).sort();
    expect(left).toEqual([...recent.map((r) => r.id), waiting].sort());
    const letters = await t.ctx.db.select({ recordId: deadLetters.recordId }).from(deadLetters);
    expect(letters.map((l) => l.recordId)).toEqual(['new-letter']);
    expect(await pruneObservations(t.ctx, 7)).toBe(0);
    expect(await pruneObservations(t.ctx, 0)).toBe(0);

    const endpoints = json(
      await t.inject({ method: 'GET', url: paths.endpoints({ domain: DOMAIN }) }),
      endpointListSchema,
    );
    expect(endpoints.endpoints.map((e) => [e.normalizedPath, e.requestCount])).toEqual([
      ['/v1/reports/{reportId}', 5],
    ]);

    // With all its traffic past the retention, the domain can still be scanned.
    await t.ctx.db.delete(observations);
    const scan = await t.inject({ method: 'POST', url: paths.domainScan(DOMAIN) });
    expect(json(scan, domainScanResultSchema).endpointsDiscovered).toBe(0);
  });
});
