// MSW 2 handlers for every call of spec section 7, over an in-memory copy of
// the fixtures. Each resource can be switched to an empty, loading or error
// answer, so stories and tests can show every state.
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type {
  Alert,
  AlertStatus,
  AlertSummary,
  AuditEntry,
  DiscoverySource,
  Endpoint,
  ManagedUser,
  Role,
  Severity,
} from '../index.js';
import {
  alertRuleCreateSchema,
  bulkAlertUpdateSchema,
  discoverySourceCreateSchema,
  domainCreateSchema,
  endpointUpdateSchema,
  findingFalsePositiveSchema,
  HIGH_RISK_THRESHOLD,
  isSampleDomain,
  loginSchema,
  notificationChannelCreateSchema,
  passwordChangeSchema,
  roleAtLeast,
  settingsUpdateSchema,
  SEVERITIES,
  userCreateSchema,
  userUpdateSchema,
} from '../index.js';
import {
  computeMetrics,
  FIXTURE_NOW,
  makeFixtures,
  makeSampleDomain,
  summarize,
  toPiiEndpoint,
  type Fixtures,
} from './fixtures.js';
import {
  makeSecurityTestFixtures,
  securityTestHandlers,
  type SecurityTestFixtures,
} from './security-tests.js';
import { traceHandlers, type TraceMocks } from './traces.js';

export type MockVariant = 'full' | 'empty' | 'loading' | 'error';
export type MockResource =
  | 'metrics'
  | 'endpoints'
  | 'topEndpoints'
  | 'endpoint'
  | 'domains'
  | 'sources'
  | 'activities'
  | 'vulnerabilities'
  | 'pii'
  | 'alerts'
  | 'users'
  | 'managedUsers'
  | 'auditLog'
  | 'alertRules'
  | 'channels'
  | 'settings'
  | 'auth'
  | 'securityTests'
  | 'writes';

export interface MockOptions {
  /** Default for every resource (default 'full'). */
  variant?: MockVariant;
  /** Per-resource variants, e.g. `{ alerts: 'error' }`. */
  resources?: Partial<Record<MockResource, MockVariant>>;
  /** Number of endpoints in the generated data (default 240). */
  endpointCount?: number;
  /** Number of alerts in the generated data (default 60). */
  alertCount?: number;
  /** The state the handlers read and write; pass one to inspect it in tests. */
  db?: Fixtures;
  /** Security Tests state (default: made for the first domain and its first endpoint). */
  securityTests?: SecurityTestFixtures;
  /** The OpenTelemetry receiver's counts and the templating agreement. */
  traces?: TraceMocks;
  /** Artificial latency for 'full' answers (ms). */
  latencyMs?: number;
  /** Status and message of 'error' answers. */
  error?: { status: number; message: string };
  /**
   * Role of the signed-in user (default 'admin'): `/auth/me` answers the first
   * enabled fixture user with it, and writes it may not make answer 403.
   */
  role?: Role;
}

/** Default page size of `GET /admin/audit-log`. */
export const AUDIT_PAGE_SIZE = 20;

const P = '*/api/v1';
const notFound = (what: string) => HttpResponse.json({ message: `${what} not found` }, { status: 404 });
const invalid = (issues: { path: PropertyKey[]; message: string }[]) =>
  HttpResponse.json(
    {
      message: issues.map((i) => i.message).join('; '),
      issues: issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    },
    { status: 400 },
  );
const forbidden = (needed: Role) =>
  HttpResponse.json({ message: `This needs the ${needed} role` }, { status: 403 });
const now = () => new Date(Math.max(Date.now(), FIXTURE_NOW)).toISOString();
let sequence = 0;
const nextId = (prefix: string) => `${prefix}-new-${++sequence}`;

const TRANSITIONS: Record<'acknowledge' | 'resolve' | 'suppress', { from: AlertStatus[]; to: AlertStatus }> =
  {
    acknowledge: { from: ['open'], to: 'acknowledged' },
    resolve: { from: ['open', 'acknowledged'], to: 'resolved' },
    suppress: { from: ['open', 'acknowledged'], to: 'suppressed' },
  };

const summarizeAlerts = (alerts: readonly Alert[]): AlertSummary => {
  const count = (pick: (a: Alert) => boolean) => alerts.filter(pick).length;
  return {
    total: alerts.length,
    open: count((a) => a.status === 'open'),
    acknowledged: count((a) => a.status === 'acknowledged'),
    resolved: count((a) => a.status === 'resolved'),
    suppressed: count((a) => a.status === 'suppressed'),
    critical: count((a) => a.severity === 'critical'),
  };
};

/** The handlers for one story or test. */
export function createHandlers(options: MockOptions = {}): HttpHandler[] {
  const db = options.db ?? makeFixtures(options.endpointCount, options.alertCount);
  const variantOf = (r: MockResource): MockVariant => options.resources?.[r] ?? options.variant ?? 'full';
  const error = options.error ?? { status: 500, message: 'Internal server error' };

  /** Wraps a resolver with the resource's variant: loading never answers, error answers `error`, empty answers `empty()`. */
  const serve =
    <A extends unknown[]>(
      resource: MockResource,
      full: (...args: A) => Response | Promise<Response>,
      empty: () => unknown,
    ) =>
    async (...args: A): Promise<Response> => {
      const variant = variantOf(resource);
      if (variant === 'loading') {
        await delay('infinite');
      }
      if (variant === 'error') return HttpResponse.json({ message: error.message }, { status: error.status });
      if (variant === 'empty') {
        const body = empty();
        return body instanceof Response ? body : HttpResponse.json(body as object);
      }
      if (options.latencyMs) await delay(options.latencyMs);
      return full(...args);
    };

  const list = <T>(items: T[]) => items;
  const endpointsList = { endpoints: [], total: 0 };

  const role = options.role ?? 'admin';
  const me = () => db.users.find((u) => u.role === role && !u.disabled) ?? db.users[0]!;
  /** A user as other entities reference it; with the role for admins, as the server does. */
  const refOfUser = (u: ManagedUser) =>
    role === 'admin' ? { id: u.id, username: u.username, role: u.role } : { id: u.id, username: u.username };
  /** The 403 the server answers when the signed-in role is below `needed`, else undefined. */
  const refuse = (needed: Role) => (roleAtLeast(role, needed) ? undefined : forbidden(needed));
  const audit = (entry: Pick<AuditEntry, 'action' | 'targetType' | 'targetId' | 'summary'>) =>
    db.auditLog.unshift({
      id: nextId('audit'),
      at: now(),
      actorId: me().id,
      actorUsername: me().username,
      ip: '127.0.0.1',
      ...entry,
    });

  const findEndpoint = (id: string): Endpoint | undefined => db.endpoints.find((e) => e.id === id);
  const refOf = (e: Endpoint) => ({ method: e.method, normalizedPath: e.normalizedPath, domain: e.domain });

  const firstEndpoint = db.endpoints[0];
  const testedDomain = db.domains.find((d) => d.name === firstEndpoint?.domain) ?? db.domains[0];
  const securityTests =
    options.securityTests ??
    makeSecurityTestFixtures(testedDomain?.id, testedDomain?.name, firstEndpoint?.id);

  return [
    ...securityTestHandlers(securityTests, refuse, () =>
      variantOf('securityTests') === 'error'
        ? HttpResponse.json({ message: error.message }, { status: error.status })
        : undefined,
    ),
    http.get(
      `${P}/auth/me`,
      serve(
        'auth',
        () => HttpResponse.json({ id: me().id, username: me().username, role: me().role }),
        () => ({ id: me().id, username: me().username, role: me().role }),
      ),
    ),
    http.post(`${P}/auth/login`, async ({ request }) => {
      const parsed = loginSchema.safeParse(await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error.issues);
      const user = db.users.find((u) => u.username === parsed.data.username && !u.disabled);
      if (!user || parsed.data.password.length < 1)
        return HttpResponse.json({ message: 'Invalid username or password' }, { status: 401 });
      return HttpResponse.json({ id: user.id, username: user.username, role: user.role });
    }),
    http.post(`${P}/auth/logout`, () => new HttpResponse(null, { status: 204 })),
    http.post(`${P}/auth/password`, async ({ request }) => {
      if (variantOf('writes') === 'error')
        return HttpResponse.json({ message: error.message }, { status: error.status });
      const parsed = passwordChangeSchema.safeParse(await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error.issues);
      audit({
        action: 'user.password',
        targetType: 'user',
        targetId: me().id,
        summary: `${me().username} changed their own password`,
      });
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(
      `${P}/metrics`,
      serve(
        'metrics',
        () => HttpResponse.json(computeMetrics(db.endpoints)),
        () => computeMetrics([]),
      ),
    ),

    http.get(
      `${P}/endpoints/top`,
      serve(
        'topEndpoints',
        () =>
          HttpResponse.json(
            db.endpoints
              .filter((e) => e.riskScore > HIGH_RISK_THRESHOLD)
              .sort((a, b) => b.riskScore - a.riskScore)
              .slice(0, 10)
              .map(summarize),
          ),
        () => list([]),
      ),
    ),
    ...traceHandlers(db, options.traces),
    http.get(
      `${P}/endpoints`,
      serve(
        'endpoints',
        ({ request }: { request: Request }) => {
          const url = new URL(request.url);
          const q = url.searchParams.get('q')?.toLowerCase() ?? '';
          const domain = url.searchParams.get('domain');
          const limit = Number(url.searchParams.get('limit') ?? db.endpoints.length);
          const offset = Number(url.searchParams.get('offset') ?? 0);
          const matches = db.endpoints
            .filter((e) => !domain || e.domain === domain)
            .filter((e) => !q || `${e.method} ${e.normalizedPath} ${e.domain}`.toLowerCase().includes(q))
            .sort((a, b) => b.riskScore - a.riskScore);
          return HttpResponse.json({
            endpoints: matches.slice(offset, offset + limit).map(summarize),
            total: matches.length,
          });
        },
        () => endpointsList,
      ),
    ),
    http.get(
      `${P}/endpoints/:id`,
      serve(
        'endpoint',
        ({ params }: { params: Record<string, string | readonly string[] | undefined> }) => {
          const endpoint = findEndpoint(String(params.id));
          return endpoint ? HttpResponse.json(endpoint) : notFound('Endpoint');
        },
        () => notFound('Endpoint'),
      ),
    ),
    http.post(`${P}/endpoints/:id/rescan`, async ({ params }) => {
      const refused = refuse('analyst');
      if (refused) return refused;
      if (variantOf('writes') === 'error')
        return HttpResponse.json({ message: error.message }, { status: error.status });
      const endpoint = findEndpoint(String(params.id));
      if (!endpoint) return notFound('Endpoint');
      endpoint.lastScanned = now();
      return HttpResponse.json(endpoint);
    }),
    http.patch(`${P}/endpoints/:id`, async ({ params, request }) => {
      const refused = refuse('analyst');
      if (refused) return refused;
      const endpoint = findEndpoint(String(params.id));
      if (!endpoint) return notFound('Endpoint');
      const parsed = endpointUpdateSchema.safeParse(await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error.issues);
      if (parsed.data.falsePositive !== undefined) endpoint.falsePositive = parsed.data.falsePositive;
      if (parsed.data.ownerId !== undefined) {
        const owner = db.users.find((u) => u.id === parsed.data.ownerId);
        endpoint.owner = owner ? { id: owner.id, username: owner.username } : null;
      }
      return HttpResponse.json(endpoint);
    }),

    http.patch(`${P}/endpoints/:id/findings`, async ({ params, request }) => {
      const refused = refuse('analyst');
      if (refused) return refused;
      if (variantOf('writes') === 'error')
        return HttpResponse.json({ message: error.message }, { status: error.status });
      const endpoint = findEndpoint(String(params.id));
      if (!endpoint) return notFound('Endpoint');
      const parsed = findingFalsePositiveSchema.safeParse(await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error.issues);
      const { kind, target, falsePositive, reason } = parsed.data;
      const mark = falsePositive
        ? { reason: reason || null, markedBy: 'admin', markedAt: new Date(FIXTURE_NOW).toISOString() }
        : null;
      if (kind === 'pii') {
        const finding = endpoint.piiFindings?.find((p) => p.type === target);
        if (!finding)
          return HttpResponse.json(
            { message: `This endpoint has no PII of type ${target}` },
            { status: 404 },
          );
        finding.falsePositive = mark;
        endpoint.piiTypes = (endpoint.piiFindings ?? []).filter((p) => !p.falsePositive).map((p) => p.type);
      } else {
        const vuln = endpoint.vulnerabilities.find((v) => v.id === target);
        if (!vuln) return notFound('Vulnerability');
        vuln.falsePositive = mark;
        endpoint.vulnerabilityCount = endpoint.vulnerabilities.filter((v) => !v.falsePositive).length;
      }
      return HttpResponse.json(endpoint);
    }),

    http.get(
      `${P}/domains`,
      serve(
        'domains',
        () => HttpResponse.json(db.domains),
        () => list([]),
      ),
    ),
    http.post(`${P}/domains`, async ({ request }) => {
      const refused = refuse('admin');
      if (refused) return refused;
      if (variantOf('writes') === 'error')
        return HttpResponse.json({ message: error.message }, { status: error.status });
      const parsed = domainCreateSchema.safeParse(await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error.issues);
      if (db.domains.some((d) => d.name === parsed.data.name)) {
        return HttpResponse.json({ message: `Domain ${parsed.data.name} already exists` }, { status: 409 });
      }
      const domain = {
        id: nextId('d'),
        name: parsed.data.name,
        description: parsed.data.description ?? null,
        numEndpoints: 0,
        numRiskyEndpoints: 0,
        avgRiskScore: 0,
        publicPct: 0,
        lastUpdated: now(),
        upstreamUrl: parsed.data.upstreamUrl || null,
      };
      db.domains.push(domain);
      return HttpResponse.json(domain, { status: 201 });
    }),
    http.post(`${P}/domains/:name/scan`, ({ params }) => {
      const refused = refuse('analyst');
      if (refused) return refused;
      if (variantOf('writes') === 'error') {
        return HttpResponse.json(
          {
            message:
              'No discovery sources or captured traffic for this domain: configure discovery sources first',
          },
          { status: 422 },
        );
      }
      const domain = db.domains.find((d) => d.name === params.name);
      if (!domain) return notFound('Domain');
      const sources = db.sources.filter((s) => s.domainId === domain.id && s.isActive);
      if (sources.length === 0) {
        return HttpResponse.json(
          {
            message: `No discovery sources or captured traffic for ${domain.name}: configure discovery sources first`,
          },
          { status: 422 },
        );
      }
      domain.lastUpdated = now();
      return HttpResponse.json({ endpointsDiscovered: 3 });
    }),

    http.get(
      `${P}/domains/:domainId/discovery-sources`,
      serve(
        'sources',
        ({ params }: { params: Record<string, string | readonly string[] | undefined> }) =>
          HttpResponse.json(db.sources.filter((s) => s.domainId === params.domainId)),
        () => list([]),
      ),
    ),
    // Run Scan: every domain with active sources, the sample domain never.
    http.post(`${P}/scans`, () => {
      const refused = refuse('analyst');
      if (refused) return refused;
      const scanned = db.domains.filter(
        (d) => !isSampleDomain(d.name) && db.sources.some((s) => s.domainId === d.id && s.isActive),
      );
      for (const d of scanned) d.lastUpdated = now();
      const domains = scanned.map((d) => ({
        name: d.name,
        endpointsDiscovered: 0,
        endpointsScanned: d.numEndpoints,
        error: null,
      }));
      return HttpResponse.json({
        domains,
        endpointsScanned: domains.reduce((sum, d) => sum + d.endpointsScanned, 0),
      });
    }),
    http.delete(`${P}/sample-domain`, () => {
      const refused = refuse('analyst');
      if (refused) return refused;
      db.domains = db.domains.filter((d) => !isSampleDomain(d.name));
      db.endpoints = db.endpoints.filter((e) => !isSampleDomain(e.domain));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${P}/domains/:domainId/discovery-sources`, async ({ params, request }) => {
      const refused = refuse('admin');
      if (refused) return refused;
      if (variantOf('writes') === 'error')
        return HttpResponse.json({ message: error.message }, { status: error.status });
      const domainId = String(params.domainId);
      if (!db.domains.some((d) => d.id === domainId)) return notFound('Domain');
      const parsed = discoverySourceCreateSchema.safeParse(await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error.issues);
      const body = parsed.data;
      const config: DiscoverySource['config'] = {};
      if (body.type === 'access_log') {
        config.format = body.config.format;
        config.lineCount = body.config.fileContent.split('\n').filter(Boolean).length;
        config.fileName = body.config.fileName ?? null;
      } else if (body.type === 'api_gateway') {
        config.provider = body.config.provider;
        config.url = body.config.url;
        config.region = body.config.region ?? null;
        config.apiKey = `••••${body.config.apiKey.slice(-4)}`;
      } else {
        config.url = body.config.url || null;
        config.fileName = body.config.fileName ?? null;
      }
      const source: DiscoverySource = {
        id: nextId('src'),
        domainId,
        type: body.type,
        name: body.name,
        isActive: true,
        lastSync: now(),
        endpointsDiscovered: 12,
        syncStatus: 'ok',
        lastError: null,
        config,
      };
      db.sources.push(source);
      return HttpResponse.json(source, { status: 201 });
    }),
    http.delete(`${P}/discovery-sources/:id`, ({ params }) => {
      const refused = refuse('admin');
      if (refused) return refused;
      if (variantOf('writes') === 'error')
        return HttpResponse.json({ message: error.message }, { status: error.status });
      const index = db.sources.findIndex((s) => s.id === params.id);
      if (index < 0) return notFound('Discovery source');
      db.sources.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(
      `${P}/activities`,
      serve(
        'activities',
        () => HttpResponse.json(db.activities),
        () => list([]),
      ),
    ),

    http.get(
      `${P}/vulnerabilities`,
      serve(
        'vulnerabilities',
        () => {
          const vulnerabilities = db.endpoints.flatMap((e) =>
            e.vulnerabilities.map((v) => ({ ...v, endpoint: refOf(e) })),
          );
          return HttpResponse.json({ vulnerabilities, total: vulnerabilities.length });
        },
        () => ({ vulnerabilities: [], total: 0 }),
      ),
    ),
    http.get(
      `${P}/pii`,
      serve(
        'pii',
        () => {
          const endpoints = db.endpoints.filter((e) => e.piiTypes.length > 0).map(toPiiEndpoint);
          return HttpResponse.json({ endpoints, total: endpoints.length });
        },
        () => endpointsList,
      ),
    ),

    http.get(
      `${P}/alerts`,
      serve(
        'alerts',
        ({ request }: { request: Request }) => {
          // As the server does: filters, search and order, then one page.
          const url = new URL(request.url);
          const q = (key: string) => url.searchParams.get(key) ?? '';
          const search = q('search').trim().toLowerCase();
          const rank = (a: Alert) => SEVERITIES.indexOf(a.severity as Severity);
          const byDate = (key: 'createdAt' | 'updatedAt') => (a: Alert, b: Alert) =>
            (b[key] ?? b.createdAt).localeCompare(a[key] ?? a.createdAt) || b.id.localeCompare(a.id);
          const order: Record<string, (a: Alert, b: Alert) => number> = {
            newest: byDate('createdAt'),
            oldest: (a, b) => byDate('createdAt')(b, a),
            severity: (a, b) => rank(a) - rank(b) || byDate('createdAt')(a, b),
            updated: byDate('updatedAt'),
          };
          const matches = db.alerts
            .filter((a) => !q('status') || a.status === q('status'))
            .filter((a) => !q('severity') || a.severity === q('severity'))
            .filter(
              (a) =>
                !search || `${a.title} ${a.description} ${a.domain ?? ''}`.toLowerCase().includes(search),
            )
            .sort(order[q('sort')] ?? order.newest);
          const offset = Number(q('offset') || 0);
          const limit = Number(q('limit') || 500);
          return HttpResponse.json({ alerts: matches.slice(offset, offset + limit), total: matches.length });
        },
        () => ({ alerts: [], total: 0 }),
      ),
    ),
    http.get(
      `${P}/alerts/summary`,
      serve(
        'alerts',
        () => HttpResponse.json(summarizeAlerts(db.alerts)),
        () => summarizeAlerts([]),
      ),
    ),
    http.patch(`${P}/alerts/bulk`, async ({ request }) => {
      const refused = refuse('analyst');
      if (refused) return refused;
      if (variantOf('writes') === 'error')
        return HttpResponse.json({ message: error.message }, { status: error.status });
      const parsed = bulkAlertUpdateSchema.safeParse(await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error.issues);
      const { alertIds, action, assignedTo } = parsed.data;
      const missing = alertIds.filter((id) => !db.alerts.some((a) => a.id === id));
      if (missing.length)
        return HttpResponse.json({ message: `Unknown alert ids: ${missing.join(', ')}` }, { status: 404 });
      const assignee = assignedTo ? db.users.find((u) => u.id === assignedTo) : undefined;
      if (action === 'assign' && !assignee)
        return HttpResponse.json({ message: `Unknown user ${assignedTo}` }, { status: 400 });
      const results = alertIds.map((id) => {
        const alert = db.alerts.find((a) => a.id === id) as Alert;
        if (action === 'assign') {
          alert.assignedTo = assignee!.id;
          alert.assignedToUsername = assignee!.username;
          return { id, outcome: 'updated' as const, status: alert.status };
        }
        const rule = TRANSITIONS[action];
        if (!rule.from.includes(alert.status)) {
          return {
            id,
            outcome: 'skipped' as const,
            status: alert.status,
            reason: `cannot ${action} an alert that is ${alert.status}`,
          };
        }
        alert.status = rule.to;
        alert.updatedAt = now();
        return { id, outcome: 'updated' as const, status: alert.status };
      });
      return HttpResponse.json({ updated: results.filter((r) => r.outcome === 'updated').length, results });
    }),
    http.get(`${P}/alerts/:id/history`, ({ params }) => {
      const alert = db.alerts.find((a) => a.id === params.id);
      if (!alert) return notFound('Alert');
      return HttpResponse.json([
        {
          id: `${alert.id}-h1`,
          action: 'raised',
          fromStatus: null,
          toStatus: 'open',
          assignedTo: null,
          assignedToUsername: null,
          userId: null,
          username: null,
          createdAt: alert.createdAt,
        },
      ]);
    }),
    http.get(`${P}/alerts/export`, ({ request }) => {
      const url = new URL(request.url);
      const format = url.searchParams.get('format') === 'csv' ? 'csv' : 'json';
      const rows = db.alerts.filter(
        (a) =>
          (!url.searchParams.get('status') || a.status === url.searchParams.get('status')) &&
          (!url.searchParams.get('severity') || a.severity === url.searchParams.get('severity')),
      );
      if (format === 'json') return HttpResponse.json(rows);
      const csv = [
        'id,title,severity,status',
        ...rows.map((a) => `${a.id},"${a.title.replaceAll('"', '""')}",${a.severity},${a.status}`),
      ].join('\r\n');
      return new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv' } });
    }),

    http.get(
      `${P}/users`,
      serve(
        'users',
        () => HttpResponse.json(db.users.filter((u) => !u.disabled).map(refOfUser)),
        () => list([]),
      ),
    ),

    http.get(
      `${P}/admin/users`,
      serve(
        'managedUsers',
        () => refuse('admin') ?? HttpResponse.json(db.users),
        () => list([]),
      ),
    ),
    http.post(`${P}/admin/users`, async ({ request }) => {
      if (variantOf('writes') === 'error')
        return HttpResponse.json({ message: error.message }, { status: error.status });
      const refused = refuse('admin');
      if (refused) return refused;
      const parsed = userCreateSchema.safeParse(await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error.issues);
      const { username, role: newRole } = parsed.data;
      if (db.users.some((u) => u.username.toLowerCase() === username.toLowerCase()))
        return HttpResponse.json({ message: `User ${username} already exists` }, { status: 409 });
      const user: ManagedUser = {
        id: nextId('u'),
        username,
        role: newRole,
        disabled: false,
        createdAt: now(),
        lastLoginAt: null,
      };
      db.users.push(user);
      audit({
        action: 'user.create',
        targetType: 'user',
        targetId: user.id,
        summary: `Added user ${username} as ${newRole}`,
      });
      return HttpResponse.json(user, { status: 201 });
    }),
    http.patch(`${P}/admin/users/:id`, async ({ params, request }) => {
      if (variantOf('writes') === 'error')
        return HttpResponse.json({ message: error.message }, { status: error.status });
      const refused = refuse('admin');
      if (refused) return refused;
      const user = db.users.find((u) => u.id === params.id);
      if (!user) return notFound('User');
      const parsed = userUpdateSchema.safeParse(await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error.issues);
      const change = parsed.data;
      // The signed-in admin is always an enabled admin, so the server's "last admin" refusal
      // cannot happen here without a second session; stories show it with the `writes` error.
      if (change.role !== undefined && change.role !== user.role && user.id === me().id)
        return HttpResponse.json({ message: 'You cannot change your own role' }, { status: 409 });
      if (change.disabled === true && user.id === me().id)
        return HttpResponse.json({ message: 'You cannot disable yourself' }, { status: 409 });
      if (change.role !== undefined && change.role !== user.role) {
        audit({
          action: 'user.role',
          targetType: 'user',
          targetId: user.id,
          summary: `Changed role of ${user.username} from ${user.role} to ${change.role}`,
        });
        user.role = change.role;
      }
      if (change.disabled !== undefined && change.disabled !== user.disabled) {
        user.disabled = change.disabled;
        audit({
          action: change.disabled ? 'user.disable' : 'user.enable',
          targetType: 'user',
          targetId: user.id,
          summary: `${change.disabled ? 'Disabled' : 'Enabled'} user ${user.username}`,
        });
      }
      if (change.password !== undefined) {
        audit({
          action: 'user.password',
          targetType: 'user',
          targetId: user.id,
          summary: `Changed the password of ${user.username}`,
        });
      }
      return HttpResponse.json(user);
    }),
    http.delete(`${P}/admin/users/:id`, ({ params }) => {
      if (variantOf('writes') === 'error')
        return HttpResponse.json({ message: error.message }, { status: error.status });
      const refused = refuse('admin');
      if (refused) return refused;
      const index = db.users.findIndex((u) => u.id === params.id);
      const user = db.users[index];
      if (!user) return notFound('User');
      if (user.id === me().id)
        return HttpResponse.json({ message: 'You cannot remove yourself' }, { status: 409 });
      db.users.splice(index, 1);
      audit({
        action: 'user.delete',
        targetType: 'user',
        targetId: user.id,
        summary: `Removed user ${user.username} (${user.role})`,
      });
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(
      `${P}/admin/audit-log`,
      serve(
        'auditLog',
        ({ request }: { request: Request }) => {
          const refused = refuse('admin');
          if (refused) return refused;
          const url = new URL(request.url);
          const limit = Number(url.searchParams.get('limit') ?? AUDIT_PAGE_SIZE);
          const before = url.searchParams.get('before');
          const start = before ? db.auditLog.findIndex((a) => a.id === before) + 1 : 0;
          if (before && start === 0)
            return HttpResponse.json({ message: 'Unknown audit log cursor' }, { status: 400 });
          const entries = db.auditLog.slice(start, start + limit);
          const more = start + limit < db.auditLog.length;
          return HttpResponse.json({ entries, nextCursor: more ? entries.at(-1)!.id : null });
        },
        () => ({ entries: [], nextCursor: null }),
      ),
    ),

    http.get(
      `${P}/alert-rules`,
      serve(
        'alertRules',
        () => HttpResponse.json(db.alertRules),
        () => list([]),
      ),
    ),
    http.post(`${P}/alert-rules`, async ({ request }) => {
      const refused = refuse('admin');
      if (refused) return refused;
      if (variantOf('writes') === 'error')
        return HttpResponse.json({ message: error.message }, { status: error.status });
      const parsed = alertRuleCreateSchema.safeParse(await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error.issues);
      const rule = {
        id: nextId('rule'),
        ...parsed.data,
        description: parsed.data.description ?? null,
        builtIn: false,
        createdAt: now(),
      };
      db.alertRules.push(rule);
      return HttpResponse.json(rule, { status: 201 });
    }),
    http.patch(`${P}/alert-rules/:id`, async ({ params, request }) => {
      const refused = refuse('admin');
      if (refused) return refused;
      const rule = db.alertRules.find((r) => r.id === params.id);
      if (!rule) return notFound('Alert rule');
      Object.assign(rule, (await request.json()) as object);
      return HttpResponse.json(rule);
    }),
    http.delete(`${P}/alert-rules/:id`, ({ params }) => {
      const refused = refuse('admin');
      if (refused) return refused;
      const index = db.alertRules.findIndex((r) => r.id === params.id);
      if (index < 0) return notFound('Alert rule');
      db.alertRules.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(
      `${P}/notification-channels`,
      serve(
        'channels',
        () => refuse('admin') ?? HttpResponse.json(db.channels),
        () => list([]),
      ),
    ),
    http.post(`${P}/notification-channels`, async ({ request }) => {
      const refused = refuse('admin');
      if (refused) return refused;
      if (variantOf('writes') === 'error')
        return HttpResponse.json({ message: error.message }, { status: error.status });
      const parsed = notificationChannelCreateSchema.safeParse(await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error.issues);
      const channel = { id: nextId('ch'), ...parsed.data, createdAt: now(), lastDelivery: null };
      db.channels.push(channel);
      return HttpResponse.json(channel, { status: 201 });
    }),
    http.patch(`${P}/notification-channels/:id`, async ({ params, request }) => {
      const refused = refuse('admin');
      if (refused) return refused;
      const channel = db.channels.find((c) => c.id === params.id);
      if (!channel) return notFound('Notification channel');
      Object.assign(channel, (await request.json()) as object);
      return HttpResponse.json(channel);
    }),
    http.delete(`${P}/notification-channels/:id`, ({ params }) => {
      const refused = refuse('admin');
      if (refused) return refused;
      const index = db.channels.findIndex((c) => c.id === params.id);
      if (index < 0) return notFound('Notification channel');
      db.channels.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${P}/notification-channels/:id/test`, ({ params }) => {
      const refused = refuse('analyst');
      if (refused) return refused;
      const channel = db.channels.find((c) => c.id === params.id);
      if (!channel) return notFound('Notification channel');
      const delivery = {
        id: nextId('dl'),
        alertId: null,
        status: 'delivered' as const,
        attempts: 1,
        lastError: null,
        createdAt: now(),
        deliveredAt: now(),
      };
      channel.lastDelivery = delivery;
      return HttpResponse.json(delivery);
    }),
    http.get(`${P}/notification-channels/:id/deliveries`, ({ params }) => {
      const channel = db.channels.find((c) => c.id === params.id);
      if (!channel) return notFound('Notification channel');
      return HttpResponse.json(channel.lastDelivery ? [channel.lastDelivery] : []);
    }),

    http.get(
      `${P}/settings`,
      serve(
        'settings',
        () => HttpResponse.json(db.settings),
        () => db.settings,
      ),
    ),
    http.put(`${P}/settings`, async ({ request }) => {
      if (variantOf('writes') === 'error')
        return HttpResponse.json({ message: error.message }, { status: error.status });
      const refused = refuse('admin');
      if (refused) return refused;
      const parsed = settingsUpdateSchema.safeParse(await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error.issues);
      db.settings = parsed.data;
      audit({
        action: 'settings.update',
        targetType: 'settings',
        targetId: null,
        summary: 'Updated settings',
      });
      return HttpResponse.json(db.settings);
    }),

    http.all('*/gateway/*', async ({ request }) => {
      const url = new URL(request.url);
      const host = request.headers.get('x-forwarded-host') ?? url.host;
      const path = url.pathname.replace(/^\/gateway/, '');
      // Run Scan's sample traffic makes the sample domain appear, as the server's analysis does.
      if (isSampleDomain(host) && !db.domains.some((d) => d.name === host))
        db.domains.push(makeSampleDomain(now()));
      return HttpResponse.json(
        {
          recorded: { id: nextId('obs'), domain: host, method: request.method, path, piiTypes: [] },
          forwarded: false,
        },
        { status: 202 },
      );
    }),
  ];
}

/** Ready-made handler sets for the four states every screen has. */
export const handlers = createHandlers();
export const emptyHandlers = createHandlers({ variant: 'empty' });
export const loadingHandlers = createHandlers({ variant: 'loading' });
export const errorHandlers = createHandlers({ variant: 'error' });
