// GET /api/v1/domains/:name/trace-agreement: traces exported over OTLP declare a domain's
// routes; the answer says, per route, whether discovery alone (the same raw paths without
// the routes) learns the same template, merges routes apart or keeps values as endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths, traceAgreementSchema } from '@argus/api';
import { createTestApp, json, type TestApp } from './helpers.js';

const TOKEN = 'trace-agreement-token-0123456789abcdef';

const span = (method: string, path: string, route: string) => ({
  name: `${method} ${route}`,
  kind: 2,
  attributes: [
    { key: 'http.request.method', value: { stringValue: method } },
    { key: 'url.path', value: { stringValue: path } },
    { key: 'server.address', value: { stringValue: 'traced.example' } },
    { key: 'http.response.status_code', value: { intValue: '200' } },
    { key: 'http.route', value: { stringValue: route } },
  ],
});

describe('templating agreement with traced routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ingestToken: TOKEN });
  });
  afterAll(() => t?.close());

  it('confirms, and names the routes discovery alone would have read otherwise', async () => {
    const spans = [
      ...Array.from({ length: 30 }, (_, i) =>
        span('GET', `/v1/orders/${5000 + i * 7}`, '/v1/orders/:orderId'),
      ),
      ...['report', 'invoice', 'summary'].map((n) => span('GET', `/files/${n}`, '/files/:name')),
    ];
    const sent = await t.anonymous({
      method: 'POST',
      url: '/v1/traces',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] }),
    });
    expect(sent.statusCode).toBe(200);
    // A log line on the same domain is no traced route: it stays out of the comparison.
    const logged = await t.anonymous({
      method: 'POST',
      url: '/api/v1/captures',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { exchanges: [{ host: 'traced.example', method: 'GET', path: '/status', status: 200 }] },
    });
    expect(logged.statusCode).toBe(202);
    await t.app.argus.sink.catchUp();

    const res = await t.inject({ method: 'GET', url: paths.domainTraceAgreement('traced.example') });
    const agreement = json(res, traceAgreementSchema);
    expect(agreement).toMatchObject({ domain: 'traced.example', routes: 2, confirmed: 1, underMerged: 1 });
    expect(agreement.byRoute.map((r) => [r.method, r.route, r.verdict])).toEqual([
      ['GET', '/files/{name}', 'under-merged'],
      ['GET', '/v1/orders/{orderId}', 'confirmed'],
    ]);
    expect(agreement.byRoute[0]!.learned.sort()).toEqual([
      '/files/invoice',
      '/files/report',
      '/files/summary',
    ]);
  });

  it('answers 404 for a domain it does not know', async () => {
    const res = await t.inject({ method: 'GET', url: paths.domainTraceAgreement('nowhere.example') });
    expect(res.statusCode).toBe(404);
  });
});
