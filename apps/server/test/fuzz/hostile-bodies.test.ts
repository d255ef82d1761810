// Hostile bodies on every JSON route of /api/v1 that takes one (POST, PUT, PATCH),
// found from the router itself so a new route is covered without editing this
// file: invalid JSON, NUL, deep nesting, 1 MB strings, wrong types, prototype keys,
// invalid UTF-8, and generated objects over the API's field names. Signed in as
// the admin, with real ids in the paths. Every answer is a 2xx or a 4xx with a
// message, never a 5xx, and the server keeps answering.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { errorBodySchema } from '@argus/api';
import { createTestApp, databaseKinds, type TestApp } from '../helpers.js';
import { hostileString, jsonBomb, serverFuzzParameters } from './generators.js';

const TOKEN = 'hostile-ingest-token-0123456789abcdef';
const DOMAIN = 'hostile.example.com';

/** Every field name the API's request schemas use (packages/api requests.ts), plus a few of their nested ones. */
const FIELDS = [
  'action',
  'alertIds',
  'assignedTo',
  'autoScan',
  'conditions',
  'config',
  'deepScan',
  'description',
  'disabled',
  'domain',
  'exchanges',
  'exposure',
  'falsePositive',
  'fileContent',
  'fileName',
  'format',
  'from',
  'host',
  'isActive',
  'limit',
  'maxConcurrentScans',
  'method',
  'offset',
  'ownerId',
  'password',
  'path',
  'pii',
  'provider',
  'q',
  'region',
  'requestBody',
  'requestTimeoutSeconds',
  'responseBody',
  'role',
  'scanIntervalMinutes',
  'scheme',
  'secret',
  'smtpUrl',
  'sort',
  'status',
  'timestamp',
  'to',
  'traffic',
  'vulnerability',
  'weights',
  'name',
  'type',
  'url',
  'username',
  'apiKey',
  'severity',
  'channelIds',
  'baseUrl',
  'authToken',
  'email',
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString(40),
  fc.constantFrom(null, true, 0, -1, 1e308, NaN, '', [], {}, ['\u0000'], { $ne: null }, 'x'.repeat(70_000)),
  fc.jsonValue({ maxDepth: 3 }),
);
const hostileObject = fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { minKeys: 1, maxKeys: 6 });

const nul = Object.fromEntries(FIELDS.map((f) => [f, 'a\u0000b']));
const wrongTypes = (v: unknown) => Object.fromEntries(FIELDS.map((f) => [f, v]));

/** Bodies every route gets: [what, content-type, payload]. */
const FIXED: [string, string, string | Buffer][] = [
  ['invalid JSON', 'application/json', '{"name": "x",'],
  ['an empty JSON body', 'application/json', ''],
  ['JSON null', 'application/json', 'null'],
  ['a JSON array', 'application/json', '[]'],
  ['a JSON string', 'application/json', '"x"'],
  ['a number out of range', 'application/json', '1e999'],
  ['NUL in every field', 'application/json', JSON.stringify(nul)],
  ['NUL in keys', 'application/json', '{"na\\u0000me": "x", "\\u0000": 1}'],
  ['objects for every field', 'application/json', JSON.stringify(wrongTypes({ a: [] }))],
  ['numbers for every field', 'application/json', JSON.stringify(wrongTypes(-1))],
  [
    'prototype keys',
    'application/json',
    '{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"x": 1}}}',
  ],
  ['10,000 nested arrays', 'application/json', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
  ['10,000 nested objects', 'application/json', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`],
  ['a 1 MB string', 'application/json', JSON.stringify({ name: 'x'.repeat(1024 * 1024) })],
  [
    'a 900 kB string in every field',
    'application/json',
    JSON.stringify(wrongTypes('y'.repeat((900 * 1024) / FIELDS.length))),
  ],
  [
    'invalid UTF-8',
    'application/json',
    Buffer.from([
      0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x22, 0x7d,
    ]),
  ],
  ['JSON as text/plain', 'text/plain', '{"name": "x"}'],
  ['a form body', 'application/x-www-form-urlencoded', 'name=%00&name=x'],
];

interface Route {
  method: string;
  url: string;
}

/** The routes Fastify holds, read from its route tree (`printRoutes`, one line per node). */
function routesOf(app: FastifyInstance): Route[] {
  const out: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    stack.length = m[1]!.length / 4;
    stack.push(m[2]!);
    if (m[3]) for (const method of m[3].split(', ')) out.push({ method, url: stack.join('') });
  }
  return out;
}

/** The first `key` (a string) found in a JSON value, depth first. */
function firstValue(value: unknown, key: string): string | undefined {
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = firstValue(v, key);
      if (found) return found;
    }
  } else if (typeof value === 'object' && value !== null) {
    const own = (value as Record<string, unknown>)[key];
    if (typeof own === 'string' && own) return own;
    for (const v of Object.values(value)) {
      const found = firstValue(v, key);
      if (found) return found;
    }
  }
  return undefined;
}

describe.each(databaseKinds)('hostile bodies on every JSON route (%s)', (kind) => {
  let t: TestApp;
  let routes: Route[] = [];

  /** A route's URL with real ids: each `:param` from its parent collection's first item (a fresh UUID when empty). */
  async function concrete(url: string): Promise<string> {
    let out = url;
    for (let m = /\/:(\w+)/.exec(out); m; m = /\/:(\w+)/.exec(out)) {
      const parent = out.slice(0, m.index);
      const listing = await t.inject({ method: 'GET', url: parent });
      const key = m[1] === 'name' ? 'name' : 'id';
      const value = listing.statusCode === 200 ? firstValue(listing.json(), key) : undefined;
      out = `${parent}/${encodeURIComponent(value ?? randomUUID())}${out.slice(m.index + m[0].length)}`;
    }
    return out;
  }

  /** What went wrong, per route and body (collected, so one run shows every route that fails). */
  const failures: string[] = [];
  const expectClear = (res: LightMyRequestResponse, what: string) => {
    if (res.statusCode >= 500) failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    else if (res.statusCode >= 400 && !errorBodySchema.safeParse(res.json()).data?.message.trim())
      failures.push(`${what} → ${res.statusCode} without a message: ${res.body.slice(0, 200)}`);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { ingestToken: TOKEN });
    for (const p of ['/v1/users/1', '/v1/users/2', '/v1/orders']) {
      const res = await t.inject({
        method: 'POST',
        url: `/gateway${p}`,
        headers: { host: DOMAIN },
        payload: { email: 'a@example.com' },
      });
      expect(res.statusCode).toBe(202);
    }
    await t.app.argus.sink.catchUp();
    routes = routesOf(t.app).filter(
      (r) =>
        ['POST', 'PUT', 'PATCH'].includes(r.method) &&
        r.url.startsWith('/api/v1/') &&
        // Signing out would end the session the other requests use.
        !r.url.endsWith('/auth/logout'),
    );
  });
  afterAll(() => t?.close());

  it('finds the JSON routes from the router', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /api/v1/domains',
      'PUT /api/v1/settings',
      'PATCH /api/v1/endpoints/:id',
      'POST /api/v1/captures',
    ])
      expect(names).toContain(expected);
  });

  it('answers every hostile body with a 2xx or a 4xx and a message, never a 5xx', async () => {
    for (const route of routes) {
      const url = await concrete(route.url);
      for (const [what, type, payload] of FIXED) {
        const res = await t.inject({
          method: route.method as 'POST',
          url,
          headers: { 'content-type': type },
          payload,
        });
        expectClear(res, `${route.method} ${route.url} with ${what}`);
      }
      await fc.assert(
        fc.asyncProperty(fc.oneof(hostileObject, jsonBomb), async (body) => {
          const res = await t.inject({
            method: route.method as 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: typeof body === 'string' ? body : JSON.stringify(body),
          });
          expectClear(res, `${route.method} ${route.url} with ${JSON.stringify(body).slice(0, 300)}`);
        }),
        serverFuzzParameters(`${route.method} ${route.url}`, 12),
      );
    }
    expect([...new Set(failures.map((f) => f.slice(0, 400)))]).toEqual([]);
    expect((await t.anonymous({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(200);
  }, 180_000);
});
