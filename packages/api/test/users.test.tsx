// @vitest-environment happy-dom
// User Management and the audit log: the hooks against the MSW handlers, the way
// the Settings tab uses them (read, change, see both lists and the log refresh).
import { act, renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as hooks from '../src/hooks/index.js';
import { errorMessage, setApiBaseUrl, type Role } from '../src/index.js';
import { AUDIT_PAGE_SIZE, createHandlers, makeFixtures, type Fixtures } from '../src/mocks/index.js';
import { read, wrapper } from './render.js';

const server = setupServer();
let db: Fixtures;
let requests: string[];

beforeAll(() => {
  setApiBaseUrl('http://argus.test');
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
  });
});
beforeEach(() => {
  requests = [];
  db = makeFixtures(12);
  server.resetHandlers(...createHandlers({ db }));
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const signedInAs = (role: Role) => server.resetHandlers(...createHandlers({ db, role }));

describe('reading users and the audit log', () => {
  it('lists every user with role, state and last sign-in', async () => {
    const users = await read(() => hooks.useManagedUsers());
    expect(users.map((u) => `${u.username}:${u.role}:${u.disabled ? 'off' : 'on'}`)).toEqual([
      'admin:admin:on',
      'alice.chen:analyst:on',
      'bob.okafor:analyst:on',
      'carol.silva:viewer:on',
      'dana.ito:admin:off',
      'erik.novak:viewer:off',
    ]);
    expect(users.find((u) => u.username === 'carol.silva')?.lastLoginAt).toBeNull();
    // Disabled people are not offered for assignment.
    expect((await read(hooks.useUsers)).map((u) => u.username)).toEqual([
      'admin',
      'alice.chen',
      'bob.okafor',
      'carol.silva',
    ]);
    expect(await read(hooks.useMe)).toEqual({ id: 'u-admin', username: 'admin', role: 'admin' });
  });

  it('pages through the audit log, newest first, by nextCursor', async () => {
    const first = await read(() => hooks.useAuditLog());
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.nextCursor).toBe(first.entries.at(-1)!.id);
    const second = await read(() => hooks.useAuditLog({ before: first.nextCursor! }));
    const third = await read(() => hooks.useAuditLog({ before: second.nextCursor! }));
    expect(third.nextCursor).toBeNull();
    const all = [...first.entries, ...second.entries, ...third.entries];
    expect(all).toHaveLength(db.auditLog.length);
    expect(new Set(all.map((a) => a.id)).size).toBe(all.length);
    const times = all.map((a) => Date.parse(a.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(requests).toContain(`GET /api/v1/admin/audit-log?before=${first.nextCursor}`);
    const small = await read(() => hooks.useAuditLog({ limit: 5 }));
    expect(small.entries.map((a) => a.id)).toEqual(first.entries.slice(0, 5).map((a) => a.id));
  });

  it('a null query or a disabled list sends no request', () => {
    renderHook(() => [hooks.useManagedUsers(false), hooks.useAuditLog(null)], { wrapper });
    expect(requests).toEqual([]);
  });

  it('other roles get 403 from the admin calls and from saving settings', async () => {
    signedInAs('viewer');
    expect(await read(hooks.useMe)).toMatchObject({ username: 'carol.silva', role: 'viewer' });
    await expect(read(() => hooks.useManagedUsers())).rejects.toThrow(/^403: /);
    await expect(read(() => hooks.useAuditLog())).rejects.toThrow(/^403: /);
    const save = renderHook(hooks.useSaveSettings, { wrapper }).result;
    await expect(act(() => save.current.trigger(db.settings))).rejects.toThrow(/^403: /);
    signedInAs('analyst');
    expect(await read(hooks.useMe)).toMatchObject({ username: 'alice.chen', role: 'analyst' });
    const bulk = renderHook(hooks.useBulkUpdateAlerts, { wrapper }).result;
    const open = db.alerts.find((a) => a.status === 'open')!;
    expect(
      (await act(() => bulk.current.trigger({ alertIds: [open.id], action: 'acknowledge' }))).updated,
    ).toBe(1);
  });
});

describe('changing users', () => {
  /** The two lists and the audit log's first page on screen, plus the three mutations. */
  function userManagement() {
    return renderHook(
      () => ({
        users: hooks.useManagedUsers(),
        assignable: hooks.useUsers(),
        audit: hooks.useAuditLog(),
        create: hooks.useCreateUser(),
        update: hooks.useUpdateUser(),
        remove: hooks.useDeleteUser(),
      }),
      { wrapper },
    ).result;
  }

  it('adding a user refreshes both lists and the audit log', async () => {
    const view = userManagement();
    await waitFor(() => expect(view.current.users.data && view.current.audit.data).toBeTruthy());
    const created = await act(() =>
      view.current.create.trigger({ username: 'frank.ode', password: 'a-long-password-1', role: 'analyst' }),
    );
    expect(created).toMatchObject({
      username: 'frank.ode',
      role: 'analyst',
      disabled: false,
      lastLoginAt: null,
    });
    await waitFor(() => expect(view.current.users.data?.at(-1)?.username).toBe('frank.ode'));
    expect(view.current.assignable.data?.map((u) => u.username)).toContain('frank.ode');
    expect(view.current.audit.data?.entries[0]).toMatchObject({
      action: 'user.create',
      actorUsername: 'admin',
      targetId: created.id,
      summary: 'Added user frank.ode as analyst',
    });
    await expect(
      act(() =>
        view.current.create.trigger({ username: 'Frank.Ode', password: 'a-long-password-1', role: 'viewer' }),
      ),
    ).rejects.toThrow('409: {"message":"User Frank.Ode already exists"}');
  });

  it('the create schema messages come back from the server as 400', async () => {
    const view = userManagement();
    const failure = await act(() =>
      view.current.create.trigger({ username: 'x y', password: 'short', role: 'viewer' }).catch((e) => e),
    );
    expect(errorMessage(failure)).toBe(
      'Username may hold letters, digits and . _ @ - only; Password must be at least 12 characters',
    );
  });

  it('role, disabled and password changes are saved and logged', async () => {
    const view = userManagement();
    await waitFor(() => expect(view.current.audit.data).toBeTruthy());
    expect((await act(() => view.current.update.trigger({ id: 'u-carol', role: 'analyst' }))).role).toBe(
      'analyst',
    );
    expect((await act(() => view.current.update.trigger({ id: 'u-bob', disabled: true }))).disabled).toBe(
      true,
    );
    await act(() => view.current.update.trigger({ id: 'u-alice', password: 'another-long-password' }));
    await waitFor(() =>
      expect(view.current.audit.data?.entries.slice(0, 3).map((a) => a.summary)).toEqual([
        'Changed the password of alice.chen',
        'Disabled user bob.okafor',
        'Changed role of carol.silva from viewer to analyst',
      ]),
    );
    await waitFor(() =>
      expect(view.current.assignable.data?.map((u) => u.username)).not.toContain('bob.okafor'),
    );
    // The audit log never holds the password.
    expect(JSON.stringify(db.auditLog)).not.toContain('another-long-password');
  });

  it('the server refuses changes to one’s own account, in words a person reads', async () => {
    const view = userManagement();
    await waitFor(() => expect(view.current.users.data && view.current.audit.data).toBeTruthy());
    const refusal = (p: Promise<unknown>) => p.then(() => 'accepted', errorMessage);
    expect(await act(() => refusal(view.current.update.trigger({ id: 'u-admin', disabled: true })))).toBe(
      'You cannot disable yourself',
    );
    expect(await act(() => refusal(view.current.update.trigger({ id: 'u-admin', role: 'viewer' })))).toBe(
      'You cannot change your own role',
    );
    expect(await act(() => refusal(view.current.remove.trigger('u-admin')))).toBe(
      'You cannot remove yourself',
    );
    // Another admin may be demoted, promoted again and removed.
    await act(() => view.current.update.trigger({ id: 'u-dana', disabled: false }));
    expect(await act(() => refusal(view.current.update.trigger({ id: 'u-dana', role: 'analyst' })))).toBe(
      'accepted',
    );
    expect(await act(() => refusal(view.current.update.trigger({ id: 'u-dana', role: 'admin' })))).toBe(
      'accepted',
    );
    expect(await act(() => refusal(view.current.remove.trigger('u-dana')))).toBe('accepted');
    expect(db.users.map((u) => u.id)).not.toContain('u-dana');
    await waitFor(() => expect(view.current.users.data?.map((u) => u.id)).not.toContain('u-dana'));
    expect(db.auditLog[0]?.summary).toBe('Removed user dana.ito (admin)');
  });
});
