import { describe, expect, it } from 'vitest';
import { Inventory, observationsFromOtlp, routeTemplateOf } from '../src/index.js';

type Attr = [string, string | number | boolean];
const value = (v: string | number | boolean) =>
  typeof v === 'string'
    ? { stringValue: v }
    : typeof v === 'boolean'
      ? { boolValue: v }
      : { intValue: String(v) };
const span = (attrs: Attr[], kind: number | string = 2, name = 'GET') => ({
  name,
  kind,
  startTimeUnixNano: '1733561000000000000',
  attributes: attrs.map(([key, v]) => ({ key, value: value(v) })),
});
const request = (spans: unknown[], resource: Attr[] = []) => ({
  resourceSpans: [
    {
      resource: { attributes: resource.map(([key, v]) => ({ key, value: value(v) })) },
      scopeSpans: [{ scope: { name: 'test' }, spans }],
    },
  ],
});

const stable = (method: string, path: string, route: string | undefined, status = 200): Attr[] => [
  ['http.request.method', method],
  ['url.path', path],
  ['url.scheme', 'https'],
  ['server.address', 'shop.example'],
  ['http.response.status_code', status],
  ...(route === undefined ? [] : ([['http.route', route]] as Attr[])),
];

describe('OTLP traces as observations', () => {
  it('reads a server span with the stable HTTP conventions', () => {
    const r = observationsFromOtlp(
      request([
        span([
          ...stable('GET', '/users/42', '/users/:id'),
          ['url.query', 'expand=orders'],
          ['user_agent.original', 'curl/8'],
          ['client.address', '10.0.0.7'],
          ['enduser.id', 'alice'],
        ]),
      ]),
    );
    expect(r.rejected).toBe(0);
    expect(r.observations).toHaveLength(1);
    expect(r.observations[0]).toMatchObject({
      domain: 'shop.example',
      method: 'GET',
      path: '/users/42',
      query: 'expand=orders',
      status: 200,
      scheme: 'https',
      route: '/users/{id}',
      client: '10.0.0.7',
      principal: 'alice',
      requestHeaders: { 'user-agent': 'curl/8' },
      timestamp: 1733561000000,
    });
  });

  it('reads the older attribute names still common in the wild', () => {
    const r = observationsFromOtlp(
      request([
        span([
          ['http.method', 'POST'],
          ['http.target', '/orders/7/items?dry=1'],
          ['net.host.name', 'Shop.Example:8443'],
          ['http.status_code', 201],
          ['http.route', '/orders/{orderId}/items'],
        ]),
      ]),
    );
    expect(r.observations[0]).toMatchObject({
      domain: 'shop.example',
      method: 'POST',
      path: '/orders/7/items',
      query: 'dry=1',
      status: 201,
      route: '/orders/{orderId}/items',
    });
  });

  it('skips client spans and spans without an HTTP method, and counts them', () => {
    const r = observationsFromOtlp(
      request([
        span(stable('GET', '/a', undefined), 3),
        span([['rpc.system', 'grpc']], 'SPAN_KIND_SERVER'),
        span([['http.request.method', 'GET']]),
        'not a span',
        { kind: 2 },
      ]),
    );
    expect(r.observations).toHaveLength(0);
    expect(r.skipped).toEqual({ notServer: 1, notHttp: 1, unplaced: 1 });
    expect(r.rejected).toBe(2);
    expect(r.reasons).toEqual(['a span is not an object', 'a span has no name']);
  });

  it('takes the principal from a configured attribute, on the span or its resource', () => {
    const r = observationsFromOtlp(request([span(stable('GET', '/me', '/me'))], [['app.user', 'bob']]), {
      principalAttributes: ['enduser.id', 'app.user'],
    });
    expect(r.observations[0]?.principal).toBe('bob');
  });

  it('makes http.route the template the inventory lists', () => {
    const r = observationsFromOtlp(
      request([
        span(stable('GET', '/v1-list-tasks/5', '/v1-list-tasks/:workspace')),
        span(stable('GET', '/v1-list-tasks/6', '/v1-list-tasks/:workspace')),
        span(stable('GET', '/v1-me', '/v1-me')),
      ]),
    );
    const inv = new Inventory();
    for (const o of r.observations) inv.addObservation(o);
    const templates = inv.endpoints().map((e) => `${e.method} ${e.normalizedPath}`);
    expect(templates.sort()).toEqual(['GET /v1-list-tasks/{workspace}', 'GET /v1-me']);
  });
});

describe('routeTemplateOf', () => {
  it.each([
    ['/users/:id', '/users/42', '/users/{id}'],
    ['/users/{user_id}', '/users/42', '/users/{user_id}'],
    ['/users/<int:pk>/posts', '/users/4/posts', '/users/{pk}/posts'],
    ['users/<pk>/', '/users/9/', '/users/{pk}'],
    ['/Health', '/health', '/Health'],
  ])('%s on %s is %s', (route, path, template) => {
    expect(routeTemplateOf(route, path)).toBe(template);
  });

  it.each([
    ['/users/:id', '/api/users/42'],
    ['/*', '/anything/at/all'],
    ['/users/:id', '/users/'],
    ['/orders/:id', '/users/42'],
  ])('refuses %s for %s: it is no template of that path', (route, path) => {
    expect(routeTemplateOf(route, path)).toBeUndefined();
  });
});
