// Users, sessions and the platform settings: everything sign-in and
// configuration need. Sessions live here so several instances can share them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AuditTarget, Role, SettingsUpdate } from '@argus/api';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull().unique(),
    /** `scrypt$N$r$p$salt$hash` (base64). */
    passwordHash: text('password_hash').notNull(),
    /** No default: whoever creates a user names the role (users from before roles became admins). */
    role: text('role').$type<Role>().notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Per-account sign-in backoff: failures in a row and until when sign-in is refused. */
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('viewer', 'analyst', 'admin')`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token, so a database leak does not leak live sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last use, for the idle timeout. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt)],
);

/** One row (id 1): the Scanning and Risk Scoring tabs. */
export const settings = pgTable('settings', {
  id: integer('id').primaryKey().default(1),
  value: jsonb('value').$type<SettingsUpdate>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** When a periodic job last ran, shared by every instance (one claims each run). */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRun: timestamp('last_run', { withTimezone: true }).notNull(),
});

/**
 * Fixed-window request counters of rate-limited calls (sign-in), shared by
 * every instance: with several servers behind a load balancer an attacker gets
 * the same number of attempts as with one.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * Append-only record of changes (users, roles, sessions, channels, rules,
 * settings, domains, sources, secrets). A trigger refuses UPDATE and DELETE.
 * `seq` orders the keyset pages; actor names are copied so entries outlive users.
 */
export const auditLog = pgTable('audit_log', {
  seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  id: uuid('id').notNull().unique().defaultRandom(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actorId: uuid('actor_id'),
  actorUsername: text('actor_username'),
  action: text('action').notNull(),
  targetType: text('target_type').$type<AuditTarget>().notNull(),
  targetId: text('target_id'),
  summary: text('summary').notNull(),
  ip: text('ip'),
});
