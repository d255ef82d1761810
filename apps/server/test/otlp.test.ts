// POST /v1/traces: an Express app instrumented with the OpenTelemetry Node SDK exports its
// server spans to Argus over OTLP/HTTP, as protobuf (gzip) and as JSON; its routes appear
// exactly as the framework matched them. Malformed, oversized and unauthenticated exports
// get the answers the OTLP specification gives, with nothing stored.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointListSchema, endpointSchema, otlpReceiptsSchema, paths } from '@argus/api';
import { observations } from '../src/db/schema/index.js';
import { createTestApp, json, type TestApp } from './helpers.js';

const TOKEN = 'otlp-test-token-0123456789abcdef';
const APP = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'otel-app');

/** Runs the instrumented app, sends it `calls`, then stops it (its SDK flushes on SIGTERM). */
async function runInstrumentedApp(
  argus: string,
  encoding: 'json' | 'protobuf',
  calls: { method: string; path: string; user?: string; body?: unknown }[],
): Promise<void> {
  const child = spawn(process.execPath, ['--require', './instrument.cjs', 'app.cjs'], {
    cwd: APP,
    env: {
      ...process.env,
      OTLP_ENCODING: encoding,
      OTLP_GZIP: encoding === 'protobuf' ? '1' : '0',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${argus}/v1/traces`,
      OTEL_EXPORTER_OTLP_HEADERS: `authorization=Bearer ${TOKEN}`,
      OTEL_TRACES_SAMPLER: 'always_on',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  const base = `http://127.0.0.1:${chunk.toString().trim()}`;
  for (const call of calls) {
    const res = await fetch(base + call.path, {
      method: call.method,
      headers: { 'content-type': 'application/json', ...(call.user ? { 'x-user': call.user } : {}) },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    });
    await res.arrayBuffer();
  }
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

describe('OTLP/HTTP trace receiver', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ingestToken: TOKEN });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  const endpointsOf = async (domain: string) => {
    await t.app.argus.sink.catchUp();
    const list = json(
      await t.inject({ method: 'GET', url: paths.endpoints({ domain }) }),
      endpointListSchema,
    );
    return list.endpoints.map((e) => `${e.method} ${e.normalizedPath}`).sort();
  };

  const countRows = async () => {
    await t.app.argus.sink.catchUp();
    return (await t.ctx.db.select({ id: observations.id }).from(observations)).length;
  };

  it.each(['protobuf', 'json'] as const)(
    'lists the instrumented app routes exactly, with their principals (%s)',
    async (encoding) => {
      const before = await countRows();
      await runInstrumentedApp(base, encoding, [
        { method: 'GET', path: '/health' },
        { method: 'GET', path: '/v1/orders/1', user: 'alice' },
        { method: 'GET', path: '/v1/orders/2', user: 'alice' },
        { method: 'PUT', path: '/v1/orders/2', user: 'bob', body: { item: 'chair' } },
        { method: 'GET', path: '/v1/users/bob/orders', user: 'bob' },
        { method: 'POST', path: '/v1/orders', user: 'alice', body: { item: 'pen' } },
      ]);
      expect(await endpointsOf('127.0.0.1')).toEqual([
        'GET /health',
        'GET /v1/orders/{orderId}',
        'GET /v1/users/{userId}/orders',
        'POST /v1/orders',
        'PUT /v1/orders/{orderId}',
      ]);
      // Each request of this run arrived as one span (the routes alone would not tell the runs apart).
      expect((await countRows()) - before).toBe(6);
      const rows = await t.ctx.db.select({ observation: observations.observation }).from(observations);
      const principals = new Set(rows.map((r) => (r.observation as { principal?: string }).principal));
      expect(principals).toEqual(new Set([undefined, 'alice', 'bob']));
      // Bob changed the order Alice had read: a BOLA candidate with both principals and requests.
      const list = json(
        await t.inject({ method: 'GET', url: paths.endpoints({ domain: '127.0.0.1', q: 'orders' }) }),
        endpointListSchema,
      );
      const put = list.endpoints.find((e) => e.method === 'PUT')!;
      const detail = json(await t.inject({ method: 'GET', url: paths.endpoint(put.id) }), endpointSchema);
      expect(detail.bolaCandidates).toEqual([
        {
          object: { '{orderId}': '2' },
          owner: 'alice',
          other: 'bob',
          first: { method: 'GET', path: '/v1/orders/2', at: expect.any(Number) },
          then: { method: 'PUT', path: '/v1/orders/2', at: expect.any(Number) },
        },
      ]);
    },
  );

  const post = (payload: Buffer | string, headers: Record<string, string>) =>
    t.anonymous({ method: 'POST', url: '/v1/traces', payload, headers });

  it('answers an undecodable body 400, an unauthenticated one 401, a huge one 413, storing nothing', async () => {
    const before = await countRows();
    const auth = { authorization: `Bearer ${TOKEN}` };
    const broken = await post(Buffer.from([0x0a, 0xff, 0xff, 0xff, 0x01]), {
      ...auth,
      'content-type': 'application/x-protobuf',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.headers['content-type']).toContain('application/x-protobuf');
    const badJson = await post('{"resourceSpans": [', { ...auth, 'content-type': 'application/json' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({
      code: 3,
      message: expect.stringContaining('not an OTLP trace export'),
    });
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    const tooBig = await post(bomb, {
      ...auth,
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(tooBig.statusCode).toBe(413);
    const noToken = await post('{}', { 'content-type': 'application/json' });
    expect(noToken.statusCode).toBe(401);
    const otherType = await post('x', { ...auth, 'content-type': 'text/plain' });
    expect(otherType.statusCode).toBe(415);
    expect(await countRows()).toBe(before);
  });

  it('reports rejected and skipped spans as a partial success', async () => {
    const res = await post(
      JSON.stringify({
        resourceSpans: [
          {
            scopeSpans: [
              {
                spans: [
                  { kind: 2 },
                  { name: 'GET', kind: 3, attributes: [] },
                  {
                    name: 'GET /ok',
                    kind: 2,
                    attributes: [
                      { key: 'http.request.method', value: { stringValue: 'GET' } },
                      { key: 'url.path', value: { stringValue: '/ok' } },
                      { key: 'server.address', value: { stringValue: 'partial.example' } },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      }),
      { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      partialSuccess: {
        rejectedSpans: '1',
        errorMessage: expect.stringMatching(/a span has no name; skipped 1 spans not of kind SERVER/),
      },
    });
    expect(await endpointsOf('partial.example')).toEqual(['GET /ok']);
  });

  it('counts the spans it received for the Domains screen, and nothing it refused', async () => {
    const receipts = async (domain: string) =>
      json(await t.inject({ method: 'GET', url: paths.domainOtlp(domain) }), otlpReceiptsSchema);
    const before = await receipts('counted.example');
    expect(before).toMatchObject({ path: '/v1/traces', url: null, ingestTokenSet: true });
    expect(before.domain).toEqual({ name: 'counted.example', observations: 0, lastReceived: null });
    const server = (path: string, host: string) => ({
      name: `GET ${path}`,
      kind: 2,
      attributes: [
        { key: 'http.request.method', value: { stringValue: 'GET' } },
        { key: 'url.path', value: { stringValue: path } },
        { key: 'server.address', value: { stringValue: host } },
      ],
    });
    const spans = [
      server('/a', 'counted.example'),
      server('/b', 'counted.example'),
      server('/c', 'elsewhere.example'),
      { name: 'GET', kind: 3, attributes: [] },
      { name: 'rpc', kind: 2, attributes: [] },
      { kind: 2 },
    ];
    const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
    const ok = await post(JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] }), auth);
    expect(ok.statusCode).toBe(200);
    const refused = await post('{"resourceSpans": [', auth);
    expect(refused.statusCode).toBe(400);
    const after = await receipts('counted.example');
    const added = Object.fromEntries(
      (['spans', 'observations', 'notServer', 'notHttp', 'unplaced', 'rejected'] as const).map((k) => [
        k,
        after.totals[k] - before.totals[k],
      ]),
    );
    expect(added).toEqual({ spans: 6, observations: 3, notServer: 1, notHttp: 1, unplaced: 0, rejected: 1 });
    expect(after.totals.lastReceived).not.toBeNull();
    expect(after.domain).toMatchObject({ name: 'counted.example', observations: 2 });
    expect((await receipts('elsewhere.example')).domain.observations).toBe(1);
  });
});
