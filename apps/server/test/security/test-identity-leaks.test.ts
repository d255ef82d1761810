// Test identities' secrets never reach a viewer: a token the tests send in the
// query string comes back URL-encoded in the evidence URL, the curl line and
// the target's echo; a login body's every value but the user's name is a
// secret; base64 and JSON-escaped echoes count too. A viewer reads the run.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  domainSchema,
  paths,
  securityTestsOverviewSchema,
  testRunDetailSchema,
  testRunSchema,
} from '@argus/api';
import { createUser } from '../../src/users.js';
import { createTestApp, databaseKinds, json, type TestApp } from '../helpers.js';

const ALICE_TOKEN = 'tokA+lice/Secret==';
const BOB_LOGIN = { username: 'bob', password: 'bob-Pass word+42', credential: 'bob-device-cred-77' };
const BOB_TOKEN = 'tokB+ob/Issued==';

const SPEC = `openapi: 3.0.3
info: { title: Items, version: '1' }
components:
  securitySchemes: { bearer: { type: http, scheme: bearer } }
security: [{ bearer: [] }]
paths:
  /api/items/{id}:
    get:
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: an item } }
`;

/** Every way a secret might be spelled in what a viewer reads. */
function spellings(secret: string): string[] {
  const b64 = Buffer.from(secret).toString('base64');
  return [
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%2F/g, '/'),
    encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
    new URLSearchParams({ x: secret }).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
    b64.replace(/=+$/, ''),
    Buffer.from(secret).toString('base64url'),
  ];
}

const bodyOf = async (req: IncomingMessage) => {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
};

/** A target that accepts its token in the query string and echoes what it was sent. */
function startTarget(): Promise<Server> {
  const server = createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      const url = new URL(req.url ?? '/', 'http://target');
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && url.pathname === '/api/login') {
        const login = JSON.parse(body) as Record<string, string>;
        const ok = login['password'] === BOB_LOGIN.password;
        res.statusCode = ok ? 200 : 401;
        // a chatty login echoes what it was sent
        res.end(JSON.stringify({ token: ok ? BOB_TOKEN : null, received: body }));
        return;
      }
      const token =
        req.headers.authorization?.replace(/^Bearer /, '') ?? url.searchParams.get('access_token');
      if (token !== ALICE_TOKEN && token !== BOB_TOKEN) {
        res.statusCode = 401;
        res.end('{"error":"unauthorized"}');
        return;
      }
      res.end(
        JSON.stringify({
          id: url.pathname.split('/').pop(),
          owner: token === ALICE_TOKEN ? 'alice' : 'bob',
          requested: req.url,
          session: Buffer.from(`${token === ALICE_TOKEN ? 'alice' : 'bob'}:${token}`).toString('base64'),
        }),
      );
    })();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.each(databaseKinds)('security: test identity secrets and viewers (%s)', (kind) => {
  let t: TestApp;
  let target: Server;
  let domainId: string;
  let viewer: string;

  beforeAll(async () => {
    target = await startTarget();
    t = await createTestApp(kind, { allowPrivateUrls: true });
    domainId = json(
      await t.inject({ method: 'POST', url: '/api/v1/domains', payload: { name: 'items.example' } }),
      domainSchema,
    ).id;
    const source = await t.inject({
      method: 'POST',
      url: `/api/v1/domains/${domainId}/discovery-sources`,
      payload: { type: 'openapi', name: 'Items', config: { fileContent: SPEC, fileName: 'items.yaml' } },
    });
    expect(source.statusCode, source.body).toBe(201);
    const { port } = target.address() as AddressInfo;
    await t.inject({
      method: 'PUT',
      url: `/api/v1/domains/${domainId}/security-tests`,
      payload: { baseUrl: `http://127.0.0.1:${port}`, testEnvironment: true },
    });
    for (const payload of [
      { name: 'alice', kind: 'bearer', secret: ALICE_TOKEN, values: { id: '1' } },
      {
        name: 'bob',
        kind: 'login',
        login: { path: '/api/login', tokenFrom: 'json', tokenPath: 'token' },
        secret: JSON.stringify(BOB_LOGIN),
        values: { id: '2' },
      },
    ]) {
      const res = await t.inject({
        method: 'POST',
        url: `/api/v1/domains/${domainId}/test-identities`,
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await createUser(t.ctx.db, 'vera', 'viewer-password-4821', 'viewer');
    const login = await t.anonymous({
      method: 'POST',
      url: paths.login(),
      payload: { username: 'vera', password: 'viewer-password-4821' },
    });
    viewer = `argus_session=${login.cookies.find((c) => c.name === 'argus_session')!.value}`;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => target?.close(resolve));
  });

  const asViewer = (url: string) => t.anonymous({ method: 'GET', url, headers: { cookie: viewer } });

  it('shows a viewer the run with no spelling of any secret', { timeout: 120_000 }, async () => {
    const started = await t.inject({
      method: 'POST',
      url: `/api/v1/domains/${domainId}/test-runs`,
      payload: { testIds: ['auth-token-in-url', 'bola-path-id-swap'] },
    });
    expect(started.statusCode, started.body).toBe(202);
    await t.app.argus.testRunner.idle();
    const res = await asViewer(`/api/v1/test-runs/${json(started, testRunSchema).id}`);
    expect(res.statusCode).toBe(200);
    const run = json(res, testRunDetailSchema);
    const inUrl = run.results.find((r) => r.testId === 'auth-token-in-url');
    expect(inUrl, JSON.stringify(run.results)).toMatchObject({ outcome: 'confirmed' });
    // the token went in the query string: the evidence shows its placeholder there
    const urls = JSON.stringify(run).match(/access_token=[^"&' \\]+/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    expect(new Set(urls)).toEqual(new Set(['access_token=$ARGUS_ALICE_TOKEN']));

    const secrets = [ALICE_TOKEN, BOB_TOKEN, BOB_LOGIN.password, BOB_LOGIN.credential];
    for (const secret of secrets)
      for (const spelled of spellings(secret))
        expect(res.body, `${secret} as ${spelled}`).not.toContain(spelled);
    // bob logged in; what his token reads is evidence under its placeholder, even inside base64
    expect(res.body).toContain('Bearer $ARGUS_BOB_TOKEN');
    expect(res.body).toContain(`"session":"YWxpY2U6$ARGUS_ALICE_TOKEN"`.replace(/"/g, '\\"'));
  });

  it('hints at a login identity without any of its body', async () => {
    const res = await asViewer(`/api/v1/domains/${domainId}/security-tests`);
    const overview = json(res, securityTestsOverviewSchema);
    const hints = Object.fromEntries(overview.identities.map((i) => [i.name, i.secretHint]));
    expect(hints).toEqual({ alice: '••••et==', bob: '••••' });
  });
});
