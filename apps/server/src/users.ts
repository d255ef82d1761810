// Users: creation (CLI, first start, User Management), role, password and
// disabled changes, removal, each with its audit entry. An admin cannot demote,
// disable or remove themselves, and the last enabled admin is never removed.
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import {
  userCreateSchema,
  type ManagedUser,
  type PasswordChange,
  type Role,
  type UserCreate,
  type UserUpdate,
} from '@argus/api';
import { audit, type AuditActor } from './audit.js';
import type { Db } from './db/client.js';
import { sessions, users } from './db/schema/index.js';
import { HttpError, notFound, parse } from './errors.js';
import { assertStrongPassword } from './password-policy.js';
import { generatePassword, hashPassword, verifyPassword } from './passwords.js';

export class UserExistsError extends HttpError {
  constructor(username: string) {
    super(409, `User ${username} already exists`);
  }
}

type UserRow = typeof users.$inferSelect;

export function managedUserOf(row: UserRow): ManagedUser {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    disabled: row.disabled,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

export async function listUsers(db: Db): Promise<ManagedUser[]> {
  const rows = await db.select().from(users).orderBy(asc(users.username));
  return rows.map(managedUserOf);
}

/** Adds a user (names and passwords checked as the API checks them); role defaults to viewer. */
export async function createUser(
  db: Db,
  username: string,
  password: string,
  role: Role = 'viewer',
  actor?: AuditActor,
): Promise<ManagedUser> {
  const input = parse(userCreateSchema, { username, password, role } satisfies UserCreate);
  assertStrongPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ username: input.username, passwordHash, role: input.role })
      .onConflictDoNothing({ target: users.username })
      .returning();
    if (!row) throw new UserExistsError(input.username);
    if (actor) {
      await audit(tx, actor, {
        action: 'user.create',
        targetType: 'user',
        targetId: row.id,
        summary: `Added user ${row.username} as ${row.role}`,
      });
    }
    return managedUserOf(row);
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Locks the enabled admins' rows for the transaction, so two admins demoting
 * each other at once cannot both succeed, and answers how many there are.
 */
async function lockAdmins(tx: Tx): Promise<number> {
  const rows = await tx.execute(
    sql`select id from ${users} where ${users.role} = 'admin' and not ${users.disabled} for update`,
  );
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

async function endSessions(tx: Tx, actor: AuditActor, user: UserRow, why: string): Promise<void> {
  const ended = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning();
  if (ended.length === 0) return;
  await audit(tx, actor, {
    action: 'session.revoke',
    targetType: 'session',
    targetId: user.id,
    summary: `Ended ${ended.length} session${ended.length === 1 ? '' : 's'} of ${user.username} (${why})`,
  });
}

export async function updateUser(
  db: Db,
  actor: AuditActor,
  id: string,
  change: UserUpdate,
): Promise<ManagedUser> {
  if (change.password !== undefined) assertStrongPassword(change.password);
  const passwordHash = change.password === undefined ? undefined : await hashPassword(change.password);
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const [user] = await tx.select().from(users).where(eq(users.id, id));
    if (!user) throw notFound('User');
    const self = user.id === actor.actorId;
    const role = change.role ?? user.role;
    const disabled = change.disabled ?? user.disabled;
    const losesAdmin = user.role === 'admin' && !user.disabled && (role !== 'admin' || disabled);
    if (self && role !== user.role) throw new HttpError(409, 'You cannot change your own role');
    if (self && disabled) throw new HttpError(409, 'You cannot disable yourself');
    if (self && passwordHash !== undefined) {
      throw new HttpError(
        409,
        'Change your own password with your current password (POST /api/v1/auth/password)',
      );
    }
    if (losesAdmin && admins <= 1) {
      throw new HttpError(409, `${user.username} is the last admin: make another user admin first`);
    }
    const [row] = await tx
      .update(users)
      .set({
        role,
        disabled,
        ...(passwordHash === undefined ? {} : { passwordHash, failedLogins: 0, lockedUntil: null }),
      })
      .where(eq(users.id, id))
      .returning();
    const target = { targetType: 'user' as const, targetId: user.id };
    if (role !== user.role) {
      await audit(tx, actor, {
        action: 'user.role',
        ...target,
        summary: `Changed role of ${user.username} from ${user.role} to ${role}`,
      });
    }
    if (disabled !== user.disabled) {
      await audit(tx, actor, {
        action: disabled ? 'user.disable' : 'user.enable',
        ...target,
        summary: `${disabled ? 'Disabled' : 'Enabled'} user ${user.username}`,
      });
    }
    if (passwordHash !== undefined) {
      await audit(tx, actor, {
        action: 'user.password',
        ...target,
        summary: `Changed the password of ${user.username}`,
      });
    }
    // A new role or a disabled account takes effect now: the user signs in again.
    if (role !== user.role || disabled) await endSessions(tx, actor, user, 'role or state changed');
    else if (passwordHash !== undefined) await endSessions(tx, actor, user, 'password changed');
    return managedUserOf(row!);
  });
}

/**
 * The signed-in user's own password: the current one proves it is them (not a
 * borrowed session), and every other session of theirs ends (ASVS 2.1.6, 3.3.3).
 */
export async function changeOwnPassword(
  db: Db,
  actor: AuditActor & { actorId: string },
  currentSessionHash: string,
  change: PasswordChange,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, actor.actorId));
  if (!user) throw notFound('User');
  assertStrongPassword(change.newPassword);
  if (!(await verifyPassword(change.currentPassword, user.passwordHash))) {
    throw new HttpError(403, 'The current password is wrong');
  }
  const passwordHash = await hashPassword(change.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, failedLogins: 0, lockedUntil: null })
      .where(eq(users.id, user.id));
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.tokenHash, currentSessionHash)))
      .returning();
    const others =
      ended.length === 0 ? '' : `; ended ${ended.length} other session${ended.length === 1 ? '' : 's'}`;
    await audit(tx, actor, {
      action: 'user.password',
      targetType: 'user',
      targetId: user.id,
      summary: `${user.username} changed their own password${others}`,
    });
  });
}

export async function deleteUser(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const [user] = await tx.select().from(users).where(eq(users.id, id));
    if (!user) throw notFound('User');
    if (user.id === actor.actorId) throw new HttpError(409, 'You cannot remove yourself');
    if (user.role === 'admin' && !user.disabled && admins <= 1) {
      throw new HttpError(409, `${user.username} is the last admin: make another user admin first`);
    }
    await endSessions(tx, actor, user, 'user removed');
    await tx.delete(users).where(eq(users.id, id));
    await audit(tx, actor, {
      action: 'user.delete',
      targetType: 'user',
      targetId: user.id,
      summary: `Removed user ${user.username} (${user.role})`,
    });
  });
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
    .values({ username: 'admin', passwordHash, role: 'admin' })
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id });
  if (created.length === 0) return null;
  return { username: 'admin', generatedPassword: adminPassword ? null : password };
}
