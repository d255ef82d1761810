// Users: creation (CLI and first start) and the admin bootstrap.
import { count } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { users } from './db/schema/index.js';
import { generatePassword, hashPassword } from './passwords.js';

export const USERNAME_RULE = /^[a-zA-Z0-9._@-]{1,64}$/;

export class UserExistsError extends Error {}

export async function createUser(
  db: Db,
  username: string,
  password: string,
): Promise<{ id: string; username: string }> {
  if (!USERNAME_RULE.test(username)) {
    throw new Error('User names are 1-64 letters, digits, dots, dashes, underscores or @');
  }
  if (password.length < 8) throw new Error('Passwords need at least 8 characters');
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .insert(users)
    .values({ username, passwordHash })
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id, username: users.username });
  if (!row) throw new UserExistsError(`User ${username} already exists`);
  return row;
}

export interface AdminBootstrap {
  username: string;
  /** The password, only when it was generated (printed once). */
  generatedPassword: string | null;
}

/** On a database without users, create `admin` (ARGUS_ADMIN_PASSWORD or a generated password). */
export async function ensureAdmin(db: Db, adminPassword: string | undefined): Promise<AdminBootstrap | null> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const password = adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  // Two instances starting at once: the unique name lets only one win.
  const created = await db
    .insert(users)
    .values({ username: 'admin', passwordHash })
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id });
  if (created.length === 0) return null;
  return { username: 'admin', generatedPassword: adminPassword ? null : password };
}
