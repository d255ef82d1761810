// Changing one's own password the way a signed-in user (or someone holding a
// borrowed session) would: the current password is required, the user's other
// sessions end and the one that changed it stays, and every role may do it
// (ASVS 2.1.5, 2.1.6, 3.3.3). An admin's own password goes the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, errorBodySchema, managedUserSchema, paths, userSchema } from '@argus/api';
import { ADMIN_PASSWORD, createTestApp, databaseKinds, json, type TestApp } from '../helpers.js';

describe.each(databaseKinds)('security: own password change (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 120_000);
  afterAll(() => t?.close());

  // Each sign-in from its own address: the per-address sign-in limit is not what this tests.
  let client = 0;
  const signIn = async (username: string, password: string) => {
    const res = await t.anonymous({
      method: 'POST',
      url: paths.login(),
      payload: { username, password },
      remoteAddress: `198.51.100.${++client}`,
    });
    const value = res.cookies.find((c) => c.name === 'argus_session')?.value;
    return { status: res.statusCode, cookie: `argus_session=${value}` };
  };
  const me = (cookie: string) => t.anonymous({ method: 'GET', url: paths.me(), headers: { cookie } });
  const change = (cookie: string, payload: object) =>
    t.anonymous({ method: 'POST', url: paths.password(), headers: { cookie }, payload });

  it.each(['viewer', 'analyst'] as const)(
    'lets a %s change their own password',
    async (role) => {
      const username = `own-${role}`;
      const created = await t.inject({
        method: 'POST',
        url: paths.managedUsers(),
        payload: { username, password: 'first-password-123', role },
      });
      json(created, managedUserSchema);
      const laptop = await signIn(username, 'first-password-123');
      const phone = await signIn(username, 'first-password-123');

      // A borrowed session without the current password changes nothing.
      const missing = await change(phone.cookie, { newPassword: 'stolen-password-999' });
      expect(missing.statusCode).toBe(400);
      const wrong = await change(phone.cookie, {
        currentPassword: 'guessed-password',
        newPassword: 'stolen-password-999',
      });
      expect(wrong.statusCode).toBe(403);
      expect(json(wrong, errorBodySchema).message).toBe('The current password is wrong');
      expect((await signIn(username, 'stolen-password-999')).status).toBe(401);

      const done = await change(laptop.cookie, {
        currentPassword: 'first-password-123',
        newPassword: 'second-password-456',
      });
      expect(done.statusCode).toBe(204);
      // The session that changed it goes on; the other one ended.
      expect(json(await me(laptop.cookie), userSchema).username).toBe(username);
      expect((await me(phone.cookie)).statusCode).toBe(401);
      expect((await signIn(username, 'first-password-123')).status).toBe(401);
      expect((await signIn(username, 'second-password-456')).status).toBe(200);

      const entries = json(await t.inject({ method: 'GET', url: paths.auditLog() }), auditPageSchema).entries;
      expect(entries.map((e) => e.summary)).toContain(
        `${username} changed their own password; ended 1 other session`,
      );
    },
    180_000,
  );

  it('refuses an admin setting their own password without the current one', async () => {
    const self = json(await t.inject({ method: 'GET', url: paths.me() }), userSchema);
    const res = await t.inject({
      method: 'PATCH',
      url: paths.managedUser(self.id),
      payload: { password: 'admin-new-password-1' },
    });
    expect(res.statusCode).toBe(409);
    expect((await signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
  }, 60_000);
});
