// The dashboard's Run Scan (spec section 7): seven requests through the capture
// path, then list 20 endpoints and rescan each, then scan every domain with
// active sources. The sample traffic lands in the sample domain, which leaves
// the user's inventory, alerts and metrics as they were and is removable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityListSchema,
  alertListSchema,
  captureResultSchema,
  discoverySourceSchema,
  domainListSchema,
  domainSchema,
  endpointListSchema,
  endpointSchema,
  metricsSchema,
  paths,
  piiListSchema,
  scanAllResultSchema,
  SCAN_ENDPOINT_LIMIT,
  SCAN_SAMPLE_HOST,
  SCAN_SAMPLE_REQUESTS,
  topEndpointsSchema,
  vulnerabilityListSchema,
} from '@argus/api';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const USER_HOST = 'shop.argus-test.com';
const USER_LOG = [
  '198.51.100.4 - - [10/Oct/2025:13:55:36 +0000] "GET /v1/orders/88 HTTP/1.1" 200 512 "-" "curl/8"',
  '198.51.100.4 - - [10/Oct/2025:13:55:37 +0000] "GET /v1/orders/89 HTTP/1.1" 200 512 "-" "curl/8"',
  '198.51.100.5 - - [10/Oct/2025:13:55:38 +0000] "POST /v1/refunds HTTP/1.1" 201 64 "-" "curl/8"',
  '198.51.100.5 - - [10/Oct/2025:13:56:38 +0000] "DELETE /v1/carts/12 HTTP/1.1" 204 0 "-" "curl/8"',
].join('\n');

describe.each(databaseKinds)('Run Scan (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const get = async <T>(url: string, schema: { parse: (v: unknown) => T }) =>
    json(await t.inject({ method: 'GET', url }), schema);

  /** Everything a user reads about their inventory, without timestamps that a scan moves. */
  async function snapshot() {
    const list = await get(paths.endpoints(), endpointListSchema);
    return {
      metrics: await get(paths.metrics(), metricsSchema),
      endpoints: list.endpoints
        .map((e) => `${e.domain} ${e.method} ${e.normalizedPath} ${e.riskScore}`)
        .sort(),
      total: list.total,
      top: (await get(paths.topEndpoints(), topEndpointsSchema)).map((e) => e.id),
      alerts: (await get(paths.alerts(), alertListSchema)).total,
      vulnerabilities: (await get(paths.vulnerabilities(), vulnerabilityListSchema)).total,
      pii: (await get(paths.pii(), piiListSchema)).total,
    };
  }

  it(
    'keeps sample traffic out of the inventory, alerts and metrics, scans the user domains, removes the sample',
    { timeout: 120_000 },
    async () => {
      const created = await t.inject({ method: 'POST', url: paths.domains(), payload: { name: USER_HOST } });
      const domain = json(created, domainSchema);
      const source = await t.inject({
        method: 'POST',
        url: paths.discoverySources(domain.id),
        payload: { type: 'access_log', name: 'Edge', config: { format: 'apache', fileContent: USER_LOG } },
      });
      expect(json(source, discoverySourceSchema).syncStatus).toBe('ok');
      const before = await snapshot();
      expect(before.total).toBe(3);

      // The spec's sequence: seven sample requests through /gateway, list 20, rescan each.
      const answers = await Promise.all(
        SCAN_SAMPLE_REQUESTS.map((r) =>
          t.inject({
            method: r.method,
            url: paths.gateway(r.path),
            headers: { 'content-type': 'application/json', 'x-forwarded-host': SCAN_SAMPLE_HOST },
            ...(r.body === undefined ? {} : { payload: JSON.stringify(r.body) }),
          }),
        ),
      );
      for (const answer of answers) {
        expect(answer.statusCode).toBe(202);
        expect(json(answer, captureResultSchema).recorded.domain).toBe(SCAN_SAMPLE_HOST);
      }
      expect(json(answers[0]!, captureResultSchema).recorded.piiTypes).toEqual(
        expect.arrayContaining(['email', 'ssn']),
      );
      const list = await get(paths.endpoints({ limit: SCAN_ENDPOINT_LIMIT }), endpointListSchema);
      const rescans = await Promise.all(
        list.endpoints.map((e) => t.inject({ method: 'POST', url: paths.rescanEndpoint(e.id) })),
      );
      expect(rescans.map((r) => json(r, endpointSchema).lastScanned)).not.toContain(null);
      const scans = await t.inject({ method: 'POST', url: paths.scanAll() });
      expect(json(scans, scanAllResultSchema)).toEqual({
        domains: [{ name: USER_HOST, endpointsDiscovered: 0, endpointsScanned: 3, error: null }],
        endpointsScanned: 3,
      });

      // The user's inventory, alerts and metrics are as they were.
      expect(await snapshot()).toEqual(before);
      // The sample domain is there, asked for by name, with what detection found.
      const domains = await get(paths.domains(), domainListSchema);
      expect(domains.map((d) => d.name)).toContain(SCAN_SAMPLE_HOST);
      const sample = await get(paths.endpoints({ domain: SCAN_SAMPLE_HOST }), endpointListSchema);
      expect(sample.total).toBeGreaterThanOrEqual(5);
      const users = sample.endpoints.find((e) => e.method === 'POST' && e.normalizedPath === '/api/v1/users');
      expect(users?.piiTypes).toEqual(expect.arrayContaining(['email', 'ssn', 'phone']));
      expect(users?.riskScore).toBeGreaterThan(0);
      // No alert names the sample domain (so no notification either).
      const alerts = await get(paths.alerts(), alertListSchema);
      expect(JSON.stringify(alerts)).not.toContain('/api/v1/users');
      const feed = await get(paths.activities(), activityListSchema);
      expect(feed.some((a) => a.title === `New domain discovered: ${SCAN_SAMPLE_HOST}`)).toBe(true);

      // One call removes the sample domain with its endpoints, traffic and activity.
      const removed = await t.inject({ method: 'DELETE', url: paths.sampleDomain() });
      expect(removed.statusCode).toBe(204);
      expect((await get(paths.domains(), domainListSchema)).map((d) => d.name)).toEqual([USER_HOST]);
      expect((await get(paths.endpoints({ domain: SCAN_SAMPLE_HOST }), endpointListSchema)).total).toBe(0);
      const feedAfter = await get(paths.activities(), activityListSchema);
      expect(feedAfter.some((a) => a.domainName === SCAN_SAMPLE_HOST)).toBe(false);
      expect(await snapshot()).toEqual(before);
      // Removing it again is harmless.
      expect((await t.inject({ method: 'DELETE', url: paths.sampleDomain() })).statusCode).toBe(204);
    },
  );

  it('reports a domain whose sources all fail, and scans the others', { timeout: 120_000 }, async () => {
    const broken = json(
      await t.inject({ method: 'POST', url: paths.domains(), payload: { name: 'broken.argus-test.com' } }),
      domainSchema,
    );
    await t.inject({
      method: 'POST',
      url: paths.discoverySources(broken.id),
      payload: { type: 'swagger', name: 'Broken', config: { fileContent: '{"not": "a spec"}' } },
    });
    const result = json(await t.inject({ method: 'POST', url: paths.scanAll() }), scanAllResultSchema);
    const byName = new Map(result.domains.map((d) => [d.name, d]));
    expect(byName.get('broken.argus-test.com')?.error).toMatch(/failed/);
    expect(byName.get(USER_HOST)).toMatchObject({ error: null, endpointsScanned: 3 });
    expect(result.endpointsScanned).toBe(3);
  });

  it('lists what was captured right before, on every read that the dashboard polls', async () => {
    const host = 'consistent.example.com';
    const paths7 = ['/a', '/b/1', '/c', '/d', '/e', '/f', '/g'];
    const answers = await Promise.all(
      paths7.map((p) =>
        t.inject({ method: 'GET', url: paths.gateway(p), headers: { 'x-forwarded-host': host } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(paths7.map(() => 202));
    const [list, domainsAnswer] = await Promise.all([
      t.inject({ method: 'GET', url: paths.endpoints({ domain: host, limit: SCAN_ENDPOINT_LIMIT }) }),
      t.inject({ method: 'GET', url: paths.domains() }),
    ]);
    expect(json(list, endpointListSchema).total).toBe(7);
    const domain = json(domainsAnswer, domainListSchema).find((d) => d.name === host);
    expect(domain?.numEndpoints).toBe(7);
  });
});
