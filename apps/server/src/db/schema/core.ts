// Users, sessions and the platform settings: everything sign-in and
// configuration need. Sessions live here so several instances can share them.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SettingsUpdate } from '@argus/api';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  /** `scrypt$N$r$p$salt$hash` (base64). */
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token, so a database leak does not leak live sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
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
