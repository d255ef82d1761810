// Split and merge overrides: a user's corrections of templating, input data that every later
// analysis of the domain respects (on fresh traffic and on stored aggregates alike).
import { describe, expect, it } from 'vitest';
import { Inventory, type EndpointAggregate, type TemplateOverride } from '../src/index.js';

const DOMAIN = 'shop.example';

function obs(path: string, method = 'GET', status = 200, timestamp: number | null = null) {
  return {
    source: 'capture' as const,
    domain: DOMAIN,
    method,
    path,
    query: '',
    status,
    scheme: 'https' as const,
    auth: null,
    requestHeaders: {},
    responseHeaders: {},
    timestamp,
  };
}

function analyse(
  paths: string[],
  overrides: TemplateOverride[] = [],
  stored: EndpointAggregate[] = [],
): { inv: Inventory; endpoints: EndpointAggregate[] } {
  const inv = new Inventory({ detectPii: false });
  inv.addOverrides(DOMAIN, overrides);
  inv.addAggregates(stored);
  for (const p of paths) inv.addObservation(obs(p));
  return { inv, endpoints: inv.endpoints() };
}

const pathsOf = (endpoints: EndpointAggregate[]) => endpoints.map((e) => e.normalizedPath).sort();
const accounts = Array.from({ length: 25 }, (_, i) => `/accounts/k${i}z`);

describe('template overrides', () => {
  it('keeps why a position is a parameter across calls and re-analysis', () => {
    const { inv, endpoints } = analyse(accounts);
    const reasons = endpoints[0]?.merges;
    expect(reasons).toEqual([expect.objectContaining({ parameter: '{accountId}', rule: 'cardinality' })]);
    expect(reasons?.[0]?.values).toContain('k0z');
    // A second call sees `/accounts/{accountId}` already merged: the reason stays.
    expect(inv.endpoints()[0]?.merges).toEqual(reasons);
    // A later analysis of the stored endpoint with new traffic keeps it too.
    const again = analyse(['/accounts/k99z', '/orders/1'], [], structuredClone(endpoints)).endpoints;
    expect(again.find((e) => e.normalizedPath === '/accounts/{accountId}')?.merges).toEqual(reasons);
    expect(again.find((e) => e.normalizedPath === '/orders/1')?.merges).toBeUndefined();
  });

  it('splits a merged parameter back into literals, on traffic and on stored endpoints', () => {
    expect(pathsOf(analyse(accounts).endpoints)).toEqual(['/accounts/{accountId}']);
    const split: TemplateOverride = {
      kind: 'split',
      template: '/accounts/{accountId}',
      parameter: '{accountId}',
    };
    // Fresh traffic: every value its own endpoint.
    const fresh = analyse(accounts, [split]).endpoints;
    expect(pathsOf(fresh)).toHaveLength(25);
    expect(pathsOf(fresh)).toContain('/accounts/k7z');
    // The stored merged endpoint is divided by its sample paths (its counts shared among
    // the values sampled); later traffic stays literal.
    const stored = analyse(accounts).endpoints;
    const again = analyse(['/accounts/k3z', '/accounts/k30z'], [split], stored).endpoints;
    const paths = pathsOf(again);
    expect(paths).not.toContain('/accounts/{accountId}');
    expect(paths).toContain('/accounts/k3z');
    expect(paths).toContain('/accounts/k30z');
    expect(again.find((e) => e.normalizedPath === '/accounts/k30z')?.requestCount).toBe(1);
    expect(again.reduce((n, e) => n + e.requestCount, 0)).toBe(27);
  });

  it('gives each split literal its own requests, first and last seen, statuses and samples', () => {
    // One busy value, one probed value that only ever failed, and many quiet ones: more values
    // than an endpoint keeps sample paths, so the split cannot lean on the samples.
    const inv = new Inventory({ detectPii: false });
    for (let i = 0; i < 3; i++) inv.addObservation(obs('/accounts/k0z', 'GET', 200, 1_000 + i));
    for (let i = 1; i < 25; i++) inv.addObservation(obs(`/accounts/k${i}z`, 'GET', 200, 5_000 + i));
    inv.addObservation(obs('/accounts/k99z', 'GET', 404, 9_000));
    const stored = inv.endpoints();
    expect(pathsOf(stored)).toEqual(['/accounts/{accountId}']);
    expect(stored[0]?.samplePaths.length).toBeLessThan(26);
    const split: TemplateOverride = {
      kind: 'split',
      template: '/accounts/{accountId}',
      parameter: '{accountId}',
    };
    const after = analyse([], [split], structuredClone(stored));
    const byPath = new Map(after.endpoints.map((e) => [e.normalizedPath, e]));
    // Every answered value is its own endpoint, labelled by its own value.
    expect(after.endpoints).toHaveLength(25);
    for (let i = 0; i < 25; i++) expect(byPath.has(`/accounts/k${i}z`)).toBe(true);
    const busy = byPath.get('/accounts/k0z');
    expect(busy).toMatchObject({ requestCount: 3, firstSeen: 1_000, lastSeen: 1_002 });
    expect(busy?.statusCounts).toEqual({ '200': 3 });
    expect(busy?.samplePaths).toEqual(['/accounts/k0z']);
    expect(byPath.get('/accounts/k7z')).toMatchObject({ requestCount: 1, firstSeen: 5_007, lastSeen: 5_007 });
    // The probe only ever failed: not listed, and counted as traffic that found nothing.
    expect(byPath.has('/accounts/k99z')).toBe(false);
    const failing = after.inv.traffic()[0]?.attack;
    expect(failing?.requests).toBeGreaterThanOrEqual(1);
    // Nothing is lost: the parts and the probe sum to what the merged endpoint had.
    expect(after.endpoints.reduce((n, e) => n + e.requestCount, 0) + 1).toBe(stored[0]?.requestCount);
  });

  it('keeps each value through a later analysis before the split', () => {
    const first = analyse(accounts).endpoints;
    const second = analyse(['/orders/1'], [], structuredClone(first)).endpoints;
    const values = second.find((e) => e.normalizedPath === '/accounts/{accountId}')?.values?.['1'];
    expect(values?.['k3z']?.requests).toBe(1);
    expect(Object.keys(values ?? {})).toHaveLength(25);
  });

  it('keeps typed values literal at a split position, and only there', () => {
    const split: TemplateOverride = { kind: 'split', template: '/api/{id}/books', parameter: '{id}' };
    const paths = ['/api/42/books', '/api/43/books', '/orders/42', '/orders/43'];
    expect(pathsOf(analyse(paths, [split]).endpoints)).toEqual([
      '/api/42/books',
      '/api/43/books',
      '/orders/{orderId}',
    ]);
  });

  it('merges paths into the template a user names, for traffic and stored endpoints', () => {
    const words = ['apple', 'banana', 'cherry'];
    const before = analyse(words.map((w) => `/link/${w}`));
    expect(pathsOf(before.endpoints)).toEqual(['/link/apple', '/link/banana', '/link/cherry']);
    const merge: TemplateOverride = { kind: 'merge', template: '/link/{name}' };
    const after = analyse(['/link/zebra'], [merge], before.endpoints);
    expect(pathsOf(after.endpoints)).toEqual(['/link/{name}']);
    expect(after.endpoints[0]?.requestCount).toBe(4);
    // The stored rows are renamed (the first keeps its id and history), not dropped.
    expect(after.inv.renames().get(`${DOMAIN} GET /link/apple`)).toBe('/link/{name}');
    // Every method of the matching paths.
    expect(pathsOf(analyse([], [merge], [...before.endpoints, ...analyse([]).endpoints]).endpoints)).toEqual([
      '/link/{name}',
    ]);
  });

  it('extends a declared template with the traffic under its prefix', () => {
    const inv = new Inventory({ detectPii: false });
    inv.addSpecEndpoints([
      {
        domain: DOMAIN,
        method: 'GET',
        pathTemplate: '/users/{username}',
        spec: { source: 'openapi', piiFields: [] } as never,
      },
    ]);
    for (const p of ['/users/m24-3343/addresses', '/users/alice/addresses', '/users/bob/orders/7'])
      inv.addObservation(obs(p));
    expect(pathsOf(inv.endpoints())).toEqual([
      '/users/{username}',
      '/users/{username}/addresses',
      '/users/{username}/orders/{orderId}',
    ]);
    expect(inv.templateFor(DOMAIN, 'GET', '/users/zed/addresses')).toBe('/users/{username}/addresses');
  });
});
