// The review's sign-in, session and secret findings, each attacked the way the
// review did: a masked secret kept while the destination moves, X-Forwarded-For
// spoofed past the proxy, the admin locked out by someone else's guesses,
// sessions that never end, weak password hashes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, notificationChannelSchema, paths } from '@argus/api';
import { configFromEnv } from '../../src/config.js';
import { sessions, users } from '../../src/db/schema/index.js';
import { verifyPassword } from '../../src/passwords.js';
import { HttpReceiver } from '../alerts/receivers.js';
import {
  ADMIN_PASSWORD,
  createTestApp,
  databaseKinds,
  json,
  METRICS_AUTH,
  type TestApp,
} from '../helpers.js';

/** `scrypt$N$…` made with N=2^14 (the parameters before OWASP strength) for ADMIN_PASSWORD. */
async function weakHash(password: string): Promise<string> {
  const { randomBytes, scryptSync } = await import('node:crypto');
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 16384, r: 8, p: 1 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe.each(databaseKinds)('security: findings (%s)', (kind) => {
  let t: TestApp;
  const oldHost = new HttpReceiver();
  const newHost = new HttpReceiver();
  beforeAll(async () => {
    await oldHost.up();
    await newHost.up();
    t = await createTestApp(kind, { allowPrivateUrls: true, trustProxy: 1 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await oldHost.down();
    await newHost.down();
  });

  const login = (username: string, password: string, ip: string, headers: Record<string, string> = {}) =>
    t.anonymous({
      method: 'POST',
      url: paths.login(),
      remoteAddress: ip,
      headers,
      payload: { username, password },
    });

  it('refuses to keep a masked secret when the channel destination changes (SMS baseUrl)', async () => {
    const created = json(
      await t.inject({
        method: 'POST',
        url: paths.notificationChannels(),
        payload: {
          name: 'On call',
          type: 'sms',
          config: {
            accountSid: 'AC0001',
            authToken: 'twilio-token-9876',
            from: '+15550100',
            to: '+15550199',
            baseUrl: oldHost.url(),
          },
        },
      }),
      notificationChannelSchema,
    );
    const masked = created.config.authToken as string;
    expect(masked).not.toContain('twilio-token');
    const moved = await t.inject({
      method: 'PATCH',
      url: paths.notificationChannel(created.id),
      payload: { config: { ...created.config, baseUrl: newHost.url() } },
    });
    expect(moved.statusCode).toBe(400);
    expect(json(moved, errorBodySchema).message).toBe(
      'Enter the secret again: the destination changed (config.authToken)',
    );
    // The test notification still goes to the host the secret was entered for, and only there.
    const test = await t.inject({ method: 'POST', url: paths.notificationChannelTest(created.id) });
    expect(test.statusCode).toBe(200);
    expect(
      oldHost.requests.some((r) =>
        r.headers.authorization?.includes(Buffer.from('AC0001:twilio-token-9876').toString('base64')),
      ),
    ).toBe(true);
    expect(newHost.requests).toEqual([]);
    // Unchanged destination: the masked secret is kept; a new secret with a new destination is fine.
    const renamed = await t.inject({
      method: 'PATCH',
      url: paths.notificationChannel(created.id),
      payload: { name: 'On call (EU)', config: created.config },
    });
    expect(renamed.statusCode).toBe(200);
    const reentered = await t.inject({
      method: 'PATCH',
      url: paths.notificationChannel(created.id),
      payload: { config: { ...created.config, baseUrl: newHost.url(), authToken: 'new-token-1234' } },
    });
    expect(reentered.statusCode).toBe(200);
  });

  it('takes the client address from the trusted hop, so a forged X-Forwarded-For does not reset the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // The proxy (10.0.0.1) appends the real client; the client prepends a new fake each time.
      // A new name each time: the per-account backoff (unknown names too) would answer first.
      const res = await login(`nobody-here-${i}`, 'guess', '10.0.0.1', {
        'x-forwarded-for': `203.0.113.${i + 1}, 198.51.100.77`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect(configFromEnv({ ARGUS_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(configFromEnv({ ARGUS_TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(() => configFromEnv({ ARGUS_TRUST_PROXY: 'yes' })).toThrow(/number of trusted proxies/);
  }, 120_000);

  it('backs off per account after failures, briefly and capped, and resets on success', async () => {
    await t.inject({
      method: 'POST',
      url: paths.managedUsers(),
      payload: { username: 'dana', password: 'dana-password-12', role: 'viewer' },
    });
    // Three guesses from three addresses (the per-address limit never triggers).
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      expect((await login('dana', 'wrong-guess', ip)).statusCode).toBe(401);
    }
    const locked = await login('dana', 'dana-password-12', '192.0.2.4');
    expect(locked.statusCode).toBe(429);
    expect(json(locked, errorBodySchema).message).toMatch(
      /^Too many failed sign-ins for this account: try again in \d+ s$/,
    );
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(1);
    // However many failures, one lock lasts at most a minute.
    await t.ctx.db
      .update(users)
      .set({ failedLogins: 60, lockedUntil: null })
      .where(eq(users.username, 'dana'));
    expect((await login('dana', 'wrong-guess', '192.0.2.5')).statusCode).toBe(401);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.username, 'dana'));
    const lockMs = row!.lockedUntil!.getTime() - Date.now();
    expect(lockMs).toBeGreaterThan(30_000);
    expect(lockMs).toBeLessThanOrEqual(60_000);
    // Once the lock has passed, the right password signs in and the count starts again.
    await t.ctx.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.username, 'dana'));
    expect((await login('dana', 'dana-password-12', '192.0.2.6')).statusCode).toBe(200);
    const [after] = await t.ctx.db.select().from(users).where(eq(users.username, 'dana'));
    expect(after).toMatchObject({ failedLogins: 0, lockedUntil: null });
  }, 120_000);

  it('backs off the same for a name that is no account, so a 429 does not tell which exist', async () => {
    // Three guesses each, from fresh addresses: a real account and a name nobody has.
    await t.inject({
      method: 'POST',
      url: paths.managedUsers(),
      payload: { username: 'erin', password: 'erin-password-12', role: 'viewer' },
    });
    const answers = async (username: string, net: number) => {
      const out: { status: number; message: string; retryAfter: unknown }[] = [];
      for (let i = 1; i <= 4; i++) {
        const res = await login(username, 'wrong-guess', `192.0.${net}.${i}`);
        out.push({
          status: res.statusCode,
          message: json(res, errorBodySchema).message.replace(/\d+ s$/, 'N s'),
          retryAfter: res.headers['retry-after'] === undefined ? undefined : 'set',
        });
      }
      return out;
    };
    const known = await answers('erin', 30);
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 429]);
    expect(await answers('no-such-erin', 31)).toEqual(known);
  }, 120_000);

  it('ends sessions after the idle timeout and the absolute lifetime, and renews the id at sign-in', async () => {
    const first = await login('admin', ADMIN_PASSWORD, '192.0.2.20');
    const token = first.cookies.find((c) => c.name === 'argus_session')!.value;
    const cookie = `argus_session=${token}`;
    const me = () => t.anonymous({ method: 'GET', url: paths.me(), headers: { cookie } });
    expect((await me()).statusCode).toBe(200);

    // Signing in again with that cookie gives a new id and ends the old one.
    const second = await login('admin', ADMIN_PASSWORD, '192.0.2.20', { cookie });
    const renewed = second.cookies.find((c) => c.name === 'argus_session')!.value;
    expect(renewed).not.toBe(token);
    expect((await me()).statusCode).toBe(401);
    const renewedCookie = `argus_session=${renewed}`;
    const meRenewed = () =>
      t.anonymous({ method: 'GET', url: paths.me(), headers: { cookie: renewedCookie } });
    expect((await meRenewed()).statusCode).toBe(200);

    // 31 minutes without use: over the 30-minute idle timeout.
    const all = await t.ctx.db.select().from(sessions);
    const idleSince = new Date(Date.now() - 31 * 60_000);
    for (const s of all)
      await t.ctx.db
        .update(sessions)
        .set({ lastSeenAt: idleSince })
        .where(eq(sessions.tokenHash, s.tokenHash));
    expect((await meRenewed()).statusCode).toBe(401);

    // Used a minute ago but signed in 12 hours ago: over the absolute lifetime.
    const third = await login('admin', ADMIN_PASSWORD, '192.0.2.20');
    const thirdCookie = `argus_session=${third.cookies.find((c) => c.name === 'argus_session')!.value}`;
    const expiry = third.cookies.find((c) => c.name === 'argus_session')!.expires!;
    expect(expiry.getTime() - Date.now()).toBeLessThanOrEqual(12 * 3_600_000);
    await t.ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(
      (await t.anonymous({ method: 'GET', url: paths.me(), headers: { cookie: thirdCookie } })).statusCode,
    ).toBe(401);
    expect(configFromEnv({ ARGUS_SESSION_IDLE_MINUTES: '5' }).sessionIdleMs).toBe(300_000);
    expect(configFromEnv({ ARGUS_SESSION_LIFETIME_HOURS: '1' }).sessionLifetimeMs).toBe(3_600_000);
    // Keep the shared admin session usable for the tests after this one.
    const again = await login('admin', ADMIN_PASSWORD, '192.0.2.21');
    const againCookie = `argus_session=${again.cookies.find((c) => c.name === 'argus_session')!.value}`;
    t.inject = (options) => t.anonymous({ ...options, headers: { ...options.headers, cookie: againCookie } });
  }, 120_000);

  it('sends HSTS behind TLS only, and no-store on every API answer', async () => {
    const overTls = await t.inject({
      method: 'GET',
      url: paths.alerts(),
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await t.inject({ method: 'GET', url: paths.alerts() });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Answers, refusals, validation errors and unknown API paths alike.
    for (const res of [
      plain,
      await t.anonymous({ method: 'GET', url: paths.users() }),
      await t.inject({ method: 'GET', url: '/api/v1/endpoints?limit=x' }),
      await t.inject({ method: 'GET', url: '/api/v1/no-such-call' }),
      await t.inject({ method: 'GET', url: '/api/v1/alerts/export?format=csv' }),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('keeps /metrics and /readyz behind the metrics token and /healthz open', async () => {
    for (const url of ['/metrics', '/readyz']) {
      expect((await t.anonymous({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect(
        (await t.anonymous({ method: 'GET', url, headers: { authorization: 'Bearer wrong' } })).statusCode,
      ).toBe(401);
      expect((await t.anonymous({ method: 'GET', url, headers: METRICS_AUTH })).statusCode).toBe(200);
    }
    expect((await t.anonymous({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // Without a configured token they are refused outright.
    const untokened = await createTestApp(kind, { metricsToken: undefined });
    try {
      const res = await untokened.anonymous({ method: 'GET', url: '/metrics', headers: METRICS_AUTH });
      expect(res.statusCode).toBe(403);
      expect(json(res, errorBodySchema).message).toBe(
        'Set ARGUS_METRICS_TOKEN to read this; send it as a bearer token',
      );
    } finally {
      await untokened.close();
    }
  }, 120_000);

  it('upgrades a weaker password hash to OWASP strength at the next sign-in', async () => {
    await t.ctx.db
      .update(users)
      .set({ passwordHash: await weakHash(ADMIN_PASSWORD) })
      .where(eq(users.username, 'admin'));
    expect((await login('admin', ADMIN_PASSWORD, '192.0.2.30')).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.username, 'admin'));
    expect(row!.passwordHash.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(await verifyPassword(ADMIN_PASSWORD, row!.passwordHash)).toBe(true);
  }, 120_000);
});
