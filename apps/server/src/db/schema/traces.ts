// What the OTLP receiver (capture/otlp.ts) has taken in: the spans of every export it
// accepted, added up when they are received, for the Domains screen's OpenTelemetry source.
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const count = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Every accepted export, over all domains: the receiver's one row. */
export const otlpTotals = pgTable('otlp_totals', {
  receiver: text('receiver').primaryKey(),
  spans: count('spans'),
  /** HTTP server spans that became observations. */
  observations: count('observations'),
  /** Spans of another kind than SERVER (client, internal, producer, consumer). */
  notServer: count('not_server'),
  /** Server spans without an HTTP method (RPC, messaging). */
  notHttp: count('not_http'),
  /** HTTP server spans naming no host or path. */
  unplaced: count('unplaced'),
  /** Entries that were not spans, and spans past what one export may record. */
  rejected: count('rejected'),
  lastReceived: timestamp('last_received', { withTimezone: true }).notNull().defaultNow(),
});

/** Observations made from server spans, per domain (its name, as the spans' host gives it). */
export const otlpDomains = pgTable('otlp_domains', {
  domain: text('domain').primaryKey(),
  observations: count('observations'),
  lastReceived: timestamp('last_received', { withTimezone: true }).notNull().defaultNow(),
});
