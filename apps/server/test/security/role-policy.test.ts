// Who may do what, as a table (issue 13's roles): routes.test.ts proves each
// route enforces the access it declares; this file pins what each route should
// declare, so a route added or loosened without a decision fails here. Then the
// newer screens' writes (per-finding false positives, template overrides,
// Security Tests) are sent by a viewer and an analyst with real data: refused
// with nothing changed, or done, as the table says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainSchema, endpointListSchema, endpointSchema, paths, type Role } from '@argus/api';
import type { RouteAccess } from '../../src/auth.js';
import { createUser } from '../../src/users.js';
import { createTestApp, databaseKinds, json, type TestApp } from '../helpers.js';

/** Every route but HEAD (Fastify adds it beside each GET with the same access). */
const POLICY: Record<string, RouteAccess> = {
  'POST /api/v1/auth/login': 'public',
  'GET /healthz': 'public',
  'GET /metrics': 'metrics',
  'GET /readyz': 'metrics',
  'POST /api/v1/captures': 'ingest',
  ...Object.fromEntries(
    ['DELETE', 'GET', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'QUERY', 'TRACE'].map((m) => [
      `${m} /gateway/*`,
      'ingest',
    ]),
  ),
  // Reads: any signed-in user.
  'POST /api/v1/auth/logout': 'viewer',
  'GET /api/v1/auth/me': 'viewer',
  'POST /api/v1/auth/password': 'viewer',
  'GET /api/v1/activities': 'viewer',
  'GET /api/v1/alert-rules': 'viewer',
  'GET /api/v1/alerts': 'viewer',
  'GET /api/v1/alerts/:id/history': 'viewer',
  'GET /api/v1/alerts/export': 'viewer',
  'GET /api/v1/alerts/summary': 'viewer',
  'GET /api/v1/domains': 'viewer',
  'GET /api/v1/domains/:domainId/discovery-sources': 'viewer',
  'GET /api/v1/domains/:domainId/security-tests': 'viewer',
  'GET /api/v1/domains/:domainId/test-runs': 'viewer',
  'GET /api/v1/domains/:name/template-overrides': 'viewer',
  'GET /api/v1/domains/:name/trace-agreement': 'viewer',
  'GET /api/v1/domains/:name/otlp': 'viewer',
  'GET /api/v1/endpoints': 'viewer',
  'GET /api/v1/endpoints/:id': 'viewer',
  'GET /api/v1/endpoints/:id/test-results': 'viewer',
  'GET /api/v1/endpoints/top': 'viewer',
  'GET /api/v1/metrics': 'viewer',
  'GET /api/v1/pii': 'viewer',
  'GET /api/v1/settings': 'viewer',
  'GET /api/v1/test-runs/:id': 'viewer',
  'GET /api/v1/users': 'viewer',
  'GET /api/v1/vulnerabilities': 'viewer',
  // Triage, rescans, false positives, template corrections, running tests: analysts.
  'PATCH /api/v1/alerts/bulk': 'analyst',
  'POST /api/v1/domains/:name/scan': 'analyst',
  'POST /api/v1/scans': 'analyst',
  'DELETE /api/v1/sample-domain': 'analyst',
  'PATCH /api/v1/endpoints/:id': 'analyst',
  'PATCH /api/v1/endpoints/:id/findings': 'analyst',
  'POST /api/v1/endpoints/:id/rescan': 'analyst',
  'POST /api/v1/endpoints/:id/template-overrides': 'analyst',
  'DELETE /api/v1/template-overrides/:id': 'analyst',
  'POST /api/v1/domains/:domainId/test-runs': 'analyst',
  'POST /api/v1/test-runs/:id/cancel': 'analyst',
  // Users, channels, secrets, settings, sources, rules, test configuration: admins.
  'GET /api/v1/admin/audit-log': 'admin',
  'GET /api/v1/admin/dead-letters': 'admin',
  'GET /api/v1/admin/users': 'admin',
  'POST /api/v1/admin/users': 'admin',
  'PATCH /api/v1/admin/users/:id': 'admin',
  'DELETE /api/v1/admin/users/:id': 'admin',
  'POST /api/v1/alert-rules': 'admin',
  'PATCH /api/v1/alert-rules/:id': 'admin',
  'DELETE /api/v1/alert-rules/:id': 'admin',
  'POST /api/v1/domains': 'admin',
  'POST /api/v1/domains/:domainId/discovery-sources': 'admin',
  'PATCH /api/v1/discovery-sources/:id': 'admin',
  'DELETE /api/v1/discovery-sources/:id': 'admin',
  'GET /api/v1/notification-channels': 'admin',
  'POST /api/v1/notification-channels': 'admin',
  'PATCH /api/v1/notification-channels/:id': 'admin',
  'DELETE /api/v1/notification-channels/:id': 'admin',
  'GET /api/v1/notification-channels/:id/deliveries': 'admin',
  'POST /api/v1/notification-channels/:id/test': 'admin',
  'PUT /api/v1/settings': 'admin',
  'PUT /api/v1/domains/:domainId/security-tests': 'admin',
  'POST /api/v1/domains/:domainId/test-identities': 'admin',
  'PUT /api/v1/test-identities/:id': 'admin',
  'DELETE /api/v1/test-identities/:id': 'admin',
  'POST /api/v1/domains/:domainId/test-templates': 'admin',
  'DELETE /api/v1/domains/:domainId/test-templates/:id': 'admin',
};

/** The built dashboard's files (served publicly when apps/dashboard/dist exists): not the API. */
const isDashboardFile = (url: string) => !/^\/(api|gateway)\/|^\/(healthz|metrics|readyz)$/.test(url);

const DOMAIN = 'roles.argus-test.com';
const TEMPLATE_YAML = `id: role-probe
name: Role probe
owasp: API8:2023
severity: low
requests:
  - method: GET
    path: /
`;

describe.each(databaseKinds)('security: the role table and the newer screens (%s)', (kind) => {
  let t: TestApp;
  let domainId: string;
  const cookies = {} as Record<Exclude<Role, 'admin'>, string>;
  const as = (
    role: Exclude<Role, 'admin'>,
    method: 'PATCH' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.anonymous({ method, url, headers: { cookie: cookies[role] }, ...(payload ? { payload } : {}) });
  const capture = async (path: string) => {
    const res = await t.inject({
      method: 'GET',
      url: paths.gateway(path),
      headers: { 'x-forwarded-host': DOMAIN },
    });
    expect(res.statusCode).toBe(202);
  };
  const endpointsNow = async () =>
    json(
      await t.inject({ method: 'GET', url: paths.endpoints({ domain: DOMAIN, sort: 'path' }) }),
      endpointListSchema,
    ).endpoints;

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const role of ['viewer', 'analyst'] as const) {
      await createUser(t.ctx.db, `policy-${role}`, `${role}-password-123`, role);
      const login = await t.anonymous({
        method: 'POST',
        url: paths.login(),
        payload: { username: `policy-${role}`, password: `${role}-password-123` },
      });
      expect(login.statusCode).toBe(200);
      cookies[role] = `argus_session=${login.cookies.find((c) => c.name === 'argus_session')!.value}`;
    }
    domainId = json(
      await t.inject({ method: 'POST', url: paths.domains(), payload: { name: DOMAIN } }),
      domainSchema,
    ).id;
    await capture('/v1/profile?email=jane.doe@example.com');
    for (const word of ['apple', 'banana']) await capture(`/link/${word}`);
  }, 120_000);
  afterAll(() => t?.close());

  it('declares on every route the access the role table says', () => {
    const declared = Object.fromEntries(
      t.app.declaredRoutes
        .filter((r) => r.method !== 'HEAD' && !isDashboardFile(r.url))
        .map((r) => [`${r.method} ${r.url}`, r.access]),
    );
    expect(declared).toEqual(POLICY);
  });

  it('lets an analyst, not a viewer, mark one finding as a false positive', async () => {
    const profile = (await endpointsNow()).find((e) => e.normalizedPath === '/v1/profile')!;
    expect(profile.piiTypes).toContain('email');
    const mark = { kind: 'pii', target: 'email', falsePositive: true, reason: 'test address' };
    const viewer = await as('viewer', 'PATCH', paths.endpointFindings(profile.id), mark);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().message).toMatch(/This needs the analyst role or higher/);
    expect(
      json(await t.inject({ method: 'GET', url: paths.endpoint(profile.id) }), endpointSchema).piiTypes,
    ).toContain('email');
    const analyst = await as('analyst', 'PATCH', paths.endpointFindings(profile.id), mark);
    expect(analyst.statusCode, analyst.body).toBe(200);
    expect(
      json(await t.inject({ method: 'GET', url: paths.endpoint(profile.id) }), endpointSchema).piiTypes,
    ).not.toContain('email');
  });

  it('lets an analyst, not a viewer, merge endpoints and take the merge back', async () => {
    const [apple] = (await endpointsNow()).filter((e) => e.normalizedPath.startsWith('/link/'));
    const merge = { kind: 'merge', template: '/link/{name}' };
    expect((await as('viewer', 'POST', paths.endpointTemplateOverrides(apple!.id), merge)).statusCode).toBe(
      403,
    );
    expect((await endpointsNow()).map((e) => e.normalizedPath)).toEqual([
      '/link/apple',
      '/link/banana',
      '/v1/profile',
    ]);
    const merged = await as('analyst', 'POST', paths.endpointTemplateOverrides(apple!.id), merge);
    expect(merged.statusCode, merged.body).toBeLessThan(300);
    expect((await endpointsNow()).map((e) => e.normalizedPath)).toEqual(['/link/{name}', '/v1/profile']);
    const overrideId = (merged.json() as { override: { id: string } }).override.id;
    expect((await as('viewer', 'DELETE', paths.templateOverride(overrideId))).statusCode).toBe(403);
    expect((await as('analyst', 'DELETE', paths.templateOverride(overrideId))).statusCode).toBeLessThan(300);
  });

  it('keeps Security Tests configuration to admins; an analyst may start a run, a viewer not', async () => {
    for (const role of ['viewer', 'analyst'] as const) {
      const settings = await as(role, 'PUT', paths.securityTests(domainId), { allowDestructive: true });
      expect(settings.statusCode, role).toBe(403);
      const template = await as(role, 'POST', paths.testTemplates(domainId), { yaml: TEMPLATE_YAML });
      expect(template.statusCode, role).toBe(403);
      const identity = await as(role, 'POST', paths.testIdentities(domainId), {
        name: 'Other user',
        kind: 'token',
        token: 'secret-token-1234',
      });
      expect(identity.statusCode, role).toBe(403);
    }
    const viewerRun = await as('viewer', 'POST', paths.testRuns(domainId), {});
    expect(viewerRun.statusCode).toBe(403);
    // The analyst passes the role check: what answers is the run's own validation (no base URL yet).
    const analystRun = await as('analyst', 'POST', paths.testRuns(domainId), {});
    expect(analystRun.statusCode, analystRun.body).not.toBe(403);
    expect(analystRun.statusCode, analystRun.body).not.toBe(401);
  });
});
