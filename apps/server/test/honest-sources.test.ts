// Honest results: a log read with rejected lines says how many and which; a HAR
// capture uploaded as an API description is read as traffic; a domain scan whose
// sources all failed answers 422 with why, not "0 new endpoints".
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discoverySourceSchema,
  domainScanResultSchema,
  domainSchema,
  endpointListSchema,
  errorBodySchema,
  paths,
} from '@argus/api';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const corpus = (name: string) =>
  readFileSync(new URL(`../../../../shared/corpus/${name}`, import.meta.url), 'utf8');

describe.each(databaseKinds)('honest source results (%s)', (kind) => {
  let t: TestApp;
  const addDomain = async (name: string) =>
    json(await t.inject({ method: 'POST', url: paths.domains(), payload: { name } }), domainSchema).id;
  const addSource = async (domainId: string, payload: Record<string, unknown>) =>
    json(
      await t.inject({ method: 'POST', url: paths.discoverySources(domainId), payload }),
      discoverySourceSchema,
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('a log with rejected lines says how many, with line numbers and reasons', async () => {
    const domainId = await addDomain('logs.example.com');
    const log = [
      '203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET /api/users/42 HTTP/1.1" 200 512 "-" "curl/8.0"',
      'this is not a log line',
      '203.0.113.9 - - [10/Oct/2024:13:55:37 +0000] "GET /api/users/43 HTTP/1.1" 200 512 "-" "curl/8.0"',
      'neither is this one',
    ].join('\n');
    const source = await addSource(domainId, {
      type: 'access_log',
      name: 'partly broken',
      config: { format: 'apache', fileContent: log, fileName: 'access.log' },
    });
    expect(source.syncStatus).toBe('ok');
    expect(source.lastError).toBe('Synced with warnings: 2 of 4 lines could not be parsed');
    expect(source.config.rejectedLines).toBe(2);
    expect(source.config.rejectedSamples?.map((r) => [r.line, r.text])).toEqual([
      [2, 'this is not a log line'],
      [4, 'neither is this one'],
    ]);
    expect(source.config.rejectedSamples?.every((r) => r.reason.length > 0)).toBe(true);
  });

  it('a HAR uploaded in the API description form is read as traffic', async () => {
    const domainId = await addDomain('har.example.com');
    const source = await addSource(domainId, {
      type: 'openapi',
      name: 'browser capture',
      config: {
        fileContent: corpus('http-samples/mitmproxy-browser-export-with-bom.har'),
        fileName: 'capture.har',
      },
    });
    expect(source.lastError ?? '').not.toMatch(/failed/i);
    expect(source.syncStatus).toBe('ok');
    expect(source.endpointsDiscovered).toBeGreaterThan(0);
    // Marked as what it is: the source card says HAR, not OpenAPI.
    expect(source.config.har).toBe(true);
    const list = json(
      await t.inject({ method: 'GET', url: paths.endpoints({ limit: 500 }) }),
      endpointListSchema,
    );
    expect(list.total).toBeGreaterThan(0);
  });

  it('a scan whose sources all failed answers 422 with the reasons', async () => {
    const domainId = await addDomain('broken.example.com');
    const source = await addSource(domainId, {
      type: 'openapi',
      name: 'not a spec',
      config: { fileContent: 'just some words', fileName: 'notes.json' },
    });
    expect(source.syncStatus).toBe('failed');
    const res = await t.inject({ method: 'POST', url: paths.domainScan('broken.example.com') });
    expect(res.statusCode).toBe(422);
    expect(json(res, errorBodySchema).message).toBe(
      `The discovery source of broken.example.com failed: not a spec: ${source.lastError}`,
    );

    // With one working source, the scan succeeds and counts the failed one.
    await addSource(domainId, {
      type: 'access_log',
      name: 'good log',
      config: {
        format: 'apache',
        fileContent:
          '203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET /api/orders/7 HTTP/1.1" 200 10 "-" "curl/8.0"',
      },
    });
    const ok = await t.inject({ method: 'POST', url: paths.domainScan('broken.example.com') });
    expect(json(ok, domainScanResultSchema)).toMatchObject({ sourcesSynced: 1, sourcesFailed: 1 });
  });
});
