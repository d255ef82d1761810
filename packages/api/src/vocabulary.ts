// The fixed vocabularies of the spec (section 9), shared by every schema.

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export const ACTIVITY_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved', 'suppressed'] as const;
/** Alert list orders: newest first (default), oldest first, worst severity first, last updated first. */
export const ALERT_SORTS = ['newest', 'oldest', 'severity', 'updated'] as const;
export const TRIGGER_TYPES = [
  'vulnerability_detected',
  'high_risk_endpoint',
  'pii_exposed',
  'threshold_breach',
] as const;
export const BULK_ACTIONS = ['acknowledge', 'resolve', 'assign', 'suppress'] as const;
export const CHANNEL_TYPES = ['email', 'slack', 'webhook', 'sms'] as const;
export const SOURCE_TYPES = ['swagger', 'openapi', 'access_log', 'api_gateway'] as const;
export const LOG_FORMATS = ['apache', 'nginx', 'aws_api_gateway'] as const;
export const GATEWAY_PROVIDERS = ['kong', 'aws', 'azure'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export const CORE_PII_TYPES = ['ssn', 'email', 'phone', 'credit_card', 'national_id', 'dob'] as const;
/** The spec's upload types, plus HAR captures (read as traffic) and AWS API Gateway logs as JSON lines. */
export const SPEC_UPLOAD_EXTENSIONS = ['.json', '.yaml', '.yml', '.har'] as const;
export const LOG_UPLOAD_EXTENSIONS = ['.log', '.txt', '.jsonl'] as const;
/**
 * Roles, weakest first: a viewer reads; an analyst also triages alerts, rescans,
 * marks false positives and runs tests; an admin also manages users, channels,
 * secrets, settings, sources and rules.
 */
export const ROLES = ['viewer', 'analyst', 'admin'] as const;
/** What an audit log entry records a change to. */
export const AUDIT_TARGETS = [
  'user',
  'session',
  'channel',
  'rule',
  'settings',
  'domain',
  'source',
  'secret',
  'endpoint',
  'security_test',
] as const;

export type Severity = (typeof SEVERITIES)[number];
export type ActivitySeverity = (typeof ACTIVITY_SEVERITIES)[number];
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export type TriggerType = (typeof TRIGGER_TYPES)[number];
export type BulkAction = (typeof BULK_ACTIONS)[number];
export type ChannelType = (typeof CHANNEL_TYPES)[number];
export type SourceType = (typeof SOURCE_TYPES)[number];
export type LogFormat = (typeof LOG_FORMATS)[number];
export type GatewayProvider = (typeof GATEWAY_PROVIDERS)[number];
export type Role = (typeof ROLES)[number];
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** True when `role` may do what `needed` may (admin ⊇ analyst ⊇ viewer). */
export const roleAtLeast = (role: Role, needed: Role): boolean =>
  ROLES.indexOf(role) >= ROLES.indexOf(needed);

/** An endpoint counts as high risk (metrics, top list, domain "risky" counts) above this score. */
export const HIGH_RISK_THRESHOLD = 50;

export const LOG_FORMAT_LABELS: Record<LogFormat, string> = {
  apache: 'Apache',
  nginx: 'Nginx',
  aws_api_gateway: 'AWS API Gateway',
};

export const GATEWAY_PROVIDER_LABELS: Record<GatewayProvider, string> = {
  kong: 'Kong',
  aws: 'AWS API Gateway',
  azure: 'Azure API Management',
};

/** Spec section 9: settings defaults and ranges. */
export const SETTINGS_DEFAULTS = {
  scanIntervalMinutes: 60,
  requestTimeoutSeconds: 30,
  maxConcurrentScans: 5,
  autoScan: true,
  deepScan: false,
  weights: { vulnerability: 40, pii: 30, traffic: 15, exposure: 15 },
} as const;

export const SETTINGS_RANGES = {
  scanIntervalMinutes: [1, 1440],
  requestTimeoutSeconds: [5, 300],
  maxConcurrentScans: [1, 50],
  weight: [0, 100],
} as const;
