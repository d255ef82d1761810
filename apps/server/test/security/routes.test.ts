// Who may call what, attacked route by route. The routes come from Fastify
// itself (every route registered, with its declared access), so a new route is
// covered without touching this file. Each is called with no session, with each
// weaker role, with a foreign Origin, and under other spellings of its path
// (percent-encoded letters, `//`, `/./`, `/x/../`, a trailing slash, upper
// case) over real HTTP: never a 2xx the caller may not have, never a capture
// recorded without credentials.
import { request as httpRequest } from 'node:http';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleAtLeast, type Role } from '@argus/api';
import type { DeclaredRoute } from '../../src/auth.js';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { observations } from '../../src/db/schema/index.js';
import { createUser } from '../../src/users.js';
import { createTestApp, databaseKinds, METRICS_AUTH, openTestDatabase, type TestApp } from '../helpers.js';

const TOKEN = 'security-ingest-token-0123456789';
const ID = '00000000-0000-4000-8000-000000000000';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FOREIGN = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

/** A concrete URL for a route pattern: ids for parameters, a path for the wildcard. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, ID).replace(/\*$/, 'probe/x');

/** Other spellings of one path that a router or a proxy may read as the same route. */
export function spellings(path: string): string[] {
  const segments = path.split('/').slice(1);
  const first = segments[0]!;
  const encodeFirst = (s: string) => `%${s.charCodeAt(0).toString(16)}${s.slice(1)}`;
  const last = segments.length - 1;
  return [
    `/${encodeFirst(first)}/${segments.slice(1).join('/')}`,
    `/${segments.slice(0, last).join('/')}/${encodeFirst(segments[last]!)}`,
    `/${segments.map((s) => s.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/')}`,
    `/${first}//${segments.slice(1).join('/')}`,
    `/${path}`,
    `/${first}/./${segments.slice(1).join('/')}`,
    `/${first}/x/../${segments.slice(1).join('/')}`,
    `${path}/`,
    path.toUpperCase(),
  ].filter((s) => s !== path);
}

interface Answer {
  status: number;
  type: string;
  body: string;
}

/** One request over real HTTP with the path sent exactly as written (fetch would normalise it). */
function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          ...headers,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A 2xx is acceptable without rights only when it is the public dashboard shell, not the route's answer. */
const isShell = (a: Answer) => a.type.startsWith('text/html');
const granted = (a: Answer) => a.status >= 200 && a.status < 300 && !isShell(a);

describe.each(databaseKinds)('security: every route (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  let routes: DeclaredRoute[];
  const cookies = {} as Record<Role, string>;

  const storedCaptures = async () => {
    await t.app.argus.sink.catchUp();
    return (await t.ctx.db.select({ n: count() }).from(observations))[0]!.n;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { ingestToken: TOKEN });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    cookies.admin = t.cookie;
    for (const role of ['viewer', 'analyst'] as const) {
      await createUser(t.ctx.db, `sec-${role}`, `${role}-password-123`, role);
      const login = await t.anonymous({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: `sec-${role}`, password: `${role}-password-123` },
      });
      expect(login.statusCode).toBe(200);
      cookies[role] = `argus_session=${login.cookies.find((c) => c.name === 'argus_session')!.value}`;
    }
    routes = [...t.app.declaredRoutes];
  }, 120_000);
  afterAll(() => t?.close());

  it('knows every route and each declares its access', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !r.access)).toEqual([]);
    const find = (method: string, url: string) =>
      routes.find((r) => r.method === method && r.url === url)?.access;
    expect(find('GET', '/api/v1/users')).toBe('viewer');
    expect(find('PUT', '/api/v1/settings')).toBe('admin');
    expect(find('POST', '/gateway/*')).toBe('ingest');
    expect(find('POST', '/api/v1/admin/users')).toBe('admin');
  });

  it('refuses every non-public route without credentials, under every spelling of its path', async () => {
    const before = await storedCaptures();
    const leaks: string[] = [];
    for (const route of routes) {
      if (route.access === 'public') continue;
      const path = concrete(route.url);
      const body = UNSAFE.has(route.method) ? '{}' : undefined;
      const exact = await send(base, route.method, path, {}, body);
      if (exact.status !== 401) leaks.push(`${route.method} ${path} → ${exact.status}`);
      for (const spelled of spellings(path)) {
        const answer = await send(base, route.method, spelled, {}, body);
        if (granted(answer)) leaks.push(`${route.method} ${spelled} → ${answer.status}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(await storedCaptures()).toBe(before);
  }, 300_000);

  it('refuses each weaker role, and lets each strong enough role through', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const needed = route.access;
      if (needed !== 'viewer' && needed !== 'analyst' && needed !== 'admin') continue;
      const path = concrete(route.url);
      for (const role of ['viewer', 'analyst', 'admin'] as const) {
        // Only reads are sent to the roles that may make them: nothing is changed by the walk.
        const allowed = roleAtLeast(role, needed);
        if (allowed && route.method !== 'GET') continue;
        const answer = await t.anonymous({
          method: route.method as 'GET',
          url: path,
          headers: { cookie: cookies[role] },
        });
        const refused = answer.statusCode === 403;
        if (allowed === refused || answer.statusCode === 401)
          wrong.push(`${role} ${route.method} ${path} → ${answer.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('refuses state changes from a foreign Origin on every unsafe route, even signed in as admin', async () => {
    const before = await storedCaptures();
    const accepted: string[] = [];
    for (const route of routes) {
      if (!UNSAFE.has(route.method)) continue;
      const path = concrete(route.url);
      for (const spelled of [path, ...spellings(path)]) {
        const answer = await send(base, route.method, spelled, { ...FOREIGN, cookie: cookies.admin }, '{}');
        if (answer.status !== 403 && answer.status !== 404)
          accepted.push(`${route.method} ${spelled} → ${answer.status}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(await storedCaptures()).toBe(before);
  }, 300_000);

  // The review's findings, as it sent them (each answered 2xx before routes declared access).
  it('closes the path-spelling bypass the review found', async () => {
    expect((await send(base, 'GET', '/%61pi/v1/users')).status).toBe(401);
    expect((await send(base, 'POST', '/%61pi/v1/domains', {}, '{"name":"bypass.example.com"}')).status).toBe(
      401,
    );
    expect((await send(base, 'GET', '/%61pi/v1/alerts/export?format=csv')).status).toBe(401);
    const foreign = await send(
      base,
      'PUT',
      '/%61pi/v1/settings',
      { origin: 'https://evil.example', cookie: cookies.admin },
      '{"requestTimeoutSeconds":5}',
    );
    expect(foreign.status).toBe(403);
    const before = await storedCaptures();
    expect(
      (await send(base, 'POST', '/%67ateway/api/orders', { host: 'shop.example.com' }, '{"a":1}')).status,
    ).toBe(401);
    expect(
      (await send(base, 'POST', '/gateway/%2e%2e/api/orders', { host: 'shop.example.com' }, '{}')).status,
    ).toBe(401);
    expect(await storedCaptures()).toBe(before);
  });

  it('refuses a capture made with a session from another site, not one with the ingest token', async () => {
    const before = await storedCaptures();
    const crossSite = await send(base, 'GET', '/gateway/api/items', {
      host: 'shop.example.com',
      cookie: cookies.admin,
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
    expect(await storedCaptures()).toBe(before);
    const viewer = await send(base, 'GET', '/gateway/api/items', {
      host: 'shop.example.com',
      cookie: cookies.viewer,
    });
    expect(viewer.status).toBe(403);
    const token = await send(base, 'GET', '/gateway/api/items', {
      host: 'shop.example.com',
      authorization: `Bearer ${TOKEN}`,
      'sec-fetch-site': 'cross-site',
    });
    expect(token.status).toBe(202);
    expect(await storedCaptures()).toBe(before + 1);
  });

  it('takes encoded and dot-segment capture paths off the fast path (the route decides them)', async () => {
    const fastPathCount = async () =>
      Number(
        /^argus_capture_fast_path_total (\d+)$/m.exec(
          (await send(base, 'GET', '/metrics', METRICS_AUTH)).body,
        )?.[1] ?? 0,
      );
    const headers = { host: 'shop.example.com', authorization: `Bearer ${TOKEN}` };
    await send(base, 'POST', '/gateway/warm', headers, '{}');
    const start = await fastPathCount();
    for (const path of ['/gateway/%61pi/x', '/gateway/a/../b', '/gateway//b', '/gateway/./b']) {
      expect((await send(base, 'POST', path, headers, '{}')).status).toBe(202);
    }
    expect(await fastPathCount()).toBe(start);
    expect((await send(base, 'POST', '/gateway/plain', headers, '{}')).status).toBe(202);
    expect(await fastPathCount()).toBe(start + 1);
  });
});

describe('security: access declarations', () => {
  it('does not start with a route that declares no access', async () => {
    const database = await openTestDatabase('pglite');
    const app = await buildApp({
      config: testConfig({ adminPassword: 'x-admin-password-1' }),
      database,
      scheduler: false,
    });
    app.get('/api/v1/undeclared', async () => ({ secret: true }));
    try {
      await expect(app.ready()).rejects.toThrow(/without an access declaration.*GET \/api\/v1\/undeclared/);
    } finally {
      await app.close().catch(() => undefined);
      await database.close();
    }
  }, 60_000);
});
