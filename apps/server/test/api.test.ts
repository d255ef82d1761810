// Every call of spec section 7 (except alerting, tested under test/alerts):
// success and failure, each answer parsed with its @argus/api schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityListSchema,
  discoverySourceListSchema,
  discoverySourceSchema,
  domainListSchema,
  domainScanResultSchema,
  domainSchema,
  endpointListSchema,
  endpointSchema,
  errorBodySchema,
  metricsSchema,
  paths,
  piiListSchema,
  settingsSchema,
  topEndpointsSchema,
  userListSchema,
  vulnerabilityListSchema,
  type EndpointSummary,
} from '@argus/api';
import { createUser } from '../src/users.js';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const HOST = 'shop.example.com';

const capture = (
  t: TestApp,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  t.inject({
    method: method as 'GET',
    url: paths.gateway(path),
    headers: { 'x-forwarded-host': HOST, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

describe.each(databaseKinds)('API (%s)', (kind) => {
  let t: TestApp;
  let endpoints: EndpointSummary[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    // Traffic for a few endpoints of one host: ids vary, so the templater makes named parameters ({customerId}).
    for (const id of [101, 102, 103, 104]) {
      await capture(t, 'GET', `api/customers/${id}`, undefined);
      await capture(t, 'PUT', `api/customers/${id}`, {
        email: `c${id}@example.org`,
        phone: '+1 415 555 0132',
      });
    }
    await capture(t, 'GET', 'api/products?limit=10', undefined, { authorization: 'Bearer abc.def.ghi' });
    await capture(t, 'POST', 'api/checkout', { card: '4111 1111 1111 1111', email: 'buyer@example.org' });
    await t.app.argus.analyzer.drain();
    endpoints = json(await t.inject({ method: 'GET', url: paths.endpoints() }), endpointListSchema).endpoints;
  });
  afterAll(() => t?.close());

  describe('endpoints', () => {
    it('lists every endpoint, highest risk first, with templated paths', () => {
      expect(endpoints.map((e) => `${e.method} ${e.normalizedPath}`).sort()).toEqual([
        'GET /api/customers/{customerId}',
        'GET /api/products',
        'POST /api/checkout',
        'PUT /api/customers/{customerId}',
      ]);
      const scores = endpoints.map((e) => e.riskScore);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      const put = endpoints.find((e) => e.method === 'PUT')!;
      expect(put.piiTypes).toEqual(expect.arrayContaining(['email', 'phone']));
      expect(put.requestCount).toBe(4);
      expect(put.sources).toEqual(['capture']);
    });

    it('filters with q, domain, limit, offset and sort', async () => {
      const q = json(
        await t.inject({ method: 'GET', url: paths.endpoints({ q: 'CUSTOMERS' }) }),
        endpointListSchema,
      );
      expect(q.total).toBe(2);
      const byMethod = json(
        await t.inject({ method: 'GET', url: paths.endpoints({ q: 'post' }) }),
        endpointListSchema,
      );
      expect(byMethod.endpoints.map((e) => e.normalizedPath)).toEqual(['/api/checkout']);
      const otherDomain = json(
        await t.inject({ method: 'GET', url: paths.endpoints({ domain: 'nope.example.com' }) }),
        endpointListSchema,
      );
      expect(otherDomain).toEqual({ endpoints: [], total: 0 });
      const page = json(
        await t.inject({
          method: 'GET',
          url: paths.endpoints({ limit: 2, offset: 1, sort: 'path', domain: HOST }),
        }),
        endpointListSchema,
      );
      expect(page.total).toBe(4);
      expect(page.endpoints.map((e) => e.normalizedPath)).toEqual([
        '/api/customers/{customerId}',
        '/api/customers/{customerId}',
      ]);
      const like = json(
        await t.inject({ method: 'GET', url: paths.endpoints({ q: '%' }) }),
        endpointListSchema,
      );
      expect(like.total).toBe(0);
    });

    it('refuses bad list parameters with the field messages', async () => {
      const res = await t.inject({ method: 'GET', url: '/api/v1/endpoints?limit=0&sort=sideways' });
      expect(res.statusCode).toBe(400);
      const body = json(res, errorBodySchema);
      expect(body.issues?.map((i) => i.path).sort()).toEqual(['limit', 'sort']);
      expect(body.message).toBe(body.issues!.map((i) => i.message).join('; '));
    });

    it('answers top endpoints (risk > 50, at most 10) and metrics that agree with the list', async () => {
      const top = json(await t.inject({ method: 'GET', url: paths.topEndpoints() }), topEndpointsSchema);
      expect(top.every((e) => e.riskScore > 50)).toBe(true);
      expect(top.length).toBe(endpoints.filter((e) => e.riskScore > 50).length);
      const metrics = json(await t.inject({ method: 'GET', url: paths.metrics() }), metricsSchema);
      expect(metrics.totalEndpoints).toBe(4);
      expect(metrics.highRiskEndpoints).toBe(top.length);
      expect(metrics.piiEndpoints).toBe(endpoints.filter((e) => e.piiTypes.length > 0).length);
      const avg = endpoints.reduce((n, e) => n + e.riskScore, 0) / endpoints.length;
      expect(Number(metrics.avgRiskScore)).toBeCloseTo(avg, 1);
    });

    it('answers one endpoint with vulnerabilities and a risk breakdown; 404 for unknown or malformed ids', async () => {
      const checkout = endpoints.find((e) => e.normalizedPath === '/api/checkout')!;
      const one = json(await t.inject({ method: 'GET', url: paths.endpoint(checkout.id) }), endpointSchema);
      expect(one.vulnerabilities.length).toBe(one.vulnerabilityCount);
      expect(one.vulnerabilities.length).toBeGreaterThan(0);
      expect(one.riskBreakdown?.explanation.join(' ')).toMatch(/PII/);
      for (const id of ['00000000-0000-4000-8000-000000000000', '..%2F..%2Fetc%2Fpasswd', "1' OR '1'='1"]) {
        const res = await t.inject({ method: 'GET', url: paths.endpoint(decodeURIComponent(id)) });
        expect(res.statusCode).toBe(404);
        expect(json(res, errorBodySchema).message).toBe('Endpoint not found');
      }
    });

    it('rescans with the current settings and updates lastScanned', async () => {
      const target = endpoints[0]!;
      const res = await t.inject({ method: 'POST', url: paths.rescanEndpoint(target.id) });
      const body = json(res, endpointSchema);
      expect(Date.parse(body.lastScanned!)).toBeGreaterThanOrEqual(Date.parse(target.lastScanned!));
      const missing = await t.inject({
        method: 'POST',
        url: paths.rescanEndpoint('00000000-0000-4000-8000-000000000001'),
      });
      expect(missing.statusCode).toBe(404);
    });

    it('marks false positives (findings stop counting) and assigns owners', async () => {
      const checkout = endpoints.find((e) => e.normalizedPath === '/api/checkout')!;
      const marked = json(
        await t.inject({
          method: 'PATCH',
          url: paths.endpoint(checkout.id),
          payload: { falsePositive: true },
        }),
        endpointSchema,
      );
      expect(marked.falsePositive).toBe(true);
      expect(marked.riskScore).toBeLessThan(checkout.riskScore);
      const undone = json(
        await t.inject({
          method: 'PATCH',
          url: paths.endpoint(checkout.id),
          payload: { falsePositive: false },
        }),
        endpointSchema,
      );
      expect(undone.riskScore).toBe(checkout.riskScore);
      const carol = await createUser(t.ctx.db, 'carol', 'carol-password');
      const owned = json(
        await t.inject({ method: 'PATCH', url: paths.endpoint(checkout.id), payload: { ownerId: carol.id } }),
        endpointSchema,
      );
      expect(owned.owner).toEqual({ id: carol.id, username: carol.username });
      const unknown = await t.inject({
        method: 'PATCH',
        url: paths.endpoint(checkout.id),
        payload: { ownerId: 'no-such-user' },
      });
      expect(unknown.statusCode).toBe(400);
      expect(json(unknown, errorBodySchema).message).toBe('Unknown user no-such-user');
      const invalid = await t.inject({
        method: 'PATCH',
        url: paths.endpoint(checkout.id),
        payload: { falsePositive: 'yes' },
      });
      expect(invalid.statusCode).toBe(400);
    });
  });

  describe('vulnerabilities and PII', () => {
    it('lists vulnerabilities with their endpoint, most severe first', async () => {
      const list = json(
        await t.inject({ method: 'GET', url: paths.vulnerabilities() }),
        vulnerabilityListSchema,
      );
      expect(list.total).toBe(list.vulnerabilities.length);
      expect(
        list.vulnerabilities.every((v) => v.endpoint?.domain === HOST && v.owaspCategory.startsWith('API')),
      ).toBe(true);
      const rank = { critical: 0, high: 1, medium: 2, low: 3 } as Record<string, number>;
      const ranks = list.vulnerabilities.map((v) => rank[v.severity] ?? 4);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    });

    it('lists endpoints with PII', async () => {
      const list = json(await t.inject({ method: 'GET', url: paths.pii() }), piiListSchema);
      expect(list.endpoints.map((e) => e.normalizedPath).sort()).toEqual([
        '/api/checkout',
        '/api/customers/{customerId}',
      ]);
      expect(list.endpoints.find((e) => e.normalizedPath === '/api/checkout')?.piiTypes).toContain(
        'credit_card',
      );
    });
  });

  describe('domains', () => {
    it('lists captured hosts as domains with their counts', async () => {
      const list = json(await t.inject({ method: 'GET', url: paths.domains() }), domainListSchema);
      const shop = list.find((d) => d.name === HOST)!;
      expect(shop.numEndpoints).toBe(4);
      expect(shop.numRiskyEndpoints).toBe(endpoints.filter((e) => e.riskScore > 50).length);
      expect(shop.publicPct).toBeGreaterThan(0);
    });

    it('creates domains with the hostname rule and refuses duplicates with 409', async () => {
      const created = await t.inject({
        method: 'POST',
        url: paths.domains(),
        payload: { name: 'https://API.Payments.example.com/', description: 'Payments' },
      });
      expect(created.statusCode).toBe(201);
      const domain = json(created, domainSchema);
      expect(domain).toMatchObject({
        name: 'api.payments.example.com',
        description: 'Payments',
        numEndpoints: 0,
      });
      const duplicate = await t.inject({
        method: 'POST',
        url: paths.domains(),
        payload: { name: 'api.payments.example.com' },
      });
      expect(duplicate.statusCode).toBe(409);
      expect(json(duplicate, errorBodySchema).message).toBe('Domain api.payments.example.com already exists');
      const blank = await t.inject({ method: 'POST', url: paths.domains(), payload: { name: '' } });
      expect(json(blank, errorBodySchema).message).toBe('Domain name is required');
      const bad = await t.inject({ method: 'POST', url: paths.domains(), payload: { name: 'not a host!' } });
      expect(bad.statusCode).toBe(400);
      expect(json(bad, errorBodySchema).message).toBe(
        'Please enter a valid domain name (e.g., api.example.com)',
      );
      const privateUpstream = await t.inject({
        method: 'POST',
        url: paths.domains(),
        payload: { name: 'internal.example.com', upstreamUrl: 'http://169.254.169.254/latest' },
      });
      expect(privateUpstream.statusCode).toBe(400);
      expect(json(privateUpstream, errorBodySchema).issues?.[0]?.path).toBe('upstreamUrl');
    });

    it('scans: 422 with the dashboard message when there is nothing to scan, counts new endpoints otherwise', async () => {
      const empty = await t.inject({ method: 'POST', url: paths.domainScan('api.payments.example.com') });
      expect(empty.statusCode).toBe(422);
      expect(json(empty, errorBodySchema).message).toMatch(/configure discovery sources first$/);
      const missing = await t.inject({ method: 'POST', url: paths.domainScan('nowhere.example.com') });
      expect(missing.statusCode).toBe(404);
      await capture(t, 'DELETE', 'api/customers/105/addresses/7');
      const scan = json(
        await t.inject({ method: 'POST', url: paths.domainScan(HOST) }),
        domainScanResultSchema,
      );
      expect(scan.endpointsDiscovered).toBe(1);
      const again = json(
        await t.inject({ method: 'POST', url: paths.domainScan(HOST) }),
        domainScanResultSchema,
      );
      expect(again.endpointsDiscovered).toBe(0);
    });
  });

  describe('discovery sources', () => {
    let domainId: string;
    beforeAll(async () => {
      const list = json(await t.inject({ method: 'GET', url: paths.domains() }), domainListSchema);
      domainId = list.find((d) => d.name === 'api.payments.example.com')!.id;
    });

    it('creates an access-log source with an immediate sync, lists it without file content, deletes it', async () => {
      const log = [
        '203.0.113.7 - - [10/Oct/2025:13:55:36 +0000] "GET /v1/invoices/88 HTTP/1.1" 200 512 "-" "curl/8"',
        '203.0.113.7 - - [10/Oct/2025:13:55:37 +0000] "GET /v1/invoices/89 HTTP/1.1" 200 512 "-" "curl/8"',
        '203.0.113.8 - - [10/Oct/2025:13:55:38 +0000] "POST /v1/refunds HTTP/1.1" 201 64 "-" "curl/8"',
        'this line is not a log line',
      ].join('\n');
      const res = await t.inject({
        method: 'POST',
        url: paths.discoverySources(domainId),
        payload: {
          type: 'access_log',
          name: 'Edge logs',
          config: { format: 'apache', fileContent: log, fileName: 'edge.log' },
        },
      });
      expect(res.statusCode).toBe(201);
      const source = json(res, discoverySourceSchema);
      expect(source).toMatchObject({ syncStatus: 'ok', endpointsDiscovered: 2, isActive: true });
      expect(source.lastSync).not.toBeNull();
      expect(source.config).toMatchObject({ format: 'apache', fileName: 'edge.log', lineCount: 4 });
      expect(source.lastError).toMatch(/1 of 4 lines/);
      const list = json(
        await t.inject({ method: 'GET', url: paths.discoverySources(domainId) }),
        discoverySourceListSchema,
      );
      expect(list.map((s) => s.id)).toEqual([source.id]);
      expect(JSON.stringify(list)).not.toContain('invoices/88');
      const scan = json(
        await t.inject({ method: 'POST', url: paths.domainScan('api.payments.example.com') }),
        domainScanResultSchema,
      );
      expect(scan.endpointsDiscovered).toBe(0);
      const eps = json(
        await t.inject({ method: 'GET', url: paths.endpoints({ domain: 'api.payments.example.com' }) }),
        endpointListSchema,
      );
      expect(eps.endpoints.find((e) => e.normalizedPath === '/v1/invoices/{invoiceId}')?.requestCount).toBe(
        2,
      );
      const del = await t.inject({ method: 'DELETE', url: paths.discoverySource(source.id) });
      expect(del.statusCode).toBe(204);
      const gone = await t.inject({ method: 'DELETE', url: paths.discoverySource(source.id) });
      expect(gone.statusCode).toBe(404);
    });

    it('creates an OpenAPI source from file content; shadow traffic is reported against it', async () => {
      const spec = {
        openapi: '3.0.3',
        info: { title: 'Payments', version: '1' },
        paths: {
          '/v1/invoices/{invoiceId}': { get: { responses: { '200': { description: 'ok' } } } },
          '/v1/customers': {
            post: {
              requestBody: {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { email: { type: 'string', format: 'email' }, ssn: { type: 'string' } },
                    },
                  },
                },
              },
              responses: { '201': { description: 'created' } },
            },
          },
        },
      };
      const res = await t.inject({
        method: 'POST',
        url: paths.discoverySources(domainId),
        payload: {
          type: 'openapi',
          name: 'Payments spec',
          config: { fileContent: JSON.stringify(spec), fileName: 'payments.json' },
        },
      });
      const source = json(res, discoverySourceSchema);
      expect(source).toMatchObject({ syncStatus: 'ok', endpointsDiscovered: 2 });
      const eps = json(
        await t.inject({
          method: 'GET',
          url: paths.endpoints({ domain: 'api.payments.example.com', q: 'customers' }),
        }),
        endpointListSchema,
      );
      expect(eps.endpoints[0]?.sources).toContain('openapi');
      expect(eps.endpoints[0]?.piiTypes).toEqual(expect.arrayContaining(['email', 'ssn']));
    });

    it('keeps a source whose sync fails, marked with the reason', async () => {
      const res = await t.inject({
        method: 'POST',
        url: paths.discoverySources(domainId),
        payload: { type: 'swagger', name: 'Broken', config: { fileContent: '{"not": "a spec"}' } },
      });
      expect(res.statusCode).toBe(201);
      const source = json(res, discoverySourceSchema);
      expect(source.syncStatus).toBe('failed');
      expect(source.lastError).toMatch(/Not an OpenAPI or Swagger document/);
      const feed = json(await t.inject({ method: 'GET', url: paths.activities() }), activityListSchema);
      expect(feed.some((a) => a.title === 'Discovery source sync failed: Broken')).toBe(true);
    });

    it('refuses gateway URLs that point at private addresses', async () => {
      const privateUrl = await t.inject({
        method: 'POST',
        url: paths.discoverySources(domainId),
        payload: {
          type: 'api_gateway',
          name: 'Kong',
          config: { provider: 'kong', url: 'http://127.0.0.1:8001', apiKey: 'kong-admin-secret-1234' },
        },
      });
      expect(privateUrl.statusCode).toBe(400);
      expect(json(privateUrl, errorBodySchema).message).toMatch(/private/);
    });

    it('validates per type with the spec messages', async () => {
      const cases: [unknown, string][] = [
        [
          { type: 'access_log', name: '', config: { format: 'apache', fileContent: 'x' } },
          'Name is required',
        ],
        [{ type: 'access_log', name: 'L', config: { format: 'apache' } }, 'Log file content is required'],
        [
          { type: 'api_gateway', name: 'G', config: { provider: 'kong', url: 'nope', apiKey: 'k' } },
          'Must be a valid URL',
        ],
        [
          { type: 'api_gateway', name: 'G', config: { provider: 'kong', url: 'https://gw.example.com' } },
          'API key is required',
        ],
        [
          { type: 'swagger', name: 'S', config: {} },
          'Enter a spec URL or upload a .json, .yaml or .yml file',
        ],
      ];
      for (const [payload, message] of cases) {
        const res = await t.inject({
          method: 'POST',
          url: paths.discoverySources(domainId),
          payload: payload as object,
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(json(res, errorBodySchema).message).toBe(message);
      }
      const unknownDomain = await t.inject({
        method: 'GET',
        url: paths.discoverySources('00000000-0000-4000-8000-000000000000'),
      });
      expect(unknownDomain.statusCode).toBe(404);
    });
  });

  describe('settings, users, activities', () => {
    it('persists settings; new weights re-score endpoints', async () => {
      const before = json(await t.inject({ method: 'GET', url: paths.settings() }), settingsSchema);
      expect(before).toMatchObject({
        scanIntervalMinutes: 60,
        deepScan: false,
        weights: { vulnerability: 40 },
      });
      const next = {
        ...before,
        scanIntervalMinutes: 15,
        weights: { vulnerability: 0, pii: 100, traffic: 0, exposure: 0 },
      };
      const saved = json(
        await t.inject({ method: 'PUT', url: paths.settings(), payload: next }),
        settingsSchema,
      );
      expect(saved).toEqual(next);
      expect(json(await t.inject({ method: 'GET', url: paths.settings() }), settingsSchema)).toEqual(next);
      const list = json(
        await t.inject({ method: 'GET', url: paths.endpoints({ domain: HOST }) }),
        endpointListSchema,
      );
      const products = list.endpoints.find((e) => e.normalizedPath === '/api/products')!;
      expect(products.piiTypes).toEqual([]);
      expect(products.riskScore).toBe(0);
      const invalid = await t.inject({
        method: 'PUT',
        url: paths.settings(),
        payload: { ...next, scanIntervalMinutes: 0, requestTimeoutSeconds: 1000 },
      });
      expect(invalid.statusCode).toBe(400);
      expect(json(invalid, errorBodySchema).message).toBe(
        'Scan interval must be 1 to 1440 minutes; Timeout must be 5 to 300 seconds',
      );
      await t.inject({ method: 'PUT', url: paths.settings(), payload: before });
    });

    it('automatic scanning scans every domain that has sources or traffic', async () => {
      const scanned = await t.app.argus.scheduler.scanAll(2);
      expect(scanned).toBe(2);
      const feed = json(await t.inject({ method: 'GET', url: paths.activities() }), activityListSchema);
      expect(
        feed
          .filter((a) => a.title.startsWith('Automatic scan completed'))
          .map((a) => a.domainName)
          .sort(),
      ).toEqual(['api.payments.example.com', HOST]);
      // The interval is shared through the database: one run per interval, whichever instance claims it.
      expect(await t.app.argus.scheduler.runIfDue()).toBe(true);
      expect(await t.app.argus.scheduler.runIfDue()).toBe(false);
    });

    it('lists users and activities newest first', async () => {
      const users = json(await t.inject({ method: 'GET', url: paths.users() }), userListSchema);
      expect(users.map((u) => u.username)).toEqual(expect.arrayContaining(['admin', 'carol']));
      const feed = json(await t.inject({ method: 'GET', url: paths.activities() }), activityListSchema);
      const times = feed.map((a) => Date.parse(a.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(feed.some((a) => a.title === 'Settings updated')).toBe(true);
      expect(feed.some((a) => a.title.startsWith('Domain added'))).toBe(true);
    });

    it('needs a session for every call', async () => {
      for (const url of [
        paths.metrics(),
        paths.endpoints(),
        paths.domains(),
        paths.users(),
        paths.settings(),
        paths.activities(),
      ]) {
        const res = await t.anonymous({ method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
        json(res, errorBodySchema);
      }
    });
  });
});
