import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, userSchema } from '@argus/api';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { ADMIN_PASSWORD, createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

describe.each(databaseKinds)('sign-in (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // Generous: the admin's password is hashed and checked at full scrypt strength (N=2^17).
  }, 120_000);
  afterAll(() => t?.close());

  it('answers 401 without a session and the user with one', async () => {
    const anonymous = await t.anonymous({ method: 'GET', url: '/api/v1/auth/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous, errorBodySchema).message).toBe('Sign in required');
    const me = await t.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(json(me, userSchema).username).toBe('admin');
  });

  it('sets an HttpOnly SameSite=Lax cookie and refuses wrong passwords', async () => {
    const ok = await t.anonymous({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    const cookie = ok.cookies.find((c) => c.name === 'argus_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBeFalsy();
    const bad = await t.anonymous({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'admin', password: 'wrong' },
    });
    expect(bad.statusCode).toBe(401);
    expect(json(bad, errorBodySchema).message).toBe('Invalid username or password');
    const missing = await t.anonymous({ method: 'POST', url: '/api/v1/auth/login', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(json(missing, errorBodySchema).message).toBe('Username is required; Password is required');
  });

  it('marks the cookie Secure behind HTTPS (trusted proxy)', async () => {
    const secure = await createTestApp(kind, { trustProxy: 1 });
    try {
      const ok = await secure.anonymous({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: 'admin', password: ADMIN_PASSWORD },
      });
      // Over HTTPS the cookie is __Host- prefixed: Secure, Path=/, no Domain.
      const cookie = ok.cookies.find((c) => c.name === '__Host-argus_session');
      expect(cookie?.secure).toBe(true);
      expect(cookie?.path).toBe('/');
      expect(cookie?.domain).toBeUndefined();
      expect(ok.cookies.find((c) => c.name === 'argus_session')).toBeUndefined();
    } finally {
      await secure.close();
    }
  }, 60_000);

  it('refuses cross-origin state changes', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/domains',
      headers: { origin: 'https://evil.example', host: 'localhost:8080' },
      payload: { name: 'x.example.com' },
    });
    expect(res.statusCode).toBe(403);
    const same = await t.inject({
      method: 'POST',
      url: '/api/v1/domains',
      headers: { origin: 'http://localhost:8080', host: 'localhost:8080' },
      payload: { name: 'same-origin.example.com' },
    });
    expect(same.statusCode).toBe(201);
  });

  it('logs out: the session stops working', async () => {
    const login = await t.anonymous({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const cookie = `argus_session=${login.cookies.find((c) => c.name === 'argus_session')!.value}`;
    const out = await t.anonymous({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const after = await t.anonymous({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('rate-limits sign-in attempts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.anonymous({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: '203.0.113.9',
        // A new name each time: the per-account backoff would answer first.
        payload: { username: `mallory-ip-${i}`, password: 'guess' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toContain(429);
  }, 120_000);

  it('counts sign-in attempts across instances sharing the database', async () => {
    const other = await buildApp({
      config: testConfig({ adminPassword: ADMIN_PASSWORD }),
      database: t.database,
      scheduler: false,
    });
    try {
      // A new name each time: the per-account backoff (unknown names too) would answer first.
      let n = 0;
      const attempt = (app: typeof other) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: '198.51.100.23',
          payload: { username: `mallory-${n++}`, password: 'guess' },
        });
      const statuses: number[] = [];
      // Ten attempts a minute per address, spread over two servers.
      for (let i = 0; i < 5; i++) statuses.push((await attempt(t.app)).statusCode);
      for (let i = 0; i < 5; i++) statuses.push((await attempt(other)).statusCode);
      expect(statuses).toEqual(Array(10).fill(401));
      const eleventh = await attempt(t.app);
      expect(eleventh.statusCode).toBe(429);
      expect(json(eleventh, errorBodySchema).message).toBe('Too many attempts: wait a minute and try again');
      expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
      expect((await attempt(other)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
    // Each refused attempt spends a full-strength scrypt (N=2^17), about a second here.
  }, 120_000);
});
