import { describe, expect, it } from 'vitest';
import { Inventory, observationsFromOtlp, traceAgreement } from '../src/index.js';

const span = (method: string, path: string, route: string) => ({
  name: `${method} ${route}`,
  kind: 2,
  attributes: [
    ['http.request.method', method],
    ['url.path', path],
    ['server.address', 'shop.example'],
    ['http.response.status_code', 200],
    ['http.route', route],
  ].map(([key, v]) => ({
    key,
    value: typeof v === 'number' ? { intValue: String(v) } : { stringValue: v },
  })),
});

/** The inventory a domain's traces give, and how discovery alone agrees with their routes. */
function agreementOf(spans: ReturnType<typeof span>[]) {
  const { observations } = observationsFromOtlp({ resourceSpans: [{ scopeSpans: [{ spans }] }] });
  const inventory = new Inventory();
  for (const o of observations) inventory.addObservation(o);
  const endpoints = inventory.endpoints();
  return { endpoints, agreement: traceAgreement('shop.example', endpoints) };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('templating against the routes traces declare', () => {
  it('confirms a route whose ids discovery merges on its own', () => {
    const { endpoints, agreement } = agreementOf([
      ...range(30).map((i) => span('GET', `/users/${1000 + i * 37}`, '/users/:id')),
      span('GET', '/health', '/health'),
    ]);
    expect(endpoints.every((e) => e.tracedRoute === true)).toBe(true);
    expect(agreement).toMatchObject({ routes: 2, confirmed: 2, overMerged: 0, underMerged: 0 });
    expect(agreement.byRoute.find((r) => r.route === '/users/{id}')).toMatchObject({
      verdict: 'confirmed',
      learned: [expect.stringMatching(/^\/users\/\{[^}]+\}$/)],
      joinedWith: [],
    });
  });

  it('says when discovery keeps as endpoints the values of one route', () => {
    const names = ['report', 'invoice', 'summary'];
    const { agreement } = agreementOf(names.map((n) => span('GET', `/files/${n}`, '/files/:name')));
    const files = agreement.byRoute.find((r) => r.route === '/files/{name}');
    expect(files?.verdict).toBe('under-merged');
    expect(files?.learned.sort()).toEqual(names.map((n) => `/files/${n}`).sort());
    expect(agreement.underMerged).toBe(1);
  });

  it('says when discovery joins routes the framework keeps apart', () => {
    const { agreement } = agreementOf(
      range(40).map((i) => span('GET', `/pages/${1000 + i * 13}`, `/pages/${1000 + i * 13}`)),
    );
    expect(agreement.routes).toBe(40);
    expect(agreement.overMerged).toBe(40);
    expect(agreement.byRoute[0]).toMatchObject({
      verdict: 'over-merged',
      learned: [expect.stringMatching(/^\/pages\/\{[^}]+\}$/)],
    });
    expect(agreement.byRoute[0]!.joinedWith).toHaveLength(39);
  });

  it('leaves out endpoints no trace declared', () => {
    const inventory = new Inventory();
    inventory.addObservation({
      source: 'access_log',
      domain: 'shop.example',
      method: 'GET',
      path: '/orders/7',
      query: '',
      status: 200,
      scheme: null,
      auth: null,
      requestHeaders: {},
      responseHeaders: {},
      timestamp: null,
    });
    expect(traceAgreement('shop.example', inventory.endpoints())).toMatchObject({ routes: 0, byRoute: [] });
  });
});
