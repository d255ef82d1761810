// Roles and user management the way an admin uses them through the API, and
// the audit log that records each change (append-only, even to the database's
// own UPDATE and DELETE).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditPageSchema,
  errorBodySchema,
  managedUserListSchema,
  managedUserSchema,
  paths,
  userListSchema,
  userSchema,
} from '@argus/api';
import { createTestApp, databaseKinds, json, type TestApp } from '../helpers.js';

describe.each(databaseKinds)('security: roles and user management (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 120_000);
  afterAll(() => t?.close());

  const signIn = async (username: string, password: string) => {
    const res = await t.anonymous({ method: 'POST', url: paths.login(), payload: { username, password } });
    return { res, cookie: `argus_session=${res.cookies.find((c) => c.name === 'argus_session')?.value}` };
  };
  const as = (cookie: string, options: Parameters<TestApp['anonymous']>[0]) =>
    t.anonymous({ ...options, headers: { ...options.headers, cookie } });
  const auditEntries = async () =>
    json(await t.inject({ method: 'GET', url: paths.auditLog({ limit: 200 }) }), auditPageSchema).entries;

  it('gives the first-start admin the admin role', async () => {
    const me = json(await t.inject({ method: 'GET', url: paths.me() }), userSchema);
    expect(me).toMatchObject({ username: 'admin', role: 'admin' });
  });

  it('lets an admin add, list, change and remove users, each change in the audit log', async () => {
    const added = await t.inject({
      method: 'POST',
      url: paths.managedUsers(),
      payload: { username: 'bob', password: 'bob-password-123', role: 'viewer' },
    });
    expect(added.statusCode).toBe(201);
    const bob = json(added, managedUserSchema);
    expect(bob).toMatchObject({ username: 'bob', role: 'viewer', disabled: false, lastLoginAt: null });

    const duplicate = await t.inject({
      method: 'POST',
      url: paths.managedUsers(),
      payload: { username: 'bob', password: 'bob-password-123', role: 'viewer' },
    });
    expect(duplicate.statusCode).toBe(409);
    const weak = await t.inject({
      method: 'POST',
      url: paths.managedUsers(),
      payload: { username: 'eve', password: 'short', role: 'boss' },
    });
    expect(weak.statusCode).toBe(400);

    // Bob signs in as a viewer: he reads, he may not triage or manage.
    const viewer = await signIn('bob', 'bob-password-123');
    expect(json(viewer.res, userSchema).role).toBe('viewer');
    expect((await as(viewer.cookie, { method: 'GET', url: paths.alerts() })).statusCode).toBe(200);
    const listed = json(await as(viewer.cookie, { method: 'GET', url: paths.users() }), userListSchema);
    expect(listed.every((u) => u.role === undefined)).toBe(true);
    expect((await as(viewer.cookie, { method: 'GET', url: paths.managedUsers() })).statusCode).toBe(403);
    const triage = await as(viewer.cookie, {
      method: 'PATCH',
      url: paths.alertsBulk(),
      payload: { ids: [], status: 'resolved' },
    });
    expect(triage.statusCode).toBe(403);
    expect(json(triage, errorBodySchema).message).toBe('This needs the analyst role or higher');

    // Promoted to analyst: his session ends (the role takes effect at once) and the new one may triage.
    const promoted = await t.inject({
      method: 'PATCH',
      url: paths.managedUser(bob.id),
      payload: { role: 'analyst' },
    });
    expect(json(promoted, managedUserSchema).role).toBe('analyst');
    expect((await as(viewer.cookie, { method: 'GET', url: paths.me() })).statusCode).toBe(401);
    const analyst = await signIn('bob', 'bob-password-123');
    expect(json(analyst.res, userSchema).role).toBe('analyst');
    expect(
      (
        await as(analyst.cookie, {
          method: 'PATCH',
          url: paths.alertsBulk(),
          payload: { ids: [], status: 'resolved' },
        })
      ).statusCode,
    ).not.toBe(403);
    expect((await as(analyst.cookie, { method: 'PUT', url: paths.settings(), payload: {} })).statusCode).toBe(
      403,
    );

    // Disabled: his session ends and he cannot sign in; enabled again, he can.
    await t.inject({ method: 'PATCH', url: paths.managedUser(bob.id), payload: { disabled: true } });
    expect((await as(analyst.cookie, { method: 'GET', url: paths.me() })).statusCode).toBe(401);
    expect((await signIn('bob', 'bob-password-123')).res.statusCode).toBe(401);
    await t.inject({
      method: 'PATCH',
      url: paths.managedUser(bob.id),
      payload: { disabled: false, password: 'bob-new-password-1' },
    });
    expect((await signIn('bob', 'bob-password-123')).res.statusCode).toBe(401);
    expect((await signIn('bob', 'bob-new-password-1')).res.statusCode).toBe(200);

    const list = json(await t.inject({ method: 'GET', url: paths.managedUsers() }), managedUserListSchema);
    expect(list.find((u) => u.username === 'bob')?.lastLoginAt).not.toBeNull();

    expect((await t.inject({ method: 'DELETE', url: paths.managedUser(bob.id) })).statusCode).toBe(204);
    expect((await signIn('bob', 'bob-new-password-1')).res.statusCode).toBe(401);

    const entries = await auditEntries();
    // Changes to bob (his sign-ins are audited too: sign-in-audit.test.ts).
    const bobs = entries
      .filter((e) => e.targetId === bob.id && !e.action.startsWith('auth.'))
      .map((e) => `${e.action}: ${e.summary}`);
    expect(bobs.reverse()).toEqual([
      'user.create: Added user bob as viewer',
      'user.role: Changed role of bob from viewer to analyst',
      'session.revoke: Ended 1 session of bob (role or state changed)',
      'user.disable: Disabled user bob',
      'session.revoke: Ended 1 session of bob (role or state changed)',
      'user.enable: Enabled user bob',
      'user.password: Changed the password of bob',
      'session.revoke: Ended 1 session of bob (user removed)',
      'user.delete: Removed user bob (analyst)',
    ]);
    expect(
      entries.filter((e) => !e.action.startsWith('auth.')).every((e) => e.actorUsername === 'admin' && e.ip),
    ).toBe(true);
    // No password, hash or token in the log.
    expect(JSON.stringify(entries)).not.toMatch(/bob-password|bob-new-password|scrypt\$/);
    // Eight sign-ins and two password hashes at full scrypt strength.
  }, 120_000);

  it('never lets an admin demote, disable or remove themselves, nor remove the last admin', async () => {
    const me = json(await t.inject({ method: 'GET', url: paths.me() }), userSchema);
    for (const payload of [{ role: 'analyst' }, { disabled: true }]) {
      const res = await t.inject({ method: 'PATCH', url: paths.managedUser(me.id), payload });
      expect(res.statusCode).toBe(409);
    }
    expect((await t.inject({ method: 'DELETE', url: paths.managedUser(me.id) })).statusCode).toBe(409);

    // Two admins demoting each other at once: one wins, one admin always remains.
    const carol = json(
      await t.inject({
        method: 'POST',
        url: paths.managedUsers(),
        payload: { username: 'carol-admin', password: 'carol-password-1', role: 'admin' },
      }),
      managedUserSchema,
    );
    const carolSession = await signIn('carol-admin', 'carol-password-1');
    const [byAdmin, byCarol] = await Promise.all([
      t.inject({ method: 'PATCH', url: paths.managedUser(carol.id), payload: { role: 'viewer' } }),
      as(carolSession.cookie, {
        method: 'PATCH',
        url: paths.managedUser(me.id),
        payload: { role: 'viewer' },
      }),
    ]);
    expect([byAdmin.statusCode, byCarol.statusCode].filter((s) => s === 200)).toHaveLength(1);
    const users = json(
      await (
        byAdmin.statusCode === 200
          ? t.inject
          : (o: Parameters<TestApp['anonymous']>[0]) => as(carolSession.cookie, o)
      )({ method: 'GET', url: paths.managedUsers() }),
      managedUserListSchema,
    );
    expect(users.filter((u) => u.role === 'admin' && !u.disabled)).toHaveLength(1);
    if (byCarol.statusCode === 200) {
      // Carol won: she restores admin, who signs in again.
      await as(carolSession.cookie, {
        method: 'PATCH',
        url: paths.managedUser(me.id),
        payload: { role: 'admin' },
      });
      const again = await signIn('admin', 'correct-horse-battery-staple');
      t.cookie = again.cookie;
      t.inject = (options) => as(again.cookie, options);
    }
    expect(json(await t.inject({ method: 'GET', url: paths.me() }), userSchema).role).toBe('admin');
  }, 120_000);

  it('keeps the audit log append-only and pages it newest first', async () => {
    const first = json(await t.inject({ method: 'GET', url: paths.auditLog({ limit: 2 }) }), auditPageSchema);
    expect(first.entries).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = json(
      await t.inject({ method: 'GET', url: paths.auditLog({ limit: 2, before: first.nextCursor! }) }),
      auditPageSchema,
    );
    expect(second.entries[0]!.at <= first.entries[1]!.at).toBe(true);
    expect(second.entries.map((e) => e.id)).not.toContain(first.entries[0]!.id);
    expect((await t.inject({ method: 'GET', url: '/api/v1/admin/audit-log?before=x' })).statusCode).toBe(400);

    // Drizzle wraps the database's refusal; its cause is the trigger's message.
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'accepted',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(t.ctx.db.execute(sql`update audit_log set summary = 'nothing happened'`))).toMatch(
      /audit_log is append-only: UPDATE refused/,
    );
    expect(await refusal(t.ctx.db.execute(sql`delete from audit_log`))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(t.ctx.db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE refused/);
    expect((await auditEntries()).length).toBeGreaterThan(3);
  });
});
