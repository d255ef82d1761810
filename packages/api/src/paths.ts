// Every URL of spec section 7, in one place. The URL path (with its query)
// is also the SWR cache key of the matching read.
import type { AlertQuery } from './requests.js';
import type { EndpointQuery } from './endpoint-query.js';

export const API_PREFIX = '/api/v1';
const enc = encodeURIComponent;

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export interface AlertExportQuery {
  status?: string;
  severity?: string;
  search?: string;
  format: 'json' | 'csv';
}

export const paths = {
  metrics: () => `${API_PREFIX}/metrics`,
  endpoints: (query: EndpointQuery = {}) => withQuery(`${API_PREFIX}/endpoints`, { ...query }),
  topEndpoints: () => `${API_PREFIX}/endpoints/top`,
  endpoint: (id: string) => `${API_PREFIX}/endpoints/${enc(id)}`,
  rescanEndpoint: (id: string) => `${API_PREFIX}/endpoints/${enc(id)}/rescan`,
  /** Mark one finding of an endpoint as a false positive, or restore it (PATCH). */
  endpointFindings: (id: string) => `${API_PREFIX}/endpoints/${enc(id)}/findings`,
  /** Split or merge the endpoint's template (POST); the domain is re-analysed with it. */
  endpointTemplateOverrides: (id: string) => `${API_PREFIX}/endpoints/${enc(id)}/template-overrides`,
  /** A domain's split and merge overrides (GET). */
  domainTemplateOverrides: (name: string) => `${API_PREFIX}/domains/${enc(name)}/template-overrides`,
  /** Remove one override (DELETE); the domain is re-analysed without it. */
  templateOverride: (id: string) => `${API_PREFIX}/template-overrides/${enc(id)}`,
  domains: () => `${API_PREFIX}/domains`,
  /** How discovery alone agrees with the routes the domain's traces declare (GET). */
  domainTraceAgreement: (name: string) => `${API_PREFIX}/domains/${enc(name)}/trace-agreement`,
  /** The domain's OpenTelemetry source: receiver URL, token, spans received (GET). */
  domainOtlp: (name: string) => `${API_PREFIX}/domains/${enc(name)}/otlp`,
  domainScan: (name: string) => `${API_PREFIX}/domains/${enc(name)}/scan`,
  /** Run Scan: scan every domain with active discovery sources (POST). */
  scanAll: () => `${API_PREFIX}/scans`,
  /** Run Scan's sample domain: its endpoints, traffic and activity (DELETE removes them). */
  sampleDomain: () => `${API_PREFIX}/sample-domain`,
  discoverySources: (domainId: string) => `${API_PREFIX}/domains/${enc(domainId)}/discovery-sources`,
  discoverySource: (id: string) => `${API_PREFIX}/discovery-sources/${enc(id)}`,
  /** Security Tests of a domain: settings, identities, templates, the test catalogue (GET); settings (PUT, admins). */
  securityTests: (domainId: string) => `${API_PREFIX}/domains/${enc(domainId)}/security-tests`,
  testIdentities: (domainId: string) => `${API_PREFIX}/domains/${enc(domainId)}/test-identities`,
  testIdentity: (id: string) => `${API_PREFIX}/test-identities/${enc(id)}`,
  testTemplates: (domainId: string) => `${API_PREFIX}/domains/${enc(domainId)}/test-templates`,
  testTemplate: (domainId: string, id: string) =>
    `${API_PREFIX}/domains/${enc(domainId)}/test-templates/${enc(id)}`,
  /** Runs of a domain, newest first (GET); start one (POST, analysts). */
  testRuns: (domainId: string) => `${API_PREFIX}/domains/${enc(domainId)}/test-runs`,
  testRun: (id: string) => `${API_PREFIX}/test-runs/${enc(id)}`,
  cancelTestRun: (id: string) => `${API_PREFIX}/test-runs/${enc(id)}/cancel`,
  endpointTestResults: (id: string) => `${API_PREFIX}/endpoints/${enc(id)}/test-results`,
  activities: () => `${API_PREFIX}/activities`,
  vulnerabilities: () => `${API_PREFIX}/vulnerabilities`,
  pii: () => `${API_PREFIX}/pii`,
  alerts: (query: AlertQuery = {}) => withQuery(`${API_PREFIX}/alerts`, { ...query }),
  alertSummary: () => `${API_PREFIX}/alerts/summary`,
  alertHistory: (id: string) => `${API_PREFIX}/alerts/${enc(id)}/history`,
  alertsBulk: () => `${API_PREFIX}/alerts/bulk`,
  alertsExport: ({ format, ...filters }: AlertExportQuery) =>
    withQuery(`${API_PREFIX}/alerts/export`, { ...filters, format }),
  alertRules: () => `${API_PREFIX}/alert-rules`,
  alertRule: (id: string) => `${API_PREFIX}/alert-rules/${enc(id)}`,
  notificationChannels: () => `${API_PREFIX}/notification-channels`,
  notificationChannel: (id: string) => `${API_PREFIX}/notification-channels/${enc(id)}`,
  notificationChannelTest: (id: string) => `${API_PREFIX}/notification-channels/${enc(id)}/test`,
  notificationChannelDeliveries: (id: string) => `${API_PREFIX}/notification-channels/${enc(id)}/deliveries`,
  /** Every signed-in user may list users (to assign alerts); admins see roles. */
  users: () => `${API_PREFIX}/users`,
  /** Admins: list with role, state and last sign-in (GET), add (POST). */
  managedUsers: () => `${API_PREFIX}/admin/users`,
  /** Admins: change role/password/disabled (PATCH), remove (DELETE). Not oneself's role, never the last admin. */
  managedUser: (id: string) => `${API_PREFIX}/admin/users/${enc(id)}`,
  /** Admins: the audit log, newest first; `before` is the previous page's `nextCursor`. */
  auditLog: (query: { before?: string; limit?: number } = {}) =>
    withQuery(`${API_PREFIX}/admin/audit-log`, query),
  /** Admins: captured records the database refused (quarantined), newest first, at most 100. */
  deadLetters: () => `${API_PREFIX}/admin/dead-letters`,
  settings: () => `${API_PREFIX}/settings`,
  login: () => `${API_PREFIX}/auth/login`,
  logout: () => `${API_PREFIX}/auth/logout`,
  me: () => `${API_PREFIX}/auth/me`,
  /** The signed-in user changes their own password (current one required); their other sessions end. */
  password: () => `${API_PREFIX}/auth/password`,
  /** Batch capture for collectors (not in the spec): `captureBatchSchema` in, `captureBatchResultSchema` out. */
  captures: () => `${API_PREFIX}/captures`,
  /** The capture path: every method under /gateway/ is recorded as traffic. */
  gateway: (path: string) => `/gateway/${path.replace(/^\/+/, '')}`,
} as const;
