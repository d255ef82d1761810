// Security test runs against the engine's deliberately vulnerable fixture API
// on a loopback port: a run confirms BOLA with evidence (and no secret in it),
// the finding becomes a confirmed vulnerability that raises the endpoint's risk
// and is resolved by a re-run after the fix; destructive operations are never
// called without permission; the budget stops a run; cancel stops one.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertListSchema,
  auditPageSchema,
  domainSchema,
  endpointListSchema,
  endpointSchema,
  paths,
  securityTestsOverviewSchema,
  settingsSchema,
  testResultListSchema,
  testRunDetailSchema,
  testRunListSchema,
  testRunSchema,
  type TestRunDetail,
} from '@argus/api';
import { startVulnerableApi, type VulnerableApi } from '../../../fixtures/vulnerable-api/server.js';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const SPEC = readFileSync(new URL('../../../fixtures/vulnerable-api/openapi.yaml', import.meta.url), 'utf8');
const BOLA = 'bola-path-id-swap';
const BOOK = '/api/books/{bookId}';
/** A slice of the library (the engine's suite runs all of it against the fixture). */
const SOME_TESTS = [
  BOLA,
  'auth-no-token',
  'auth-jwt-alg-none',
  'sqli-error-based',
  'header-missing-nosniff',
  'exposure-password-hash',
  'ssrf-query-url',
];
const RUN_TIMEOUT = 180_000;
/** An address of this machine that is not loopback: a target "elsewhere" for the SSRF canary. */
const OWN_ADDRESS = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
/** A template an operator dropped into the server's template folder. */
const FOLDER_TEMPLATE = readFileSync(
  new URL('../../../fixtures/vulnerable-api/debug-dump-test.yaml', import.meta.url),
  'utf8',
);
const FOLDER_TEST = 'custom-debug-dump';

describe.each(databaseKinds)('security test runs (%s)', (kind) => {
  let t: TestApp;
  let api: VulnerableApi;
  let secureApi: VulnerableApi;
  let domainId: string;
  let templatesDir: string;

  const put = (payload: object) =>
    t.inject({ method: 'PUT', url: `/api/v1/domains/${domainId}/security-tests`, payload });
  const addIdentities = async (target: VulnerableApi) => {
    const o = json(
      await t.inject({ method: 'GET', url: `/api/v1/domains/${domainId}/security-tests` }),
      securityTestsOverviewSchema,
    );
    const body = {
      alice: {
        name: 'alice',
        kind: 'login',
        login: { path: '/api/login', tokenFrom: 'json', tokenPath: 'token' },
        secret: JSON.stringify({ username: 'alice', password: 'alice-pass-1' }),
        values: { id: '1', bookId: '1', ownerId: '1' },
      },
      bob: {
        name: 'bob',
        kind: 'bearer',
        secret: target.tokenFor('bob'),
        values: { id: '2', bookId: '2', ownerId: '2' },
      },
    };
    for (const [name, payload] of Object.entries(body)) {
      const existing = o.identities.find((i) => i.name === name);
      const res = await t.inject(
        existing
          ? { method: 'PUT', url: `/api/v1/test-identities/${existing.id}`, payload }
          : { method: 'POST', url: `/api/v1/domains/${domainId}/test-identities`, payload },
      );
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
  };
  const run = async (body: object = {}): Promise<TestRunDetail> => {
    const started = await t.inject({
      method: 'POST',
      url: `/api/v1/domains/${domainId}/test-runs`,
      payload: body,
    });
    expect(started.statusCode, started.body).toBe(202);
    const { id } = json(started, testRunSchema);
    await t.app.argus.testRunner.idle();
    return json(await t.inject({ method: 'GET', url: `/api/v1/test-runs/${id}` }), testRunDetailSchema);
  };
  const bookEndpoint = async () => {
    const list = json(
      await t.inject({ method: 'GET', url: `/api/v1/endpoints?search=${encodeURIComponent('/api/books/')}` }),
      endpointListSchema,
    );
    const summary = list.endpoints.find((e) => e.method === 'GET' && e.normalizedPath === BOOK)!;
    return json(await t.inject({ method: 'GET', url: `/api/v1/endpoints/${summary.id}` }), endpointSchema);
  };

  beforeAll(async () => {
    [api, secureApi] = await Promise.all([startVulnerableApi(), startVulnerableApi({ secure: true })]);
    templatesDir = mkdtempSync(path.join(tmpdir(), 'argus-templates-'));
    writeFileSync(path.join(templatesDir, 'ops.yaml'), FOLDER_TEMPLATE);
    writeFileSync(path.join(templatesDir, 'broken.yml'), 'id: x\ntitle: nope\n');
    writeFileSync(path.join(templatesDir, 'notes.txt'), 'not a template');
    t = await createTestApp(kind, {
      allowPrivateUrls: true,
      testTemplatesDir: templatesDir,
      ...(OWN_ADDRESS ? { canaryHost: OWN_ADDRESS } : {}),
    });
    domainId = json(
      await t.inject({ method: 'POST', url: '/api/v1/domains', payload: { name: 'books.fixture.test' } }),
      domainSchema,
    ).id;
    const source = await t.inject({
      method: 'POST',
      url: `/api/v1/domains/${domainId}/discovery-sources`,
      payload: {
        type: 'openapi',
        name: 'Fixture API',
        config: { fileContent: SPEC, fileName: 'openapi.yaml' },
      },
    });
    expect(source.statusCode, source.body).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await api?.close();
    await secureApi?.close();
    rmSync(templatesDir, { recursive: true, force: true });
  });

  it('refuses to run without a test base URL', async () => {
    const res = await t.inject({ method: 'POST', url: `/api/v1/domains/${domainId}/test-runs`, payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Set a test base URL for books.fixture.test before running security tests',
    );
  });

  it(
    'confirms BOLA with redacted evidence and makes it a confirmed vulnerability',
    async () => {
      const before = await bookEndpoint();
      expect((await put({ baseUrl: api.url })).statusCode).toBe(200);
      await addIdentities(api);
      const result = await run({ testIds: SOME_TESTS });
      expect(result.status).toBe('completed');
      expect(result.requestsSent).toBeGreaterThan(0);
      expect(result.testsDone).toBe(result.testsPlanned);

      const bola = result.results.find((r) => r.testId === BOLA && r.path === BOOK);
      expect(
        bola,
        JSON.stringify(result.results.map((r) => [r.testId, r.path, r.outcome, r.reason])),
      ).toBeDefined();
      expect(bola!.outcome).toBe('confirmed');
      expect(bola!.endpointId).toBe(before.id);
      expect(bola!.evidence.length).toBeGreaterThanOrEqual(2);
      const attack = bola!.evidence.at(-1)!;
      expect(attack.response?.status).toBe(200);
      expect(attack.response?.body).toContain('alice-private-note-7f3a');
      expect(attack.curl).toMatch(/^curl /);
      const stored = JSON.stringify(result);
      expect(stored).not.toContain('alice-pass-1');
      expect(stored).not.toContain(api.tokenFor('bob').split('.')[2]);

      const after = await bookEndpoint();
      const confirmed = after.vulnerabilities.find((v) => v.vulnId === BOLA);
      expect(confirmed).toMatchObject({ confirmed: true, severity: 'high' });
      expect(after.vulnerabilities[0]!.confirmed).toBe(true);
      expect(after.riskScore).toBeGreaterThan(before.riskScore);

      const onEndpoint = json(
        await t.inject({ method: 'GET', url: `/api/v1/endpoints/${after.id}/test-results` }),
        testResultListSchema,
      );
      expect(onEndpoint.find((r) => r.testId === BOLA)?.outcome).toBe('confirmed');
    },
    RUN_TIMEOUT,
  );

  it('raises an alert for the confirmed finding through the alert rules', async () => {
    const book = await bookEndpoint();
    const list = json(
      await t.inject({ method: 'GET', url: `/api/v1/alerts?triggerType=vulnerability_detected` }),
      alertListSchema,
    );
    const onBook = list.alerts.filter((a) => a.endpointId === book.id);
    const confirmed = onBook.find((a) => a.found?.includes(BOLA));
    expect(confirmed, JSON.stringify(onBook.map((a) => [a.title, a.found]))).toMatchObject({
      severity: 'high',
      status: 'open',
      ruleId: expect.any(String),
    });
    expect(confirmed!.title).toMatch(/Confirmed/);
  });

  it(
    "runs the template folder's tests and none that is switched off",
    async () => {
      const o = json(
        await t.inject({ method: 'GET', url: `/api/v1/domains/${domainId}/security-tests` }),
        securityTestsOverviewSchema,
      );
      expect(o.templates.filter((x) => x.source === 'folder').map((x) => [x.fileName, x.testIds])).toEqual([
        ['broken.yml', []],
        ['ops.yaml', [FOLDER_TEST]],
      ]);
      expect(o.templates.find((x) => x.fileName === 'broken.yml')?.error).toMatch(/^broken\.yml: /);
      expect(o.tests.find((x) => x.id === FOLDER_TEST)).toMatchObject({ source: 'folder', enabled: true });
      // an upload may not take a folder test's id
      const clash = await t.inject({
        method: 'POST',
        url: `/api/v1/domains/${domainId}/test-templates`,
        payload: { fileName: 'mine.yaml', content: FOLDER_TEMPLATE },
      });
      expect(clash.statusCode).toBe(400);
      expect(clash.json().issues[0].message).toMatch(/ops\.yaml in the template folder/);

      expect((await put({ disabledTests: [BOLA] })).statusCode).toBe(200);
      const result = await run({ testIds: [FOLDER_TEST, BOLA] });
      expect(result.results.filter((r) => r.testId === BOLA)).toEqual([]);
      const found = result.results.find((r) => r.testId === FOLDER_TEST);
      expect(found, JSON.stringify(result.results.map((r) => [r.testId, r.path]))).toMatchObject({
        outcome: 'confirmed',
        method: 'GET',
        path: '/api/debug/users',
      });
      expect((await put({ disabledTests: [] })).statusCode).toBe(200);
    },
    RUN_TIMEOUT,
  );

  it(
    'runs the applicable tests on a rescan only when deep scanning is on',
    async () => {
      const book = await bookEndpoint();
      const runs = async () =>
        json(
          await t.inject({ method: 'GET', url: `/api/v1/domains/${domainId}/test-runs` }),
          testRunListSchema,
        );
      const settings = json(await t.inject({ method: 'GET', url: '/api/v1/settings' }), settingsSchema);
      const rescan = async (deepScan: boolean) => {
        const saved = await t.inject({
          method: 'PUT',
          url: '/api/v1/settings',
          payload: { ...settings, deepScan },
        });
        expect(saved.statusCode, saved.body).toBe(200);
        const res = await t.inject({ method: 'POST', url: `/api/v1/endpoints/${book.id}/rescan` });
        expect(res.statusCode, res.body).toBe(200);
        await t.app.argus.testRunner.idle();
      };
      const before = (await runs()).length;
      await rescan(false);
      expect(await runs()).toHaveLength(before);

      await rescan(true);
      const [latest] = await runs();
      expect(await runs()).toHaveLength(before + 1);
      expect(latest).toMatchObject({ trigger: 'rescan', status: 'completed' });
      const detail = json(
        await t.inject({ method: 'GET', url: `/api/v1/test-runs/${latest!.id}` }),
        testRunDetailSchema,
      );
      // the rescanned endpoint's tests only, BOLA among them and confirmed again
      expect(new Set(detail.results.map((r) => `${r.method} ${r.path}`))).toEqual(new Set([`GET ${BOOK}`]));
      expect(detail.results.find((r) => r.testId === BOLA)?.outcome).toBe('confirmed');
      await t.inject({
        method: 'PUT',
        url: '/api/v1/settings',
        payload: { ...settings, deepScan: false },
      });
    },
    RUN_TIMEOUT,
  );

  it('never calls destructive operations without permission', () => {
    expect(api.calls.get('GET /createdb') ?? 0).toBe(0);
    expect([...api.calls.keys()].filter((k) => k.startsWith('DELETE '))).toEqual([]);
  });

  it(
    'stops at the request budget and says so',
    async () => {
      expect((await put({ budget: 3 })).statusCode).toBe(200);
      const result = await run();
      expect(result.status).toBe('completed');
      expect(result.requestsSent).toBeLessThanOrEqual(3);
      expect(result.message).toBe('Stopped at the request budget (3 requests); raise it to run every test');
      await put({ budget: 500 });
    },
    RUN_TIMEOUT,
  );

  it(
    'cancels a run',
    async () => {
      await put({ ratePerSecond: 1 });
      const started = await t.inject({
        method: 'POST',
        url: `/api/v1/domains/${domainId}/test-runs`,
        payload: {},
      });
      const { id } = json(started, testRunSchema);
      const again = await t.inject({
        method: 'POST',
        url: `/api/v1/domains/${domainId}/test-runs`,
        payload: {},
      });
      expect(again.statusCode).toBe(409);
      const cancelled = await t.inject({ method: 'POST', url: `/api/v1/test-runs/${id}/cancel` });
      expect(cancelled.statusCode).toBe(200);
      await t.app.argus.testRunner.idle();
      const result = json(
        await t.inject({ method: 'GET', url: `/api/v1/test-runs/${id}` }),
        testRunDetailSchema,
      );
      expect(result.status).toBe('cancelled');
      expect(result.message).toBe('Cancelled by admin');
      expect(result.testsDone).toBeLessThan(result.testsPlanned);
      // Who started and who stopped the run is in the audit log (ASVS 7.2.1).
      const audit = json(await t.inject({ method: 'GET', url: paths.auditLog() }), auditPageSchema).entries;
      const ofRun = audit.filter((e) => e.targetId === id).map((e) => [e.action, e.actorUsername]);
      expect(ofRun).toEqual([
        ['test_run.cancel', 'admin'],
        ['test_run.start', 'admin'],
      ]);
      await put({ ratePerSecond: 10 });
    },
    RUN_TIMEOUT,
  );

  it.skipIf(!OWN_ADDRESS)(
    'starts the SSRF canary by ARGUS_CANARY_HOST for a target on another host',
    async () => {
      const remote = await startVulnerableApi({ host: OWN_ADDRESS! });
      try {
        expect((await put({ baseUrl: remote.url })).statusCode).toBe(200);
        await addIdentities(remote);
        const result = await run({ testIds: ['ssrf-query-url'] });
        const ssrf = result.results.find((r) => r.path === '/api/preview');
        expect(ssrf, JSON.stringify(result.results)).toMatchObject({ outcome: 'confirmed' });
        // the target called the canary on this machine's own address, not an internal one
        const pointedAt = new URL(ssrf!.evidence.at(-1)!.request.url).searchParams.get('url');
        expect(pointedAt).toMatch(new RegExp(`^http://${OWN_ADDRESS!.replace(/\./g, '\\.')}:\\d+/c/argus-`));
      } finally {
        await put({ baseUrl: api.url });
        await remote.close();
      }
    },
    RUN_TIMEOUT,
  );

  it(
    'resolves the finding when a re-run after the fix passes',
    async () => {
      await put({ baseUrl: secureApi.url });
      await addIdentities(secureApi);
      const result = await run({ testIds: [BOLA] });
      expect(result.results.find((r) => r.path === BOOK)?.outcome).toBe('passed');
      expect(result.confirmed).toBe(0);
      const after = await bookEndpoint();
      expect(after.vulnerabilities.some((v) => v.vulnId === BOLA)).toBe(false);
    },
    RUN_TIMEOUT,
  );
});
