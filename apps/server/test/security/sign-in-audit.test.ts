// Sign-ins the way a person and a password guesser make them: each success,
// failure, lockout and sign-out leaves an audit entry with the client address
// (ASVS 7.2.1), and no entry holds the password tried or a name that is no
// account (it may be a password typed in the wrong field).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, paths, type AuditEntry } from '@argus/api';
import { ADMIN_PASSWORD, createTestApp, databaseKinds, json, type TestApp } from '../helpers.js';

describe.each(databaseKinds)('security: sign-in audit (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 120_000);
  afterAll(() => t?.close());

  const signIn = (username: string, password: string) =>
    t.anonymous({
      method: 'POST',
      url: paths.login(),
      payload: { username, password },
      remoteAddress: '203.0.113.7',
    });
  const entries = async (): Promise<AuditEntry[]> =>
    json(await t.inject({ method: 'GET', url: paths.auditLog({ limit: 200 }) }), auditPageSchema).entries;

  it('records a sign-in, a sign-out, failures and the lockout they start', async () => {
    const ok = await signIn('admin', ADMIN_PASSWORD);
    expect(ok.statusCode).toBe(200);
    const cookie = `argus_session=${ok.cookies.find((c) => c.name === 'argus_session')?.value}`;
    const out = await t.anonymous({
      method: 'POST',
      url: paths.logout(),
      headers: { cookie },
      remoteAddress: '203.0.113.7',
    });
    expect(out.statusCode).toBe(204);

    for (const guess of ['Winter2024!', 'Summer2024!', 'Spring2024!']) {
      expect((await signIn('admin', guess)).statusCode).toBe(401);
    }
    expect((await signIn('Pa55word-in-the-name-field', 'x')).statusCode).toBe(401);

    const log = (await entries()).filter((e) => e.ip === '203.0.113.7').reverse();
    expect(log.map((e) => [e.action, e.actorUsername])).toEqual([
      ['auth.login', 'admin'],
      ['auth.logout', 'admin'],
      ['auth.login_failed', null],
      ['auth.login_failed', null],
      ['auth.login_failed', null],
      ['auth.lockout', null],
      ['auth.login_failed', null],
    ]);
    expect(log[2]!.summary).toBe('Sign-in refused for admin');
    expect(log[5]!.summary).toMatch(/^admin locked out for \d+ s after repeated failed sign-ins$/);
    expect(log[6]!.summary).toBe('Sign-in refused for an unknown username');
    const text = JSON.stringify(log);
    for (const secret of ['Winter2024!', 'Pa55word-in-the-name-field', ADMIN_PASSWORD]) {
      expect(text).not.toContain(secret);
    }
  }, 120_000);
});
