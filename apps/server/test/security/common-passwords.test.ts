// Easy-to-guess passwords sent the way an admin (or an attacker with an admin's
// or a user's session) would choose them: refused with a message saying why,
// nothing stored (ASVS 2.1.7). The list is SecLists' 10k most common passwords.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, managedUserListSchema, paths } from '@argus/api';
import { weakPasswordReason } from '../../src/password-policy.js';
import { ADMIN_PASSWORD, createTestApp, databaseKinds, json, type TestApp } from '../helpers.js';

const WEAK: [string, string][] = [
  ['aaaaaaaaaaaa', 'Password must use at least 5 different characters'],
  ['abababababababab', 'Password must use at least 5 different characters'],
  ['Unbelievable', 'Password is one of the most common passwords: choose another'],
  ['QWERTYUIOP', 'Password is one of the most common passwords: choose another'],
  ['iloveyou2024!!', 'Password is one of the most common passwords: choose another'],
];

describe('weakPasswordReason', () => {
  it.each(WEAK)('refuses %s', (password, reason) => {
    expect(weakPasswordReason(password)).toBe(reason);
  });

  it('accepts a long passphrase of ordinary words', () => {
    expect(weakPasswordReason('violet-harbour-tractor-ninety')).toBeNull();
  });
});

describe.each(databaseKinds)('security: common passwords refused (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 120_000);
  afterAll(() => t?.close());

  it.each(WEAK.filter(([p]) => p.length >= 12))('refuses a new user with %s', async (password, reason) => {
    const res = await t.inject({
      method: 'POST',
      url: paths.managedUsers(),
      payload: { username: 'weakling', password, role: 'viewer' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res, errorBodySchema).message).toBe(reason);
    const listed = json(await t.inject({ method: 'GET', url: paths.managedUsers() }), managedUserListSchema);
    expect(listed.map((u) => u.username)).not.toContain('weakling');
  });

  it('refuses a common password as a new own password', async () => {
    const res = await t.inject({
      method: 'POST',
      url: paths.password(),
      payload: { currentPassword: ADMIN_PASSWORD, newPassword: 'aaaaaaaaaaaa' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res, errorBodySchema).message).toBe('Password must use at least 5 different characters');
  });
});
