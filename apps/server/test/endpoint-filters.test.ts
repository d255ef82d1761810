// GET /api/v1/endpoints with filters and sorts, over real HTTP: each filter and
// order changes the answer as it should, and a bad value answers 400 naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discoverySourceSchema,
  domainListSchema,
  endpointListSchema,
  errorBodySchema,
  paths,
  type CapturedExchange,
  type EndpointList,
  type EndpointQuery,
  type EndpointSummary,
} from '@argus/api';
import { createTestApp, databaseKinds, type TestApp } from './helpers.js';

const SHOP = 'shop.example.com';
const BLOG = 'blog.example.com';
const INGEST_TOKEN = 'filters-test-token-0123456789abcdef';
const BEARER = { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln' };

/** Traffic of two hosts: an authenticated read, a public sign-up with PII, an admin delete, a mixed read. */
function traffic(): CapturedExchange[] {
  const at = (day: string, i: number) => `${day}T10:${String(i).padStart(2, '0')}:00Z`;
  const exchanges: CapturedExchange[] = [];
  for (let i = 0; i < 6; i++) {
    exchanges.push(
      {
        host: SHOP,
        method: 'GET',
        path: `/orders/${1000 + i}`,
        status: 200,
        timestamp: at('2025-01-10', i),
        requestHeaders: BEARER,
      },
      {
        host: SHOP,
        method: 'POST',
        path: '/signup',
        status: 201,
        timestamp: at('2026-06-01', i),
        requestHeaders: { 'content-type': 'application/json' },
        requestBody: JSON.stringify({ email: `user${i}@example.org`, name: 'Ann' }),
      },
      {
        host: SHOP,
        method: 'DELETE',
        path: `/admin/users/${2000 + i}`,
        status: 204,
        timestamp: at('2026-06-02', i),
      },
      {
        host: BLOG,
        method: 'GET',
        path: '/posts',
        status: 200,
        timestamp: at('2026-03-01', i),
        ...(i % 2 === 0 ? { requestHeaders: BEARER } : {}),
      },
    );
  }
  return exchanges;
}

describe.each(databaseKinds)('endpoint filters and sorts (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  let all: EndpointSummary[];
  const get = (url: string) => fetch(`${base}${url}`, { headers: { cookie: t.cookie } });
  const list = async (query: EndpointQuery): Promise<EndpointList> => {
    const res = await get(paths.endpoints(query));
    const body: unknown = await res.json();
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`);
    return endpointListSchema.parse(body);
  };
  const keys = (rows: EndpointSummary[]) => rows.map((e) => `${e.method} ${e.normalizedPath} ${e.domain}`);

  beforeAll(async () => {
    t = await createTestApp(kind, { ingestToken: INGEST_TOKEN });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const post = (url: string, body: unknown, auth: Record<string, string> = { cookie: t.cookie }) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // The traffic comes from a collector, with the ingest token.
    const sent = await post(
      paths.captures(),
      { exchanges: traffic() },
      { authorization: `Bearer ${INGEST_TOKEN}` },
    );
    expect(sent.status).toBe(202);
    await t.app.argus.analyzer.drain();
    // A description of the blog declares one more endpoint, never seen in traffic.
    const domains = domainListSchema.parse(await (await get(paths.domains())).json());
    const domain = domains.find((d) => d.name === BLOG)!;
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Blog', version: '1' },
      paths: { '/posts/{postId}/comments': { post: { responses: { '201': { description: 'created' } } } } },
    };
    const source = await post(paths.discoverySources(domain.id), {
      type: 'openapi',
      name: 'Blog spec',
      config: { fileContent: JSON.stringify(spec), fileName: 'blog.json' },
    });
    expect(discoverySourceSchema.parse(await source.json()).syncStatus).toBe('ok');
    all = (await list({})).endpoints;
  });
  afterAll(() => t?.close());

  it('has the seeded inventory to filter', () => {
    expect(keys(all).sort()).toEqual([
      `DELETE /admin/users/{userId} ${SHOP}`,
      `GET /orders/{orderId} ${SHOP}`,
      `GET /posts ${BLOG}`,
      `POST /posts/{postId}/comments ${BLOG}`,
      `POST /signup ${SHOP}`,
    ]);
  });

  it('filters by domain and method, and counts what matched', async () => {
    const blog = await list({ domain: BLOG });
    expect(keys(blog.endpoints).sort()).toEqual([
      `GET /posts ${BLOG}`,
      `POST /posts/{postId}/comments ${BLOG}`,
    ]);
    expect(blog.total).toBe(2);
    const gets = await list({ method: 'GET' });
    expect(keys(gets.endpoints).sort()).toEqual([`GET /orders/{orderId} ${SHOP}`, `GET /posts ${BLOG}`]);
    expect(gets.total).toBe(2);
    // Methods are matched whatever their case, like the search.
    expect((await get('/api/v1/endpoints?method=delete')).status).toBe(200);
    expect((await list({ method: 'POST', domain: SHOP })).endpoints.map((e) => e.normalizedPath)).toEqual([
      '/signup',
    ]);
  });

  it('filters by risk band as the rounded score reads', async () => {
    const scores = all.map((e) => e.riskScore).sort((a, b) => a - b);
    const middle = scores[Math.floor(scores.length / 2)]!;
    const atLeast = await list({ minRisk: middle });
    expect(atLeast.endpoints.map((e) => e.id).sort()).toEqual(
      all
        .filter((e) => e.riskScore >= middle)
        .map((e) => e.id)
        .sort(),
    );
    const atMost = await list({ maxRisk: middle });
    expect(atMost.endpoints.map((e) => e.id).sort()).toEqual(
      all
        .filter((e) => e.riskScore <= middle)
        .map((e) => e.id)
        .sort(),
    );
    const exactly = await list({ minRisk: middle, maxRisk: middle });
    expect(exactly.endpoints.every((e) => e.riskScore === middle)).toBe(true);
    expect(exactly.total).toBe(all.filter((e) => e.riskScore === middle).length);
    expect(scores[0]).toBeLessThan(scores.at(-1)!);
  });

  it('filters by PII type, authentication seen, source and classification', async () => {
    expect(keys((await list({ pii: 'email' })).endpoints)).toEqual([`POST /signup ${SHOP}`]);
    expect((await list({ pii: 'ssn' })).total).toBe(0);
    expect(keys((await list({ auth: 'required' })).endpoints)).toEqual([`GET /orders/{orderId} ${SHOP}`]);
    expect(keys((await list({ auth: 'optional' })).endpoints)).toEqual([`GET /posts ${BLOG}`]);
    // A description that declares no security declares its operation public.
    expect(keys((await list({ auth: 'none' })).endpoints).sort()).toEqual([
      `DELETE /admin/users/{userId} ${SHOP}`,
      `POST /posts/{postId}/comments ${BLOG}`,
      `POST /signup ${SHOP}`,
    ]);
    expect(keys((await list({ source: 'openapi' })).endpoints)).toEqual([
      `POST /posts/{postId}/comments ${BLOG}`,
    ]);
    expect((await list({ source: 'capture' })).total).toBe(4);
    const admin = all.find((e) => e.method === 'DELETE')!;
    const sameClass = await list({ classification: admin.classification as EndpointQuery['classification'] });
    expect(sameClass.endpoints.map((e) => e.id).sort()).toEqual(
      all
        .filter((e) => e.classification === admin.classification)
        .map((e) => e.id)
        .sort(),
    );
    expect(admin.classification).toBe('admin');
  });

  it('filters by first seen, by day or instant', async () => {
    expect(keys((await list({ firstSeenAfter: '2026-01-01', source: 'capture' })).endpoints).sort()).toEqual([
      `DELETE /admin/users/{userId} ${SHOP}`,
      `GET /posts ${BLOG}`,
      `POST /signup ${SHOP}`,
    ]);
    const instant = await list({ firstSeenAfter: '2026-06-01T12:00:00.000Z', source: 'capture' });
    expect(keys(instant.endpoints)).toEqual([`DELETE /admin/users/{userId} ${SHOP}`]);
  });

  it('combines filters with search and paging', async () => {
    const page = await list({ domain: SHOP, method: 'POST', q: 'sign', limit: 1 });
    expect(page).toMatchObject({ total: 1, endpoints: [{ normalizedPath: '/signup' }] });
    const second = await list({ domain: SHOP, sort: 'path', limit: 1, offset: 1 });
    expect(second.total).toBe(3);
    expect(second.endpoints.map((e) => e.normalizedPath)).toEqual(['/orders/{orderId}']);
  });

  it('sorts by each column, ascending or descending', async () => {
    const by = async (sort: EndpointQuery['sort']) => (await list({ sort })).endpoints;
    const paths = (await by('path')).map((e) => e.normalizedPath);
    expect(paths).toEqual([...paths].sort());
    expect((await by('-path')).map((e) => e.normalizedPath)).toEqual([...paths].reverse());
    const risks = (await by('risk')).map((e) => e.riskScore);
    expect(risks).toEqual([...risks].sort((a, b) => a - b));
    expect((await by('-risk')).map((e) => e.riskScore)).toEqual([...risks].reverse());
    const firstSeen = (await by('firstSeen')).map((e) => e.firstSeen);
    expect(firstSeen).toEqual([...firstSeen].sort());
    expect(firstSeen[0]).toBe('2025-01-10T10:00:00.000Z');
    const newest = (await by('-firstSeen')).map((e) => e.firstSeen);
    expect(newest).toEqual([...firstSeen].reverse());
    const classes = (await by('classification')).map((e) => e.classification);
    expect(classes).toEqual([...classes].sort());
    expect((await by('-classification')).map((e) => e.classification)).toEqual([...classes].sort().reverse());
    expect(new Set(classes).size).toBeGreaterThan(1);
  });

  it('refuses bad values with a message naming the parameter', async () => {
    const cases: [string, string, RegExp][] = [
      ['method=FETCH', 'method', /^method must be one of GET, POST/],
      ['minRisk=high', 'minRisk', /^minRisk must be a whole number from 0 to 100$/],
      ['maxRisk=101', 'maxRisk', /^maxRisk must be a whole number from 0 to 100$/],
      ['minRisk=80&maxRisk=20', 'minRisk', /^minRisk must not be above maxRisk$/],
      ['pii=Robert%27);', 'pii', /^pii must be a PII type/],
      ['auth=sometimes', 'auth', /^auth must be one of required, optional, none, unknown$/],
      ['source=ftp', 'source', /^source must be one of openapi, access_log/],
      ['classification=secret', 'classification', /^classification must be one of admin/],
      ['firstSeenAfter=yesterday', 'firstSeenAfter', /^firstSeenAfter must be a date/],
      ['sort=-sideways', 'sort', /^sort must be one of risk, -risk, lastSeen/],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(`/api/v1/endpoints?${query}`);
      expect(res.status, query).toBe(400);
      const body = errorBodySchema.parse(await res.json());
      expect(
        body.issues?.map((i) => i.path),
        query,
      ).toEqual([field]);
      expect(body.message, query).toMatch(message);
    }
  });
});
