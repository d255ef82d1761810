// Attack traffic on a domain (issue 14): probes in an access log or in captured
// traffic are no endpoints; the domain counts them by kind, client and path,
// adds them up across analyses, and the activity feed says a scan found them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityListSchema,
  alertListSchema,
  discoverySourceSchema,
  domainListSchema,
  domainSchema,
  endpointListSchema,
  paths,
} from '@argus/api';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const HOST = 'probed.argus-test.com';
const line = (ip: string, second: number, request: string, status: number) =>
  `${ip} - - [10/Oct/2025:13:55:${String(second).padStart(2, '0')} +0000] "${request} HTTP/1.1" ${status} 10 "-" "x"`;
const LOG = [
  line('198.51.100.4', 1, 'GET /v1/orders/88', 200),
  line('198.51.100.4', 2, 'GET /v1/orders/89', 200),
  line('203.0.113.9', 3, 'GET /.env', 404),
  line('203.0.113.9', 4, 'GET /.git/config', 404),
  line('203.0.113.9', 5, 'POST /wp-login.php', 404),
  line('203.0.113.7', 6, 'GET /vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php', 404),
  line('198.51.100.4', 7, 'GET /static/app.css', 200),
  line('198.51.100.4', 8, 'OPTIONS /v1/orders/88', 204),
].join('\n');

describe.each(databaseKinds)('domain attack traffic (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const domainNamed = async (name: string) =>
    json(await t.inject({ method: 'GET', url: paths.domains() }), domainListSchema).find(
      (d) => d.name === name,
    );

  it('counts probes by kind, client and path, adds captures to it, and reports it in the feed', async () => {
    const domain = json(
      await t.inject({ method: 'POST', url: paths.domains(), payload: { name: HOST } }),
      domainSchema,
    );
    expect(domain.traffic ?? null).toBeNull();
    // A rule on scanner activity: one alert per domain once its probes reach 4.
    const rule = await t.inject({
      method: 'POST',
      url: paths.alertRules(),
      payload: {
        name: 'Scanner activity',
        triggerType: 'threshold_breach',
        severity: 'high',
        conditions: { metric: 'scannerRequests', operator: '>=', value: 4, domains: [HOST] },
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const source = await t.inject({
      method: 'POST',
      url: paths.discoverySources(domain.id),
      payload: { type: 'access_log', name: 'Edge', config: { format: 'apache', fileContent: LOG } },
    });
    expect(json(source, discoverySourceSchema).syncStatus).toBe('ok');
    const list = json(
      await t.inject({ method: 'GET', url: paths.endpoints({ domain: HOST }) }),
      endpointListSchema,
    );
    expect(list.endpoints.map((e) => `${e.method} ${e.normalizedPath}`)).toEqual([
      'GET /v1/orders/{orderId}',
    ]);

    const traffic = (await domainNamed(HOST))?.traffic;
    expect(traffic).toMatchObject({
      attack: { requests: 4, byKind: { dotfile: 2, wordpress: 1, 'php-probe': 1 } },
      staticRequests: 1,
      preflights: 1,
    });
    expect(traffic?.attack.byClient).toEqual([
      { client: '203.0.113.9', count: 3 },
      { client: '203.0.113.7', count: 1 },
    ]);
    expect(traffic?.attack.topPaths.map((p) => p.path)).toContain('/.env');
    expect(traffic?.attack.firstSeen).toBe('2025-10-10T13:55:03.000Z');
    const feed = json(await t.inject({ method: 'GET', url: paths.activities() }), activityListSchema);
    const entry = feed.find((a) => a.title === `Attack traffic on ${HOST}: 4 scanner requests`);
    expect(entry?.description).toMatch(/dotfile 2/);
    expect(entry?.severity).toBe('medium');
    const scannerAlerts = async () =>
      json(await t.inject({ method: 'GET', url: paths.alerts() }), alertListSchema).alerts.filter(
        (a) => a.triggerType === 'threshold_breach' && a.domain === HOST,
      );
    expect(await scannerAlerts()).toEqual([
      expect.objectContaining({
        title: `Scanner activity on ${HOST}: 4 requests`,
        severity: 'high',
        status: 'open',
        endpointId: null,
        found: ['dotfile', 'php-probe', 'wordpress'],
        description: expect.stringMatching(/^scannerRequests is 4 \(threshold >= 4\): dotfile 2, /),
      }),
    ]);

    // Captured probes add up; a domain scan re-reads nothing twice.
    const captured = await t.inject({
      method: 'GET',
      url: paths.gateway('/.aws/credentials'),
      headers: { 'x-forwarded-host': HOST },
    });
    expect(captured.statusCode).toBe(202);
    expect((await t.inject({ method: 'POST', url: paths.domainScan(HOST) })).statusCode).toBe(200);
    const after = (await domainNamed(HOST))?.traffic;
    expect(after?.attack.requests).toBe(5);
    expect(after?.attack.byKind['dotfile']).toBe(3);
    // More probes while the alert is open raise no second one.
    expect((await scannerAlerts()).map((a) => a.title)).toEqual([`Scanner activity on ${HOST}: 4 requests`]);
  });
});
