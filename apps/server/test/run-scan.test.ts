// The dashboard's Run Scan (spec section 7): seven requests through the capture
// path, then list 20 endpoints and rescan each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityListSchema,
  alertListSchema,
  captureResultSchema,
  domainListSchema,
  endpointListSchema,
  endpointSchema,
  metricsSchema,
  paths,
  piiListSchema,
  SCAN_ENDPOINT_LIMIT,
  SCAN_SAMPLE_HOST,
  SCAN_SAMPLE_REQUESTS,
  topEndpointsSchema,
  vulnerabilityListSchema,
} from '@argus/api';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

describe.each(databaseKinds)('Run Scan (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('seeds endpoints with PII, vulnerabilities and risk scores', async () => {
    const answers = await Promise.all(
      SCAN_SAMPLE_REQUESTS.map((r) =>
        t.inject({
          method: r.method,
          url: paths.gateway(r.path),
          headers: {
            'content-type': 'application/json',
            host: SCAN_SAMPLE_HOST,
            'x-forwarded-host': SCAN_SAMPLE_HOST,
          },
          ...(r.body === undefined ? {} : { payload: JSON.stringify(r.body) }),
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(json(answer, captureResultSchema).recorded.domain).toBe(SCAN_SAMPLE_HOST);
    }
    const first = json(answers[0]!, captureResultSchema);
    expect(first.recorded.piiTypes).toEqual(expect.arrayContaining(['email', 'ssn']));
    expect(first.forwarded).toBe(false);

    // No drain: reads wait for the captures acknowledged before them to be analysed.
    const list = json(
      await t.inject({ method: 'GET', url: paths.endpoints({ limit: SCAN_ENDPOINT_LIMIT }) }),
      endpointListSchema,
    );
    expect(list.total).toBeGreaterThanOrEqual(5);
    const rescans = await Promise.all(
      list.endpoints.map((e) => t.inject({ method: 'POST', url: paths.rescanEndpoint(e.id) })),
    );
    const rescanned = rescans.map((r) => json(r, endpointSchema));
    expect(rescanned.every((e) => e.lastScanned)).toBe(true);
    const users = rescanned.find((e) => e.method === 'POST' && e.normalizedPath === '/api/v1/users');
    expect(users?.piiTypes).toEqual(expect.arrayContaining(['email', 'ssn', 'phone']));
    expect(users?.riskScore).toBeGreaterThan(0);
    expect(users?.riskBreakdown?.explanation).toHaveLength(4);
    expect(rescanned.some((e) => e.vulnerabilities.length > 0)).toBe(true);
    const userById = rescanned.find(
      (e) => e.method === 'GET' && e.normalizedPath.startsWith('/api/v1/users/{'),
    );
    expect(userById).toBeDefined();

    const metrics = json(await t.inject({ method: 'GET', url: paths.metrics() }), metricsSchema);
    expect(metrics.totalEndpoints).toBe(list.total);
    expect(metrics.piiEndpoints).toBeGreaterThanOrEqual(3);
    const vulns = json(
      await t.inject({ method: 'GET', url: paths.vulnerabilities() }),
      vulnerabilityListSchema,
    );
    expect(vulns.total).toBeGreaterThan(0);
    expect(vulns.vulnerabilities[0]?.endpoint?.domain).toBe(SCAN_SAMPLE_HOST);
    const pii = json(await t.inject({ method: 'GET', url: paths.pii() }), piiListSchema);
    expect(pii.endpoints.map((e) => e.piiTypes).flat()).toContain('credit_card');
    json(await t.inject({ method: 'GET', url: paths.topEndpoints() }), topEndpointsSchema);
    const feed = json(await t.inject({ method: 'GET', url: paths.activities() }), activityListSchema);
    expect(feed.some((a) => a.title.startsWith('New endpoint discovered'))).toBe(true);
    expect(feed.some((a) => a.title.startsWith('New PII type detected'))).toBe(true);
    expect(feed.some((a) => a.title === `New domain discovered: ${SCAN_SAMPLE_HOST}`)).toBe(true);
    // Findings reach alerting: the built-in rules raise alerts for this traffic.
    const alerts = json(await t.inject({ method: 'GET', url: paths.alerts() }), alertListSchema);
    expect(alerts.total).toBeGreaterThan(0);
    expect(feed.some((a) => a.title.startsWith('Alert raised'))).toBe(true);
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
