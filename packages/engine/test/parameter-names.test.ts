import { describe, expect, it } from 'vitest';
import {
  Inventory,
  SpecTemplateIndex,
  nameParameters,
  nameTemplate,
  resourceName,
  templatePath,
  type Observation,
} from '../src/index.js';

const UUID = '550e8400-e29b-41d4-a716-446655440000';
const OBJECT_ID = '507f1f77bcf86cd799439011';

function obs(path: string, o: Partial<Observation> = {}): Observation {
  return {
    source: 'access_log',
    domain: 'api.example.com',
    method: 'GET',
    path,
    query: '',
    status: 200,
    scheme: 'https',
    auth: null,
    requestHeaders: {},
    responseHeaders: {},
    timestamp: 1_700_000_000_000,
    ...o,
  };
}

/** Parameter names of a template, in order. */
function names(template: string): string[] {
  return [...template.matchAll(/\{([^}]*)\}/g)].map((m) => m[1] as string);
}

/** Deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('resourceName', () => {
  it.each([
    ['users', 'user'],
    ['payment-methods', 'paymentMethod'],
    ['line_items', 'lineItem'],
    ['categories', 'category'],
    ['addresses', 'address'],
    ['boxes', 'box'],
    ['branches', 'branch'],
    ['caches', 'cache'],
    ['responses', 'response'],
    ['address', 'address'],
    ['status-checks', 'statusCheck'],
    ['paymentMethods', 'paymentMethod'],
    ['ORDERS', 'order'],
    ['analysis', 'analysis'],
    ['news', 'new'],
    ['people', 'person'],
    ['constructors', 'constructor'],
    ['int32s', 'int32'],
  ])('%s → %s', (seg, name) => {
    expect(resourceName(seg)).toBe(name);
  });

  it.each([
    'api',
    'v1',
    'me',
    'search',
    '2024-01-01',
    'style.css',
    'page2',
    'prod746',
    'a',
    'id',
    'uuid',
    'caf%C3%A9',
    '{id}',
  ])('%s is no resource', (seg) => {
    expect(resourceName(seg)).toBeNull();
  });
});

describe('parameter names', () => {
  it.each([
    ['/api/v1/users/42/payment-methods/7', '/api/v1/users/{userId}/payment-methods/{paymentMethodId}'],
    [`/users/${UUID}/orders/${OBJECT_ID}`, '/users/{userId}/orders/{orderId}'],
    ['/shop/categories/5/line_items/9', '/shop/categories/{categoryId}/line_items/{lineItemId}'],
    ['/users/42/users/43', '/users/{userId}/users/{id}'],
    ['/5/6/7', '/{id}/{id2}/{id3}'],
    ['/api/v1/42', '/api/v1/{id}'],
    ['/me/7', '/me/{id}'],
    [`/id/42/uuid/${UUID}`, '/id/{id}/uuid/{uuid}'],
    ['/reports/2024-01-01/2024-02-01', '/reports/{date}/{date2}'],
    ['/users/jane%40example.com/orders/12', '/users/{email}/orders/{orderId}'],
    ['/sessions/aZ3kQ9xLm2Pq7RtV8wYb', '/sessions/{token}'],
    ['/users/42/5/6', '/users/{userId}/{id}/{id2}'],
  ])('%s → %s', (raw, want) => {
    const r = templatePath(raw);
    expect(r.normalizedPath).toBe(want);
    expect(r.params.map((p) => p.name)).toEqual(names(want));
  });

  it('keeps declared names as they are (a spec template wins, even with repeated names)', () => {
    const templates = new SpecTemplateIndex();
    templates.add('/users/{id}/cards/{id}', ['GET']);
    templates.add('/orgs/{org_id}', ['GET']);
    expect(templatePath('/users/1/cards/2', { method: 'GET', templates })).toMatchObject({
      normalizedPath: '/users/{id}/cards/{id}',
      fromSpec: true,
    });
    expect(templatePath('/orgs/9', { method: 'GET', templates }).normalizedPath).toBe('/orgs/{org_id}');
    // A name that is taken by a declared parameter is not given twice.
    expect(nameParameters(['users', '{userId}', 'users', '{id}'])).toEqual([
      'users',
      '{userId}',
      'users',
      '{id}',
    ]);
    expect(nameParameters(['{id2}', '{id}', '{id}'])).toEqual(['{id2}', '{id}', '{id3}']);
    // numbering resumes per type past declared names, whatever comes between
    expect(nameParameters(['{id}', '{id4}', '{uuid}', '{id}', '{id}', '{uuid}', '{id}', '{id}'])).toEqual([
      '{id}',
      '{id4}',
      '{uuid}',
      '{id2}',
      '{id3}',
      '{uuid2}',
      '{id5}',
      '{id6}',
    ]);
    const many = nameParameters(Array<string>(10_000).fill('{id}'));
    expect(new Set(many).size).toBe(10_000);
    expect(many.at(-1)).toBe('{id10000}');
  });

  // 3,000 generated paths: ~0.3 s alone, 5-6 s on a loaded 2-core machine.
  it('never gives two parameters one name, and naming a named template changes nothing (generated corpus)', () => {
    const r = rng(7);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
    const segments = [
      () => String(Math.floor(r() * 100_000)),
      () => UUID,
      () => OBJECT_ID,
      () => '2024-03-0' + String(1 + Math.floor(r() * 9)),
      () => 'jane@example.com',
      () => 'cus_9s6XKzkNRiz8i3',
      () => 'aZ3kQ9xLm2Pq7RtV8wYb',
      () =>
        pick([
          'users',
          'user',
          'payment-methods',
          'categories',
          'id',
          'api',
          'v1',
          'me',
          'orders',
          'line_items',
          'items',
        ]),
    ];
    const inv = new Inventory({ cardinalityThreshold: 5, detectPii: false });
    let checked = 0;
    for (let n = 0; n < 3000; n++) {
      const depth = 1 + Math.floor(r() * 7);
      const raw = '/' + Array.from({ length: depth }, () => pick(segments)()).join('/');
      const got = templatePath(raw).normalizedPath;
      const ns = names(got);
      expect(new Set(ns).size, `${raw} → ${got}`).toBe(ns.length);
      expect(nameTemplate(got)).toBe(got);
      checked += ns.length > 1 ? 1 : 0;
      inv.addObservation(obs(raw));
      // Values that only cardinality merging turns into parameters.
      inv.addObservation(obs(`/people/person${String.fromCharCode(97 + (n % 26))}x/profile${raw}`));
    }
    expect(checked).toBeGreaterThan(1000);
    const eps = inv.endpoints();
    expect(eps.some((e) => e.normalizedPath.startsWith('/people/{personId}/profile'))).toBe(true);
    for (const e of eps) {
      const ns = names(e.normalizedPath);
      expect(new Set(ns).size, e.normalizedPath).toBe(ns.length);
      expect(nameTemplate(e.normalizedPath)).toBe(e.normalizedPath);
    }
  }, 60_000);
});

describe('named templates in the inventory', () => {
  const traffic = (): Observation[] => {
    const out: Observation[] = [];
    for (let i = 0; i < 30; i++) {
      out.push(obs(`/api/v1/users/${i}/payment-methods/${i * 7}`, { timestamp: 1000 + i }));
      out.push(obs(`/api/v1/accounts/${UUID.slice(0, -2)}${String(i).padStart(2, '0')}`));
      out.push(
        obs(`/api/v1/teams/team${String.fromCharCode(97 + (i % 26), 97 + Math.floor(i / 26))}/members`),
      );
      out.push(obs(`/api/v1/orders/${i}`, { method: 'POST' }));
    }
    return out;
  };

  it('one endpoint per template, named, and stable through toJSON/fromJSON', () => {
    const inv = new Inventory({ cardinalityThreshold: 10, detectPii: false });
    for (const o of traffic()) inv.addObservation(o);
    const first = inv.endpoints();
    const keys = first.map((e) => `${e.method} ${e.normalizedPath}`).sort();
    expect(keys).toEqual([
      'GET /api/v1/accounts/{accountId}',
      'GET /api/v1/teams/{teamId}/members',
      'GET /api/v1/users/{userId}/payment-methods/{paymentMethodId}',
      'POST /api/v1/orders/{orderId}',
    ]);

    // Stored and loaded again, the same traffic lands on the same endpoints.
    const again = Inventory.fromJSON(JSON.parse(JSON.stringify(inv.toJSON())), {
      cardinalityThreshold: 10,
      detectPii: false,
    });
    for (const o of traffic()) again.addObservation(o);
    const second = again.endpoints();
    expect(second.map((e) => `${e.method} ${e.normalizedPath}`).sort()).toEqual(keys);
    for (const e of second) expect(e.requestCount).toBe(60);

    // Aggregates added one by one (as the server loads its rows) merge the same way.
    const rows = new Inventory({ cardinalityThreshold: 10, detectPii: false });
    for (const e of second) rows.addAggregate(e);
    for (const e of second) rows.addAggregate(e);
    const third = rows.endpoints();
    expect(third.map((e) => `${e.method} ${e.normalizedPath}`).sort()).toEqual(keys);
    for (const e of third) expect(e.requestCount).toBe(120);
  });

  it('a stored name leads the trie to the same node as new traffic (merges below it still apply)', () => {
    const inv = new Inventory({ cardinalityThreshold: 5, detectPii: false });
    inv.addObservation(obs(`/users/${UUID}/files/reporta`));
    const stored = inv.endpoints();
    expect(stored.map((e) => e.normalizedPath)).toEqual(['/users/{userId}/files/reporta']);
    const loaded = Inventory.fromJSON({ version: 1, endpoints: stored }, { cardinalityThreshold: 5 });
    for (const name of ['reportb', 'reportc', 'reportd', 'reporte', 'reportf', 'reportg'])
      loaded.addObservation(obs(`/users/${UUID}/files/${name}`));
    const eps = loaded.endpoints();
    expect(eps.map((e) => e.normalizedPath)).toEqual(['/users/{userId}/files/{fileId}']);
    expect(eps[0]!.requestCount).toBe(7);
  });

  it('rows stored with unnamed guesses (`{id}`) merge with new traffic under the named template', () => {
    const inv = new Inventory({ detectPii: false });
    const old = new Inventory({ detectPii: false });
    old.addObservation(obs('/users/1/payment-methods/2'));
    const row = { ...old.endpoints()[0]!, normalizedPath: '/users/{id}/payment-methods/{id}' };
    inv.addAggregate(row);
    inv.addObservation(obs('/users/3/payment-methods/4'));
    const eps = inv.endpoints();
    expect(eps.map((e) => e.normalizedPath)).toEqual(['/users/{userId}/payment-methods/{paymentMethodId}']);
    expect(eps[0]!.requestCount).toBe(2);
  });

  it('spec and route templates keep their own names', () => {
    const inv = new Inventory({ detectPii: false });
    inv.addSpecEndpoints([
      {
        domain: 'api.example.com',
        method: 'GET',
        pathTemplate: '/pets/{id}',
        spec: {
          source: 'openapi',
          security: 'undeclared',
          securitySchemes: [],
          deprecated: false,
          parameters: [],
          requestFields: [],
          responseFields: [],
          piiFields: [],
          servers: [],
        },
      },
    ]);
    inv.addObservation(obs('/pets/3'));
    inv.addObservation(obs('/orders/5', { route: '/orders/{id}' }));
    const eps = inv.endpoints();
    expect(eps.map((e) => e.normalizedPath).sort()).toEqual(['/orders/{id}', '/pets/{id}']);
    const loaded = Inventory.fromJSON(JSON.parse(JSON.stringify({ version: 1, endpoints: eps })));
    loaded.addObservation(obs('/orders/6', { route: '/orders/{id}' }));
    const after = loaded.endpoints();
    expect(after.map((e) => `${e.normalizedPath} ${e.requestCount}`).sort()).toEqual([
      '/orders/{id} 2',
      '/pets/{id} 1',
    ]);
  });
});
