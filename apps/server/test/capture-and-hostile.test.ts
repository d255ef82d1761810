// The capture path's edges and hostile input: huge bodies, invalid JSON,
// malformed hosts, SQL metacharacters, tokens; plus health, metrics, headers
// and the dashboard fallback. Nothing already stored may be lost.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captureResultSchema,
  domainListSchema,
  endpointListSchema,
  errorBodySchema,
  MAX_UPLOAD_BYTES,
  paths,
} from '@argus/api';
import { observations } from '../src/db/schema/index.js';
import { METRICS_AUTH, createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const TOKEN = 'ingest-token-for-tests-0123456789';

describe.each(databaseKinds)('capture path and hostile input (%s)', (kind) => {
  let t: TestApp;
  // What is stored: copied from the capture journal into the database.
  const stored = async () => {
    await t.app.argus.sink.catchUp();
    return (await t.ctx.db.select({ n: count() }).from(observations))[0]!.n;
  };
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'argus-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp(kind, { ingestToken: TOKEN, dashboardDir: dist });
    for (let i = 0; i < 5; i++) {
      const res = await t.inject({
        method: 'GET',
        url: `/gateway/v2/items/${i}`,
        headers: { host: 'store.example.com' },
      });
      expect(res.statusCode).toBe(202);
    }
  });
  afterAll(() => t?.close());

  it('records every method with the Host (or X-Forwarded-Host) domain, query and raw body', async () => {
    const res = await t.inject({
      method: 'PATCH',
      url: '/gateway/v2/items/9?email=a%40example.org',
      headers: { host: 'STORE.example.com:8443', 'content-type': 'text/plain' },
      payload: 'ssn=536-22-8714',
    });
    const body = json(res, captureResultSchema);
    expect(body.recorded).toMatchObject({
      domain: 'store.example.com',
      method: 'PATCH',
      path: '/v2/items/9',
    });
    expect(body.recorded.piiTypes).toEqual(expect.arrayContaining(['email', 'ssn']));
    const badJson = await t.inject({
      method: 'POST',
      url: '/gateway/v2/items',
      headers: { host: 'store.example.com', 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(badJson.statusCode).toBe(202);
  });

  it('accepts the ingest token instead of a session, and nothing else', async () => {
    const ok = await t.anonymous({
      method: 'POST',
      url: '/gateway/v2/orders',
      headers: {
        host: 'store.example.com',
        authorization: `Bearer ${TOKEN}`,
        origin: 'https://store.example.com',
      },
      payload: { x: 1 },
    });
    expect(ok.statusCode).toBe(202);
    const wrong = await t.anonymous({
      method: 'POST',
      url: '/gateway/v2/orders',
      headers: { host: 'store.example.com', authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong, errorBodySchema).message).toMatch(/ingest token/);
  });

  it('stores the path after the capture prefix in every spelling the router accepts', async () => {
    for (const prefix of ['/%67ateway', '/g%61teway', '/gateway']) {
      const res = await t.anonymous({
        method: 'GET',
        url: `${prefix}/x?page=2`,
        headers: { host: 'store.example.com', authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode, prefix).toBe(202);
      expect(json(res, captureResultSchema).recorded, prefix).toMatchObject({ path: '/x' });
    }
  });

  it('refuses hosts that are not host names, and over-large bodies, and keeps what it had', async () => {
    const before = await stored();
    for (const host of ['bad host', '..', 'a/../../etc']) {
      const res = await t.inject({ method: 'GET', url: '/gateway/x', headers: { 'x-forwarded-host': host } });
      expect(res.statusCode, host).toBe(400);
      expect(json(res, errorBodySchema).message).toMatch(/valid host name/);
    }
    const huge = await t.inject({
      method: 'POST',
      url: '/gateway/upload',
      headers: { host: 'store.example.com', 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(2 * 1024 * 1024, 97),
    });
    expect(huge.statusCode).toBe(413);
    expect(json(huge, errorBodySchema).message).toBe('Request body too large: the limit is 1 MB');
    expect(await stored()).toBe(before);
    const after = await t.inject({
      method: 'GET',
      url: '/gateway/v2/items/1',
      headers: { host: 'store.example.com' },
    });
    expect(after.statusCode).toBe(202);
    expect(await stored()).toBe(before + 1);
  });

  it('answers invalid JSON and over-large API bodies with clear errors', async () => {
    const invalid = await t.inject({
      method: 'POST',
      url: paths.domains(),
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x.example.com",',
    });
    expect(invalid.statusCode).toBe(400);
    expect(json(invalid, errorBodySchema).message).toMatch(/^Invalid JSON body/);
    const big = await t.inject({
      method: 'POST',
      url: paths.domains(),
      payload: { name: 'big.example.com', description: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(big.statusCode).toBe(413);
    expect(json(big, errorBodySchema).message).toBe('Request body too large: the limit is 1 MB');
  });

  it('refuses uploads over 100 MB with 413 and a message', async () => {
    await t.app.argus.analyzer.drain();
    const [domain] = json(await t.inject({ method: 'GET', url: paths.domains() }), domainListSchema);
    const res = await t.inject({
      method: 'POST',
      url: paths.discoverySources(domain!.id),
      payload: JSON.stringify({
        type: 'access_log',
        name: 'huge',
        config: { format: 'apache', fileContent: 'a'.repeat(MAX_UPLOAD_BYTES + 1) },
      }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(json(res, errorBodySchema).message).toMatch(/larger than 100 MB/);
  });

  it('treats SQL metacharacters as text', async () => {
    await t.app.argus.analyzer.drain();
    const before = json(await t.inject({ method: 'GET', url: paths.endpoints() }), endpointListSchema).total;
    for (const q of ["'; drop table endpoints; --", '" or 1=1 --', '\\', '%_%']) {
      const res = await t.inject({ method: 'GET', url: paths.endpoints({ q, domain: q }) });
      expect(json(res, endpointListSchema).total).toBe(0);
    }
    const domain = await t.inject({
      method: 'POST',
      url: paths.domains(),
      payload: { name: "x'; drop table domains; --" },
    });
    expect(domain.statusCode).toBe(400);
    const scan = await t.inject({ method: 'POST', url: paths.domainScan("store.example.com' or '1'='1") });
    expect(scan.statusCode).toBe(404);
    expect(json(await t.inject({ method: 'GET', url: paths.endpoints() }), endpointListSchema).total).toBe(
      before,
    );
  });

  it('serves health, readiness, Prometheus metrics and security headers', async () => {
    expect((await t.anonymous({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect(
      (await t.anonymous({ method: 'GET', url: '/readyz', headers: METRICS_AUTH })).json(),
    ).toMatchObject({ status: 'ready', capture: 'journal' });
    const metrics = await t.anonymous({ method: 'GET', url: '/metrics', headers: METRICS_AUTH });
    expect(metrics.body).toMatch(/argus_captured_observations_total\{pii="yes"\} \d+/);
    expect(metrics.body).toMatch(/argus_http_request_duration_seconds_bucket/);
    const page = await t.anonymous({ method: 'GET', url: '/endpoints/123' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.anonymous({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    expect((await t.anonymous({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api404 = await t.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(api404.statusCode).toBe(404);
    expect(json(api404, errorBodySchema).message).toBe('Not found: GET /api/v1/nothing-here');
  });
});

describe('without a dashboard build', () => {
  it('serves a page that says how to build it', async () => {
    const t = await createTestApp('pglite', { dashboardDir: path.join(tmpdir(), 'argus-no-such-dist') });
    try {
      const page = await t.anonymous({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('npm run build -w @argus/dashboard');
    } finally {
      await t.close();
    }
  });
});
