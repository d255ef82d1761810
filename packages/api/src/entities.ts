// Response schemas: one zod schema per entity of spec section 3. The server
// validates what it sends with these; the dashboard parses what it receives.
import { z } from 'zod';
import { bolaCandidateSchema } from './trace-agreement.js';
import {
  ACTIVITY_SEVERITIES,
  ALERT_STATUSES,
  AUDIT_TARGETS,
  CHANNEL_TYPES,
  GATEWAY_PROVIDERS,
  LOG_FORMATS,
  ROLES,
  SEVERITIES,
  SOURCE_TYPES,
  TRIGGER_TYPES,
} from './vocabulary.js';

export { settingsSchema, type Settings } from './settings.js';

/** ISO-8601 timestamp as sent on the wire. */
export const timestamp = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'Invalid timestamp');
const id = z.string().min(1);

export const errorBodySchema = z.object({
  message: z.string(),
  /** Present on 400 validation errors: one entry per failing field. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const metricsSchema = z.object({
  totalEndpoints: z.number().int().nonnegative(),
  highRiskEndpoints: z.number().int().nonnegative(),
  piiEndpoints: z.number().int().nonnegative(),
  /** A numeric string with one decimal, e.g. "42.5" (spec: parsed as a decimal). */
  avgRiskScore: z.string().regex(/^\d+(\.\d+)?$/),
});

export const riskBreakdownSchema = z.object({
  vulnerability: z.number().min(0).max(1),
  pii: z.number().min(0).max(1),
  traffic: z.number().min(0).max(1),
  exposure: z.number().min(0).max(1),
  /** One human sentence per part, explaining the score. */
  explanation: z.array(z.string()),
});

export const endpointRefSchema = z.object({
  method: z.string(),
  normalizedPath: z.string(),
  domain: z.string(),
});

/**
 * Why a finding was flagged: where it was seen, which rule or validator fired, a
 * redacted sample (never the raw value) and when.
 */
export const evidenceSchema = z.object({
  /** request or response; absent when the evidence is the operation itself. */
  side: z.enum(['request', 'response']).optional(),
  /** path, query, header, body, status, scheme, auth or method. */
  part: z.string().optional(),
  /** Field path in a body (`customer.card.number`), header or parameter name. */
  field: z.string().optional(),
  /** JSON pointer into the API description (`#/paths/~1v1~1tokens/post/requestBody`). */
  pointer: z.string().optional(),
  /** The rule, recogniser or validator that fired (`credit_card:luhn+iin`). */
  rule: z.string(),
  /** Redacted sample (`4111 •••• •••• 1111`). */
  sample: z.string().optional(),
  /** One sentence for a person: what was observed. */
  detail: z.string().optional(),
  firstSeen: timestamp.optional(),
  lastSeen: timestamp.optional(),
});

/** A finding marked as a false positive: hidden from the score and alerts until restored. */
export const falsePositiveMarkSchema = z.object({
  reason: z.string().nullable(),
  markedBy: z.string().nullable(),
  markedAt: timestamp,
});

export const vulnerabilitySchema = z.object({
  id,
  vulnId: z.string(),
  title: z.string(),
  description: z.string(),
  /** critical, high, medium, low; other values are shown neutrally. */
  severity: z.string(),
  owaspCategory: z.string(),
  remediation: z.string().nullable().optional(),
  /** Proved by an active test (its evidence is the test result); outranks passive findings. */
  confirmed: z.boolean().optional(),
  scanDate: timestamp,
  endpointId: z.string().nullable().optional(),
  /** Present in list answers; null when the finding is not tied to an endpoint. */
  endpoint: endpointRefSchema.nullable().optional(),
  /** How sure the check is (high, medium, low). */
  confidence: z.string().nullable().optional(),
  /** Why it was flagged (a few entries at most). */
  evidence: z.array(evidenceSchema).optional(),
  /** Set when a person marked it as a false positive. */
  falsePositive: falsePositiveMarkSchema.nullable().optional(),
});

/** One PII type of an endpoint with the evidence for it. */
export const piiFindingSchema = z.object({
  type: z.string(),
  /** Observations (or spec fields) that showed it. */
  count: z.number().int().nonnegative(),
  /** The strongest few pieces of evidence. */
  evidence: z.array(evidenceSchema),
  falsePositive: falsePositiveMarkSchema.nullable(),
});

/** A user as other entities reference it (alert assignee, endpoint owner); `role` where the caller may see it. */
export const userSchema = z.object({ id, username: z.string(), role: z.enum(ROLES).optional() });

/** A user as User Management lists it (admins only). */
export const managedUserSchema = z.object({
  id,
  username: z.string(),
  role: z.enum(ROLES),
  /** Disabled users cannot sign in; their sessions end when disabled. */
  disabled: z.boolean(),
  createdAt: timestamp,
  lastLoginAt: timestamp.nullable(),
});

/** One append-only audit log entry: who changed what, when. Secrets never appear in `details`. */
export const auditEntrySchema = z.object({
  id,
  at: timestamp,
  /** Null for changes made by the system or the CLI. */
  actorId: z.string().nullable(),
  actorUsername: z.string().nullable(),
  /** e.g. `user.create`, `user.role`, `channel.update`, `settings.update`, `source.delete`. */
  action: z.string(),
  targetType: z.enum(AUDIT_TARGETS),
  targetId: z.string().nullable(),
  /** One line a person reads: "Changed role of bob from viewer to analyst". */
  summary: z.string(),
  /** Client address the change came from, when known. */
  ip: z.string().nullable(),
});

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` to read the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});

/**
 * A captured record the database refused, quarantined so the rest of its batch
 * (and everything after it) is stored. The captured bodies stay in the database.
 */
export const deadLetterSchema = z.object({
  id,
  /** The capture's id, as its 202 answer named it. */
  recordId: z.string(),
  domain: z.string(),
  method: z.string(),
  path: z.string(),
  /** Why it was refused, in plain words (the database's reason, without the SQL). */
  reason: z.string(),
  quarantinedAt: timestamp,
});

/** `GET /api/v1/admin/dead-letters`: the newest quarantined records first, and how many there are. */
export const deadLetterListSchema = z.object({
  deadLetters: z.array(deadLetterSchema),
  total: z.number().int().nonnegative(),
});

export const endpointSummarySchema = z.object({
  id,
  method: z.string(),
  normalizedPath: z.string(),
  domain: z.string(),
  classification: z.string(),
  riskScore: z.number().min(0).max(100),
  piiTypes: z.array(z.string()),
  firstSeen: timestamp,
  /** Null for an endpoint known only from a description: never seen in traffic. */
  lastSeen: timestamp.nullable(),
  lastScanned: timestamp.nullable().optional(),
  avgRps: z.number().nonnegative(),
  requestCount: z.number().int().nonnegative().optional(),
  vulnerabilityCount: z.number().int().nonnegative().optional(),
  /** Where the endpoint was seen: openapi, access_log, api_gateway, har, capture. */
  sources: z.array(z.string()).optional(),
  /** Findings marked as a false positive do not count towards the score until undone. */
  falsePositive: z.boolean().optional(),
  owner: userSchema.nullable().optional(),
});

/** Why the templater made a position of the path a parameter (learned from traffic, issue 14). */
export const MERGE_RULES = [
  'cardinality',
  'many-words',
  'shared-structure',
  'prefix',
  'locale',
  'capacity',
  'known-value',
  'nested-values',
  'vocabulary',
  'mixed-conventions',
  'sibling-structure',
  'inside-parameter',
  'named-example',
  'many-routes',
  'joined-name',
  'placeholder',
  'same-methods',
  'lone-value',
  'example-leaf',
  'contained-names',
  'scored',
] as const;
export const mergeReasonSchema = z.object({
  /** The parameter as the path names it, e.g. `{orderId}`. */
  parameter: z.string(),
  rule: z.enum(MERGE_RULES),
  /** A sample of the distinct literal values merged. */
  values: z.array(z.string()),
  /** How many distinct values the merge took. */
  distinct: z.number().int().nonnegative(),
  /** The sub-route the values shared, when that was the evidence. */
  shared: z.string().nullable(),
  /** `scored`: the templating scorer's mean P(value) of the position's literals. */
  score: z.number().optional(),
  /** `scored`: the features that moved the score most, each with its value and log-odds contribution. */
  contributions: z
    .array(z.object({ feature: z.string(), value: z.number(), contribution: z.number() }))
    .optional(),
});

export const endpointSchema = endpointSummarySchema.extend({
  vulnerabilities: z.array(vulnerabilitySchema),
  /** Every PII type seen, with evidence; those marked false positive are not in `piiTypes`. */
  piiFindings: z.array(piiFindingSchema).optional(),
  /** Positions of the path merged into parameters from traffic, and why; none for declared templates. */
  merges: z.array(mergeReasonSchema).optional(),
  /** CORS preflights (`OPTIONS`) counted on this endpoint, the one they precede. */
  preflights: z.number().int().nonnegative().optional(),
  /** The template is a trace's `http.route` (see the domain's trace agreement). */
  tracedRoute: z.boolean().optional(),
  /** Objects of this template one principal used after another (issue 45), most recent last. */
  bolaCandidates: z.array(bolaCandidateSchema).optional(),
  riskBreakdown: riskBreakdownSchema.nullable().optional(),
});

export const endpointListSchema = z.object({
  endpoints: z.array(endpointSummarySchema),
  total: z.number().int(),
});
export const topEndpointsSchema = z.array(endpointSummarySchema);
export const vulnerabilityListSchema = z.object({
  vulnerabilities: z.array(vulnerabilitySchema),
  total: z.number().int(),
});

const countedSchema = z.number().int().nonnegative();
/** What a domain's traffic held besides its API, added up over every analysis (issue 14). */
export const domainTrafficSchema = z.object({
  /** Reconnaissance: scanner signatures and paths that only ever failed. */
  attack: z.object({
    requests: countedSchema,
    /** dotfile, wordpress, php-probe, traversal, binary, not-http, cgi, admin-probe, injection, unanswered, scanner. */
    byKind: z.record(z.string(), countedSchema),
    /** Busiest client addresses first (at most 20). */
    byClient: z.array(z.object({ client: z.string(), count: countedSchema })),
    firstSeen: timestamp.nullable(),
    lastSeen: timestamp.nullable(),
    /** Most probed paths first (at most 20). */
    topPaths: z.array(z.object({ path: z.string(), count: countedSchema })),
  }),
  staticRequests: countedSchema,
  browserRequests: countedSchema,
  /** Requests of the site's pages (HTML documents, the front end's fallback), not endpoints. */
  pageRequests: countedSchema.optional(),
  /** CORS preflights, by the endpoint they precede. */
  preflights: countedSchema,
  preflightsByPath: z.array(z.object({ path: z.string(), count: countedSchema })),
});

export const domainSchema = z.object({
  id,
  name: z.string(),
  description: z.string().nullable().optional(),
  numEndpoints: z.number().int().nonnegative(),
  numRiskyEndpoints: z.number().int().nonnegative(),
  avgRiskScore: z.number().min(0).max(100),
  /** Share of the domain's endpoints reachable without authentication, 0-100. */
  publicPct: z.number().min(0).max(100),
  lastUpdated: timestamp,
  /** When set, the capture path forwards requests for this host there and records the answers too. */
  upstreamUrl: z.string().nullable().optional(),
  /** Traffic that was not the API (null until some was seen). */
  traffic: domainTrafficSchema.nullable().optional(),
});
export const domainListSchema = z.array(domainSchema);
export const domainScanResultSchema = z.object({
  endpointsDiscovered: z.number().int().nonnegative(),
  /** Active sources read, and those whose reading failed (their cards say why). */
  sourcesSynced: z.number().int().nonnegative().optional(),
  sourcesFailed: z.number().int().nonnegative().optional(),
});

/** One domain of `POST /api/v1/scans` (Run Scan): scanned, or why it could not be. */
export const scanAllDomainSchema = z.object({
  name: z.string(),
  endpointsDiscovered: z.number().int().nonnegative(),
  /** The domain's endpoints after the scan (all of them were re-checked and re-scored). */
  endpointsScanned: z.number().int().nonnegative(),
  /** Why the scan failed (every source failed, …); null when it worked. */
  error: z.string().nullable(),
});
/** `POST /api/v1/scans`: every domain with active discovery sources, the sample domain excepted. */
export const scanAllResultSchema = z.object({
  domains: z.array(scanAllDomainSchema),
  /** Endpoints of the domains that were scanned successfully. */
  endpointsScanned: z.number().int().nonnegative(),
});

export const activitySchema = z.object({
  id,
  title: z.string(),
  description: z.string().nullable().optional(),
  domainName: z.string().nullable().optional(),
  severity: z.enum(ACTIVITY_SEVERITIES),
  createdAt: timestamp,
});
export const activityListSchema = z.array(activitySchema);

export const piiEndpointSchema = z.object({
  id,
  method: z.string(),
  normalizedPath: z.string(),
  domain: z.string(),
  piiTypes: z.array(z.string()),
  riskScore: z.number().min(0).max(100),
  classification: z.string().nullable(),
  lastScanned: timestamp.nullable(),
});
export const piiListSchema = z.object({ endpoints: z.array(piiEndpointSchema), total: z.number().int() });

export const alertSchema = z.object({
  id,
  title: z.string(),
  description: z.string(),
  severity: z.string(),
  status: z.enum(ALERT_STATUSES),
  triggerType: z.enum(TRIGGER_TYPES),
  createdAt: timestamp,
  updatedAt: timestamp.optional(),
  /** The id of the user the alert is assigned to. */
  assignedTo: z.string().nullable(),
  assignedToUsername: z.string().nullable().optional(),
  ruleId: z.string().nullable().optional(),
  endpointId: z.string().nullable().optional(),
  endpoint: endpointRefSchema.nullable().optional(),
  domain: z.string().nullable().optional(),
  /** What the alert lists (PII types; a digest's endpoints), merged while it is open. */
  found: z.array(z.string()).optional(),
});
export const alertListSchema = z.object({ alerts: z.array(alertSchema), total: z.number().int() });
/** GET /alerts/summary: the tiles, counted by the server over every alert. */
export const alertSummarySchema = z.object({
  total: z.number().int().nonnegative(),
  open: z.number().int().nonnegative(),
  acknowledged: z.number().int().nonnegative(),
  resolved: z.number().int().nonnegative(),
  suppressed: z.number().int().nonnegative(),
  critical: z.number().int().nonnegative(),
});

export const bulkAlertResultSchema = z.object({
  updated: z.number().int().nonnegative(),
  results: z.array(
    z.object({
      id: z.string(),
      outcome: z.enum(['updated', 'skipped']),
      status: z.enum(ALERT_STATUSES),
      /** Why an alert was skipped, e.g. "cannot acknowledge a resolved alert". */
      reason: z.string().optional(),
    }),
  ),
});

/** One change of an alert: who did what, when (GET /alerts/{id}/history, oldest first). */
export const alertHistoryEntrySchema = z.object({
  id,
  action: z.string(),
  fromStatus: z.enum(ALERT_STATUSES).nullable(),
  toStatus: z.enum(ALERT_STATUSES).nullable(),
  assignedTo: z.string().nullable(),
  assignedToUsername: z.string().nullable(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  createdAt: timestamp,
});
export const alertHistoryListSchema = z.array(alertHistoryEntrySchema);

export const alertRuleSchema = z.object({
  id,
  name: z.string(),
  description: z.string().nullable().optional(),
  triggerType: z.enum(TRIGGER_TYPES),
  severity: z.enum(SEVERITIES),
  conditions: z.record(z.string(), z.unknown()),
  isActive: z.boolean(),
  builtIn: z.boolean().optional(),
  createdAt: timestamp,
});
export const alertRuleListSchema = z.array(alertRuleSchema);

export const deliverySchema = z.object({
  id,
  alertId: z.string().nullable(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable().optional(),
  createdAt: timestamp,
  deliveredAt: timestamp.nullable().optional(),
});

export const notificationChannelSchema = z.object({
  id,
  name: z.string(),
  type: z.enum(CHANNEL_TYPES),
  /** The channel's config with every secret masked (e.g. "••••1234"). */
  config: z.record(z.string(), z.unknown()),
  isActive: z.boolean(),
  createdAt: timestamp,
  lastDelivery: deliverySchema.nullable().optional(),
});
export const notificationChannelListSchema = z.array(notificationChannelSchema);
export const deliveryListSchema = z.array(deliverySchema);

export const userListSchema = z.array(userSchema);
export const managedUserListSchema = z.array(managedUserSchema);

export const discoverySourceSchema = z.object({
  id,
  domainId: z.string(),
  type: z.enum(SOURCE_TYPES),
  name: z.string(),
  isActive: z.boolean(),
  lastSync: timestamp.nullable(),
  endpointsDiscovered: z.number().int().nonnegative(),
  /** Outcome of the last sync; `lastError` says why it failed. */
  syncStatus: z.enum(['pending', 'ok', 'failed']).optional(),
  lastError: z.string().nullable().optional(),
  /** The stored config. File content is never sent back, API keys only masked. */
  config: z.object({
    url: z.string().nullable().optional(),
    format: z.enum(LOG_FORMATS).nullable().optional(),
    provider: z.enum(GATEWAY_PROVIDERS).nullable().optional(),
    apiKey: z.string().nullable().optional(),
    region: z.string().nullable().optional(),
    fileName: z.string().nullable().optional(),
    lineCount: z.number().int().nullable().optional(),
    /** The uploaded file was a HAR capture, read as traffic (its `type` is the form it came through). */
    har: z.boolean().optional(),
    /** Lines the last read could not parse, and up to 5 of them with their line numbers and why. */
    rejectedLines: z.number().int().nonnegative().nullable().optional(),
    rejectedSamples: z
      .array(z.object({ line: z.number().int(), reason: z.string(), text: z.string() }))
      .nullable()
      .optional(),
  }),
});
export const discoverySourceListSchema = z.array(discoverySourceSchema);

const recordedCaptureSchema = z.object({
  id: z.string(),
  domain: z.string(),
  method: z.string(),
  path: z.string(),
  piiTypes: z.array(z.string()),
});

export const captureResultSchema = z.object({
  recorded: recordedCaptureSchema,
  forwarded: z.boolean(),
});

/** `POST /api/v1/captures`: what was recorded, in the order of the request's exchanges. */
export const captureBatchResultSchema = z.object({ recorded: z.array(recordedCaptureSchema) });

export type ErrorBody = z.infer<typeof errorBodySchema>;
export type Metrics = z.infer<typeof metricsSchema>;
export type RiskBreakdown = z.infer<typeof riskBreakdownSchema>;
export type EndpointRef = z.infer<typeof endpointRefSchema>;
export type Vulnerability = z.infer<typeof vulnerabilitySchema>;
export type Evidence = z.infer<typeof evidenceSchema>;
export type FalsePositiveMark = z.infer<typeof falsePositiveMarkSchema>;
export type PiiFinding = z.infer<typeof piiFindingSchema>;
export type User = z.infer<typeof userSchema>;
export type ManagedUser = z.infer<typeof managedUserSchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;
export type DeadLetter = z.infer<typeof deadLetterSchema>;
export type DeadLetterList = z.infer<typeof deadLetterListSchema>;
export type EndpointSummary = z.infer<typeof endpointSummarySchema>;
export type Endpoint = z.infer<typeof endpointSchema>;
export type MergeReason = z.infer<typeof mergeReasonSchema>;
export type EndpointList = z.infer<typeof endpointListSchema>;
export type VulnerabilityList = z.infer<typeof vulnerabilityListSchema>;
export type Domain = z.infer<typeof domainSchema>;
export type DomainScanResult = z.infer<typeof domainScanResultSchema>;
export type ScanAllResult = z.infer<typeof scanAllResultSchema>;
export type DomainTrafficSummary = z.infer<typeof domainTrafficSchema>;
export type Activity = z.infer<typeof activitySchema>;
export type PiiEndpoint = z.infer<typeof piiEndpointSchema>;
export type PiiList = z.infer<typeof piiListSchema>;
export type Alert = z.infer<typeof alertSchema>;
export type AlertList = z.infer<typeof alertListSchema>;
export type AlertSummary = z.infer<typeof alertSummarySchema>;
export type BulkAlertResult = z.infer<typeof bulkAlertResultSchema>;
export type AlertRule = z.infer<typeof alertRuleSchema>;
export type AlertHistoryEntry = z.infer<typeof alertHistoryEntrySchema>;
export type Delivery = z.infer<typeof deliverySchema>;
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;
export type DiscoverySource = z.infer<typeof discoverySourceSchema>;
export type CaptureResult = z.infer<typeof captureResultSchema>;
export type CaptureBatchResult = z.infer<typeof captureBatchResultSchema>;

/** A user's split or merge of templating for a domain, applied by every later analysis. */
export const templateOverrideSchema = z.object({
  id,
  domain: z.string(),
  kind: z.enum(['merge', 'split']),
  /** merge: the template the paths share; split: the template whose parameter was split. */
  template: z.string(),
  /** split only: the parameter whose values are separate endpoints (`{linkId}`). */
  parameter: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: timestamp,
});

export const templateOverrideListSchema = z.object({ overrides: z.array(templateOverrideSchema) });

/** What a split or merge did: the override stored (or the merge it undid) and the endpoints now there. */
export const templateOverrideResultSchema = z.object({
  override: templateOverrideSchema,
  /** A split of a template a merge had named also removed that merge. */
  removedMerge: z.boolean(),
  endpoints: z.array(z.object({ id, method: z.string(), normalizedPath: z.string() })),
});

export type TemplateOverride = z.infer<typeof templateOverrideSchema>;
export type TemplateOverrideResult = z.infer<typeof templateOverrideResultSchema>;
