// Security Tests mocks: one domain's settings, two identities, a slice of the
// catalogue, a finished run with a confirmed BOLA (with its evidence) and the
// calls that change them, answering as the server does (secrets never echoed).
import { http, HttpResponse, type HttpHandler } from 'msw';
import type {
  Role,
  SecurityTest,
  SecurityTestsOverview,
  TestIdentity,
  TestResult,
  TestRun,
  TestRunDetail,
} from '../index.js';
import {
  secretHintOf,
  testIdentityInputSchema,
  testRunCreateSchema,
  testSettingsUpdateSchema,
} from '../index.js';
import { FIXTURE_NOW } from './fixtures.js';

const at = (minutesAgo: number) => new Date(FIXTURE_NOW - minutesAgo * 60_000).toISOString();
const OWASP1 = 'API1:2023 Broken Object Level Authorization';

const test = (
  id: string,
  title: string,
  severity: string,
  owaspCategory: string,
  extra: Partial<SecurityTest> = {},
): SecurityTest => ({
  id,
  title,
  severity,
  owaspCategory,
  description: `${title}.`,
  intrusive: false,
  destructive: false,
  templateId: null,
  source: 'built-in',
  enabled: true,
  ...extra,
});

export function makeSecurityTestFixtures(domainId = 'd-1', domain = 'api.example.com', endpointId = 'ep-1') {
  const overview: SecurityTestsOverview = {
    domainId,
    domain,
    settings: {
      baseUrl: 'https://staging.api.example.com',
      testEnvironment: true,
      allowDestructive: false,
      budget: 500,
      ratePerSecond: 10,
      disabledTests: ['rate-limit-login'],
    },
    identities: [
      {
        id: 'ti-1',
        name: 'alice',
        kind: 'bearer',
        role: 'user',
        values: { id: '1', bookId: '11' },
        headerName: null,
        cookieName: null,
        login: null,
        secretHint: '••••a1c3',
        needsSecret: false,
        updatedAt: at(90),
      },
      {
        id: 'ti-2',
        name: 'bob',
        kind: 'login',
        role: 'user',
        values: { id: '2' },
        headerName: null,
        cookieName: null,
        login: { method: 'POST', path: '/login', tokenFrom: 'json', tokenPath: 'token', sendAs: 'bearer' },
        secretHint: '••••',
        needsSecret: false,
        updatedAt: at(80),
      },
    ],
    templates: [],
    tests: [
      test('bola-path-id-swap', 'BOLA: another user reads an object by its id in the path', 'high', OWASP1),
      test(
        'bfla-non-admin-admin-route',
        'BFLA: a non-admin calls an admin operation',
        'high',
        'API5:2023 Broken Function Level Authorization',
      ),
      test(
        'mass-assignment-admin',
        'Mass assignment of admin at creation',
        'high',
        'API3:2023 Broken Object Property Level Authorization',
        { intrusive: true },
      ),
      test(
        'rate-limit-login',
        'No rate limit on login',
        'medium',
        'API4:2023 Unrestricted Resource Consumption',
        { intrusive: true, enabled: false },
      ),
      test(
        'sqli-error-path',
        'SQL injection in a path parameter (error based)',
        'critical',
        'API8:2023 Security Misconfiguration',
      ),
      test('delete-other-users-object', 'Another user deletes an object', 'high', OWASP1, {
        intrusive: true,
        destructive: true,
      }),
    ],
  };
  const bola: TestResult = {
    id: 'tr-1',
    runId: 'run-1',
    endpointId,
    method: 'GET',
    path: '/books/{id}',
    testId: 'bola-path-id-swap',
    title: 'BOLA: another user reads an object by its id in the path',
    severity: 'high',
    owaspCategory: OWASP1,
    outcome: 'confirmed',
    reason: "bob's answer holds alice's values: title \"Alice's diary\", owner 1",
    evidence: [
      {
        label: 'owner as alice',
        request: {
          method: 'GET',
          url: 'https://staging.api.example.com/books/11',
          headers: { authorization: 'Bearer $ARGUS_ALICE_TOKEN' },
          body: null,
        },
        response: {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: '{"id":11,"title":"Alice\'s diary","owner":1}',
        },
        curl: "curl -X GET 'https://staging.api.example.com/books/11' -H 'authorization: Bearer $ARGUS_ALICE_TOKEN'",
      },
      {
        label: 'attack as bob',
        request: {
          method: 'GET',
          url: 'https://staging.api.example.com/books/11',
          headers: { authorization: 'Bearer $ARGUS_BOB_TOKEN' },
          body: null,
        },
        response: {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: '{"id":11,"title":"Alice\'s diary","owner":1}',
        },
        curl: "curl -X GET 'https://staging.api.example.com/books/11' -H 'authorization: Bearer $ARGUS_BOB_TOKEN'",
      },
    ],
    at: at(30),
  };
  const results: TestResult[] = [
    bola,
    {
      ...bola,
      id: 'tr-2',
      testId: 'sqli-error-path',
      title: 'SQL injection in a path parameter (error based)',
      severity: 'critical',
      owaspCategory: 'API8:2023 Security Misconfiguration',
      outcome: 'passed',
      reason: 'No payload changed the answer',
      evidence: [],
    },
    {
      ...bola,
      id: 'tr-3',
      testId: 'mass-assignment-admin',
      title: 'Mass assignment of admin at creation',
      method: 'POST',
      path: '/users',
      outcome: 'skipped',
      reason: 'No baseline request: no body was ever observed for POST /users',
      evidence: [],
    },
  ];
  const run: TestRunDetail = {
    id: 'run-1',
    domainId,
    status: 'completed',
    trigger: 'manual',
    startedBy: 'admin',
    createdAt: at(31),
    finishedAt: at(30),
    requestsSent: 142,
    budget: 500,
    testsPlanned: 3,
    testsDone: 3,
    confirmed: 1,
    passed: 1,
    skipped: 1,
    errors: 0,
    message: null,
    results,
  };
  return { overview, runs: [run], endpointId };
}

export type SecurityTestFixtures = ReturnType<typeof makeSecurityTestFixtures>;

const P = '*/api/v1';
const invalid = (issues: { path: PropertyKey[]; message: string }[]) =>
  HttpResponse.json(
    {
      message: issues.map((i) => i.message).join('; '),
      issues: issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    },
    { status: 400 },
  );

/**
 * Handlers over `state`; `refuse(role)` answers 403 when the signed-in role is below it,
 * `failure()` the error answer of reads when the story asks for one.
 */
export function securityTestHandlers(
  state: SecurityTestFixtures,
  refuse: (needed: Role) => Response | undefined,
  failure: () => Response | undefined = () => undefined,
): HttpHandler[] {
  let sequence = 0;
  const summary = (run: TestRunDetail): TestRun => {
    const { results: _results, ...rest } = run;
    return rest;
  };
  const known = (id: string) => id === state.overview.domainId;
  return [
    http.get(
      `${P}/domains/:id/security-tests`,
      ({ params }) =>
        failure() ??
        (known(String(params.id))
          ? HttpResponse.json(state.overview)
          : HttpResponse.json({ message: 'Domain not found' }, { status: 404 })),
    ),
    http.put(`${P}/domains/:id/security-tests`, async ({ request }) => {
      const refused = refuse('admin');
      if (refused) return refused;
      const parsed = testSettingsUpdateSchema.safeParse(await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error.issues);
      const { baseUrl, ...rest } = parsed.data;
      const settings = state.overview.settings;
      const moved = baseUrl !== undefined && (baseUrl || null) !== settings.baseUrl;
      Object.assign(settings, rest, baseUrl === undefined ? {} : { baseUrl: baseUrl || null });
      if (moved) for (const i of state.overview.identities) i.needsSecret = true;
      const off = new Set(settings.disabledTests);
      for (const t of state.overview.tests) t.enabled = !off.has(t.id);
      return HttpResponse.json(state.overview);
    }),
    http.post(`${P}/domains/:id/test-identities`, async ({ request }) => {
      const refused = refuse('admin');
      if (refused) return refused;
      const parsed = testIdentityInputSchema.safeParse(await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error.issues);
      const { secret, ...input } = parsed.data;
      if (!secret)
        return invalid([{ path: ['secret'], message: 'Enter the token, cookie value or login body' }]);
      const identity: TestIdentity = {
        id: `ti-new-${++sequence}`,
        name: input.name,
        kind: input.kind,
        role: input.role,
        values: input.values,
        headerName: input.headerName ?? null,
        cookieName: input.cookieName ?? null,
        login: input.login ?? null,
        secretHint: secretHintOf(input.kind, secret.slice(-4)),
        needsSecret: false,
        updatedAt: new Date().toISOString(),
      };
      state.overview.identities.push(identity);
      return HttpResponse.json(identity, { status: 201 });
    }),
    http.put(`${P}/test-identities/:id`, async ({ params, request }) => {
      const refused = refuse('admin');
      if (refused) return refused;
      const identity = state.overview.identities.find((i) => i.id === params.id);
      if (!identity) return HttpResponse.json({ message: 'Test identity not found' }, { status: 404 });
      const parsed = testIdentityInputSchema.safeParse(await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error.issues);
      const { secret, ...input } = parsed.data;
      if (!secret && identity.needsSecret)
        return invalid([
          {
            path: ['secret'],
            message: 'Enter the secret again: the test base URL changed since it was stored',
          },
        ]);
      Object.assign(
        identity,
        input,
        secret ? { secretHint: secretHintOf(input.kind, secret.slice(-4)), needsSecret: false } : {},
      );
      return HttpResponse.json(identity);
    }),
    http.delete(`${P}/test-identities/:id`, ({ params }) => {
      const refused = refuse('admin');
      if (refused) return refused;
      state.overview.identities = state.overview.identities.filter((i) => i.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${P}/domains/:id/test-runs`, () => failure() ?? HttpResponse.json(state.runs.map(summary))),
    http.post(`${P}/domains/:id/test-runs`, async ({ request }) => {
      const refused = refuse('analyst');
      if (refused) return refused;
      const parsed = testRunCreateSchema.safeParse(await request.json().catch(() => ({})));
      if (!parsed.success) return invalid(parsed.error.issues);
      const run: TestRunDetail = {
        ...state.runs[0]!,
        id: `run-new-${++sequence}`,
        status: 'running',
        createdAt: new Date().toISOString(),
        finishedAt: null,
        requestsSent: 0,
        testsDone: 0,
        confirmed: 0,
        passed: 0,
        skipped: 0,
        results: [],
      };
      state.runs.unshift(run);
      return HttpResponse.json(summary(run), { status: 202 });
    }),
    http.get(`${P}/test-runs/:id`, ({ params }) => {
      const run = state.runs.find((r) => r.id === params.id);
      return run
        ? HttpResponse.json(run)
        : HttpResponse.json({ message: 'Test run not found' }, { status: 404 });
    }),
    http.post(`${P}/test-runs/:id/cancel`, ({ params }) => {
      const refused = refuse('analyst');
      if (refused) return refused;
      const run = state.runs.find((r) => r.id === params.id);
      if (!run) return HttpResponse.json({ message: 'Test run not found' }, { status: 404 });
      if (run.status === 'running' || run.status === 'queued') {
        run.status = 'cancelled';
        run.finishedAt = new Date().toISOString();
        run.message = 'Cancelled by you';
      }
      return HttpResponse.json(summary(run));
    }),
    http.get(
      `${P}/endpoints/:id/test-results`,
      ({ params }) =>
        failure() ??
        HttpResponse.json(state.runs.flatMap((r) => r.results).filter((r) => r.endpointId === params.id)),
    ),
  ];
}
