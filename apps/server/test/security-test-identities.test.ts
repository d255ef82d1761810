// Security Tests settings and identities: admins only, audit-logged, secrets
// sealed at rest and never answered, re-entry required when the test base URL
// changes, clear errors for bad input and bad templates.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, domainSchema, securityTestsOverviewSchema, testIdentitySchema } from '@argus/api';
import { loadBuiltinTemplates } from '@argus/engine';
import { testIdentities } from '../src/db/schema/index.js';
import { createUser } from '../src/users.js';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const ALICE_TOKEN = 'alice-secret-token-1234567890-wxyz';
const BOB_PASSWORD = 'bob-Password-42-secret';

describe.each(databaseKinds)('security test identities (%s)', (kind) => {
  let t: TestApp;
  let domainId: string;
  let analystCookie: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { allowPrivateUrls: true });
    const created = await t.inject({
      method: 'POST',
      url: '/api/v1/domains',
      payload: { name: 'books.example.com' },
    });
    domainId = json(created, domainSchema).id;
    await createUser(t.ctx.db, 'ana', 'analyst-password-123', 'analyst');
    const login = await t.anonymous({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'ana', password: 'analyst-password-123' },
    });
    analystCookie = `argus_session=${login.cookies.find((c) => c.name === 'argus_session')!.value}`;
  }, 120_000);
  afterAll(() => t?.close());

  const overview = async () =>
    json(
      await t.inject({ method: 'GET', url: `/api/v1/domains/${domainId}/security-tests` }),
      securityTestsOverviewSchema,
    );

  it('starts with safe defaults and lists the built-in library', async () => {
    const o = await overview();
    expect(o.settings).toMatchObject({
      baseUrl: null,
      testEnvironment: false,
      allowDestructive: false,
      budget: 500,
    });
    expect(o.identities).toEqual([]);
    expect(o.tests.map((x) => x.id)).toEqual(loadBuiltinTemplates().map((x) => x.id));
    expect(o.tests.every((x) => x.enabled && x.templateId === null)).toBe(true);
  });

  it('stores identities sealed and never answers their secrets', async () => {
    await t.inject({
      method: 'PUT',
      url: `/api/v1/domains/${domainId}/security-tests`,
      payload: { baseUrl: 'http://127.0.0.1:4010', testEnvironment: true },
    });
    const alice = await t.inject({
      method: 'POST',
      url: `/api/v1/domains/${domainId}/test-identities`,
      payload: { name: 'alice', kind: 'bearer', secret: ALICE_TOKEN, values: { id: '1' } },
    });
    expect(alice.statusCode, alice.body).toBe(201);
    const bob = await t.inject({
      method: 'POST',
      url: `/api/v1/domains/${domainId}/test-identities`,
      payload: {
        name: 'bob',
        kind: 'login',
        login: { path: '/login', tokenFrom: 'json', tokenPath: 'token' },
        secret: JSON.stringify({ username: 'bob', password: BOB_PASSWORD }),
      },
    });
    expect(bob.statusCode, bob.body).toBe(201);
    expect(json(alice, testIdentitySchema)).toMatchObject({ secretHint: '••••wxyz', needsSecret: false });

    const answers = [alice.body, bob.body, JSON.stringify(await overview())];
    for (const body of answers) {
      expect(body).not.toContain(ALICE_TOKEN);
      expect(body).not.toContain(BOB_PASSWORD);
    }
    const rows = await t.ctx.db.select().from(testIdentities);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.secretSealed).toMatch(/^v1:/);
      expect(row.secretSealed).not.toContain('alice-secret');
    }
    const audit = json(await t.inject({ method: 'GET', url: '/api/v1/admin/audit-log' }), auditPageSchema);
    const summaries = audit.entries.map((e) => e.summary);
    expect(summaries).toContain('Added test identity alice (bearer) to books.example.com');
    expect(summaries.join('\n')).not.toContain(ALICE_TOKEN);
  });

  it('asks for every secret again when the test base URL changes', async () => {
    await t.inject({
      method: 'PUT',
      url: `/api/v1/domains/${domainId}/security-tests`,
      payload: { baseUrl: 'http://127.0.0.1:4011' },
    });
    const o = await overview();
    expect(o.identities.map((i) => [i.name, i.needsSecret])).toEqual([
      ['alice', true],
      ['bob', true],
    ]);
    const alice = o.identities.find((i) => i.name === 'alice')!;
    const keep = await t.inject({
      method: 'PUT',
      url: `/api/v1/test-identities/${alice.id}`,
      payload: { name: 'alice', kind: 'bearer', values: { id: '1' } },
    });
    expect(keep.statusCode).toBe(400);
    expect(keep.json().issues[0]).toEqual({
      path: 'secret',
      message: 'Enter the secret again: the test base URL changed since it was stored',
    });
    const entered = await t.inject({
      method: 'PUT',
      url: `/api/v1/test-identities/${alice.id}`,
      payload: { name: 'alice', kind: 'bearer', values: { id: '1' }, secret: `${ALICE_TOKEN}-2` },
    });
    expect(json(entered, testIdentitySchema)).toMatchObject({ needsSecret: false, secretHint: '••••yz-2' });
    const [row] = await t.ctx.db.select().from(testIdentities).where(eq(testIdentities.id, alice.id));
    expect(t.ctx.secrets.open(row!.secretSealed!)).toBe(`${ALICE_TOKEN}-2`);
  });

  it('lets only admins change settings and identities; analysts read them', async () => {
    const asAnalyst = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      t.anonymous({ method, url, headers: { cookie: analystCookie }, ...(payload ? { payload } : {}) });
    expect((await asAnalyst('GET', `/api/v1/domains/${domainId}/security-tests`)).statusCode).toBe(200);
    expect(
      (await asAnalyst('PUT', `/api/v1/domains/${domainId}/security-tests`, { allowDestructive: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await asAnalyst('POST', `/api/v1/domains/${domainId}/test-identities`, {
          name: 'mallory',
          kind: 'bearer',
          secret: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect((await overview()).settings.allowDestructive).toBe(false);
  });

  it('refuses bad input with messages naming the field', async () => {
    const bad = await t.inject({
      method: 'PUT',
      url: `/api/v1/domains/${domainId}/security-tests`,
      payload: { budget: 0, baseUrl: 'not a url' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'budget', message: 'Request budget must be 1 to 10000 requests' },
        { path: 'baseUrl', message: 'Must be a valid URL' },
      ]),
    );
    const cookie = await t.inject({
      method: 'POST',
      url: `/api/v1/domains/${domainId}/test-identities`,
      payload: { name: 'carol', kind: 'cookie', secret: 'abc' },
    });
    expect(cookie.statusCode).toBe(400);
    expect(cookie.json().issues).toEqual([{ path: 'cookieName', message: 'Cookie name is required' }]);
    const twice = await t.inject({
      method: 'POST',
      url: `/api/v1/domains/${domainId}/test-identities`,
      payload: { name: 'alice', kind: 'bearer', secret: 'abc' },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses a private test base URL unless private addresses are allowed', async () => {
    const safe = await createTestApp(kind);
    try {
      const created = await safe.inject({
        method: 'POST',
        url: '/api/v1/domains',
        payload: { name: 'a.example.com' },
      });
      const id = json(created, domainSchema).id;
      const res = await safe.inject({
        method: 'PUT',
        url: `/api/v1/domains/${id}/security-tests`,
        payload: { baseUrl: 'http://127.0.0.1:8080' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('baseUrl');
      expect(res.json().issues[0].message).toMatch(/private|loopback/);
    } finally {
      await safe.close();
    }
  }, 120_000);

  it('validates uploaded templates with the engine schema and lists their tests', async () => {
    const broken = await t.inject({
      method: 'POST',
      url: `/api/v1/domains/${domainId}/test-templates`,
      payload: { fileName: 'mine.yaml', content: 'id: x\ntitle: nope\n' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().issues[0].message).toMatch(/^mine\.yaml: /);
    const good = await t.inject({
      method: 'POST',
      url: `/api/v1/domains/${domainId}/test-templates`,
      payload: {
        fileName: 'mine.yaml',
        content: [
          'id: custom-debug-endpoint',
          'title: Debug endpoint answers',
          'owasp: API8',
          'severity: medium',
          'description: A debug endpoint answers requests in this environment.',
          'remediation: Remove debug endpoints from deployed builds.',
          'references: ["https://owasp.org/API-Security/editions/2023/en/0xa8-security-misconfiguration/"]',
          'match: { methods: [GET], path: "debug" }',
          'steps: [{ name: probe }]',
          'proof: [{ status: 2xx }]',
        ].join('\n'),
      },
    });
    expect(good.statusCode, good.body).toBe(201);
    const o = json(good, securityTestsOverviewSchema);
    expect(o.templates.map((x) => [x.fileName, x.testIds])).toEqual([
      ['mine.yaml', ['custom-debug-endpoint']],
    ]);
    expect(o.tests.find((x) => x.id === 'custom-debug-endpoint')).toMatchObject({ enabled: true });
    const off = await t.inject({
      method: 'PUT',
      url: `/api/v1/domains/${domainId}/security-tests`,
      payload: { disabledTests: ['custom-debug-endpoint'] },
    });
    expect(
      json(off, securityTestsOverviewSchema).tests.find((x) => x.id === 'custom-debug-endpoint'),
    ).toMatchObject({
      enabled: false,
    });
  });
});
