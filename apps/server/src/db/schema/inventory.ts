// Domains, their discovery sources, the endpoint inventory with findings,
// captured traffic and the activity feed.
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { EndpointAuth, RiskBreakdown } from '@argus/api';
import type { DomainTraffic, EndpointAggregate, Evidence } from '@argus/engine';
import { createdAt } from './columns.js';
import { users } from './core.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const domains = pgTable('domains', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description'),
  upstreamUrl: text('upstream_url'),
  /** Traffic that was not the API (engine DomainTraffic without `domain`), added up over every analysis. */
  traffic: jsonb('traffic').$type<Omit<DomainTraffic, 'domain'>>(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface StoredSourceConfig {
  url?: string | null;
  format?: 'apache' | 'nginx' | 'aws_api_gateway' | null;
  provider?: 'kong' | 'aws' | 'azure' | null;
  region?: string | null;
  fileName?: string | null;
  lineCount?: number | null;
  /** Lines of the last read that could not be parsed, and a few of them with their line numbers. */
  rejectedLines?: number | null;
  rejectedSamples?: Array<{ line: number; reason: string; text: string }> | null;
  /** The uploaded file is a HAR capture (read as traffic, once). */
  har?: boolean;
  /** Last 4 characters of the API key, for the masked display. */
  apiKeyHint?: string | null;
}

export const discoverySources = pgTable(
  'discovery_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domainId: uuid('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    type: text('type').$type<'swagger' | 'openapi' | 'access_log' | 'api_gateway'>().notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    config: jsonb('config').$type<StoredSourceConfig>().notNull(),
    /** AES-256-GCM sealed API key (see secrets.ts). */
    apiKeySealed: text('api_key_sealed'),
    lastSync: timestamp('last_sync', { withTimezone: true }),
    endpointsDiscovered: integer('endpoints_discovered').notNull().default(0),
    syncStatus: text('sync_status').$type<'pending' | 'ok' | 'failed'>().notNull().default('pending'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('discovery_sources_domain_idx').on(t.domainId)],
);

/**
 * Uploaded spec/log content, gzip-compressed, kept so a scan can re-read it:
 * the compressed bytes in parts (`part` 0, 1, …), which joined in order are
 * the file's gzip stream. PGlite writes a value on the event loop: one 9 MB
 * value held it 5 s, one part of 1 MB a fraction of that.
 */
export const sourceFiles = pgTable(
  'source_files',
  {
    sourceId: uuid('source_id')
      .notNull()
      .references(() => discoverySources.id, { onDelete: 'cascade' }),
    part: integer('part').notNull().default(0),
    contentGzip: bytea('content_gzip').notNull(),
    /** the whole file's size, uncompressed (on every part) */
    bytes: integer('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sourceId, t.part] })],
);

export const endpoints = pgTable(
  'endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domainId: uuid('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    /** The domain's name, denormalised so lists need no join. */
    domain: text('domain').notNull(),
    method: text('method').notNull(),
    normalizedPath: text('normalized_path').notNull(),
    classification: text('classification').notNull().default('unclassified'),
    riskScore: real('risk_score').notNull().default(0),
    riskBreakdown: jsonb('risk_breakdown').$type<RiskBreakdown>(),
    piiTypes: text('pii_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sources: text('sources')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPublic: boolean('is_public').notNull().default(false),
    /** Authentication seen: required, optional (some requests without), none or unknown. */
    auth: text('auth').$type<EndpointAuth>().notNull().default('unknown'),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    /** Null while the endpoint is known only from a description (never seen in traffic). */
    lastSeen: timestamp('last_seen', { withTimezone: true }),
    lastScanned: timestamp('last_scanned', { withTimezone: true }),
    requestCount: integer('request_count').notNull().default(0),
    avgRps: doublePrecision('avg_rps').notNull().default(0),
    vulnerabilityCount: integer('vulnerability_count').notNull().default(0),
    falsePositive: boolean('false_positive').notNull().default(false),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The engine's aggregate: everything needed to re-run checks and scoring. */
    aggregate: jsonb('aggregate').$type<EndpointAggregate>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('endpoints_key_idx').on(t.domainId, t.method, t.normalizedPath),
    index('endpoints_risk_idx').on(t.riskScore.desc(), t.id),
    index('endpoints_last_seen_idx').on(t.lastSeen.desc(), t.id),
    index('endpoints_rps_idx').on(t.avgRps.desc(), t.id),
    index('endpoints_path_idx').on(t.normalizedPath, t.id),
    index('endpoints_domain_risk_idx').on(t.domain, t.riskScore.desc()),
    // The list's filters (GET /endpoints?method=…&pii=…) and its other orders.
    index('endpoints_first_seen_idx').on(t.firstSeen.desc(), t.id),
    index('endpoints_classification_idx').on(t.classification, t.id),
    index('endpoints_method_risk_idx').on(t.method, t.riskScore.desc()),
    index('endpoints_auth_risk_idx').on(t.auth, t.riskScore.desc()),
    index('endpoints_pii_types_idx').using('gin', t.piiTypes),
    index('endpoints_sources_idx').using('gin', t.sources),
  ],
);

export const vulnerabilities = pgTable(
  'vulnerabilities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => endpoints.id, { onDelete: 'cascade' }),
    vulnId: text('vuln_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    severity: text('severity').notNull(),
    owaspCategory: text('owasp_category').notNull(),
    remediation: text('remediation'),
    /** The engine's `subject`: what triggered it (a field, header, parameter); part of the key. */
    evidence: text('evidence').notNull().default(''),
    /** Why it was flagged: the engine's structured evidence (a few entries, redacted samples). */
    evidenceItems: jsonb('evidence_items')
      .$type<Evidence[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    confidence: text('confidence'),
    /** Proved by an active test (confirmed_findings holds the test and its evidence). */
    confirmed: boolean('confirmed').notNull().default(false),
    scanDate: timestamp('scan_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vulnerabilities_key_idx').on(t.endpointId, t.vulnId, t.evidence),
    index('vulnerabilities_scan_date_idx').on(t.scanDate.desc()),
  ],
);

/**
 * One finding of an endpoint marked as a false positive: a PII type (`kind`
 * 'pii', `findingKey` the type) or a vulnerability (`kind` 'vulnerability',
 * `findingKey` "vulnId|subject"). Keyed by the endpoint's id, which survives
 * re-analysis and renames, so the mark holds across rescans until restored.
 */
export const findingFalsePositives = pgTable(
  'finding_false_positives',
  {
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => endpoints.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'pii' | 'vulnerability'>().notNull(),
    findingKey: text('finding_key').notNull(),
    reason: text('reason'),
    markedBy: text('marked_by'),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.kind, t.findingKey] })],
);

/** Traffic recorded by the capture path; analysed into endpoints in batches. */
export const observations = pgTable(
  'observations',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    /** Random, so no index: lookups by id are rare (tests, support). */
    id: uuid('id').notNull(),
    domain: text('domain').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** The engine Observation plus its PII findings (bodies truncated to the sample limit). */
    observation: jsonb('observation').notNull(),
    piiTypes: text('pii_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('observations_domain_idx').on(t.domain, t.seq),
    // Retention (retention.ts) deletes by age.
    index('observations_received_idx').on(t.receivedAt),
  ],
);

/**
 * Observations not analysed yet. A trigger adds every inserted observation
 * (same transaction); the analyzer deletes the ones it analysed. Small rows, so
 * the queue costs far less than updating a flag on every stored observation.
 */
export const observationQueue = pgTable('observation_queue', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
});

/**
 * How far each capture journal (one per instance's data directory, see
 * capture/journal.ts) has been copied into `observations`: advanced in the
 * same transaction as the rows, so a restart copies every record exactly once.
 */
export const captureJournals = pgTable('capture_journals', {
  journalId: text('journal_id').primaryKey(),
  segment: integer('segment').notNull(),
  offset: bigint('offset', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Ids of the observations the analysis workers stored from JetStream
 * (analysis/worker.ts), inserted in the same transaction as the rows: a message
 * delivered again (its worker died before acknowledging it) finds its id here
 * and is not stored twice. Pruned with the observations (retention.ts).
 */
export const captureReceipts = pgTable(
  'capture_receipts',
  {
    id: uuid('id').primaryKey(),
    storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('capture_receipts_stored_idx').on(t.storedAt)],
);

/**
 * Captured records the database refused (capture/ingest.ts): quarantined with
 * the reason and time, so the rest of their batch and everything captured
 * after them is stored. Admins list them; `payload` keeps the record as JSON
 * text (escaped: any record is storable) for support, and holds captured data.
 */
export const deadLetters = pgTable(
  'dead_letters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'capture' | 'analysis'>().notNull(),
    recordId: text('record_id').notNull(),
    domain: text('domain').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    reason: text('reason').notNull(),
    payload: text('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('dead_letters_created_idx').on(t.createdAt.desc(), t.id)],
);

export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    domainName: text('domain_name'),
    severity: text('severity').$type<'critical' | 'high' | 'medium' | 'low' | 'info'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('activities_created_idx').on(t.createdAt.desc())],
);

/**
 * Per-domain endpoint counters, kept exact by statement-level triggers on
 * `endpoints` (migration 0003): metrics and the domain list read these few rows
 * instead of scanning every endpoint.
 */
export const domainStats = pgTable('domain_stats', {
  domainId: uuid('domain_id').primaryKey(),
  endpoints: integer('endpoints').notNull().default(0),
  highRisk: integer('high_risk').notNull().default(0),
  pii: integer('pii').notNull().default(0),
  public: integer('public').notNull().default(0),
  riskSum: doublePrecision('risk_sum').notNull().default(0),
});

/**
 * A user's correction of templating for a domain (engine `TemplateOverride`): `merge` names
 * the template some paths share, `split` the parameter of a template whose values are
 * separate endpoints. Every analysis of the domain applies them.
 */
export const templateOverrides = pgTable(
  'template_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domainId: uuid('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'merge' | 'split'>().notNull(),
    template: text('template').notNull(),
    parameter: text('parameter'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('template_overrides_domain_idx').on(t.domainId)],
);
