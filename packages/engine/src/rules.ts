// Alert rule evaluation: rules (triggerType + conditions) × scan findings → alerts,
// de-duplicated by rule, endpoint and finding.
import { COUNTRY_ID_TYPES, SEVERITY_ORDER, type Severity, type Vulnerability } from './types.js';

export type TriggerType =
  'vulnerability_detected' | 'high_risk_endpoint' | 'pii_exposed' | 'threshold_breach';

export interface AlertRule {
  id: string | number;
  name?: string;
  triggerType: TriggerType;
  severity: Severity;
  conditions: Record<string, unknown>;
  isActive?: boolean;
}

/** `high_risk_endpoint` rules without a `minRiskScore` fire from this score. */
export const DEFAULT_MIN_RISK_SCORE = 70;

/** What a scan found about one endpoint. */
export interface EndpointFindings {
  /** The server's endpoint id, if any (used in the dedupe key; else domain+method+path). */
  endpointId?: string | number;
  domain: string;
  method: string;
  normalizedPath: string;
  riskScore: number;
  vulnerabilities: Pick<Vulnerability, 'vulnId' | 'title' | 'severity' | 'owaspCategory'>[];
  piiTypes: string[];
  /** PII locations (`request.body`, `response.body`, …) if known. */
  piiLocations?: string[];
  requestCount?: number;
  avgRps?: number;
  /** Share of 5xx+4xx responses in [0,1]. */
  errorRate?: number;
}

export interface AlertToRaise {
  ruleId: string | number;
  triggerType: TriggerType;
  severity: Severity;
  title: string;
  description: string;
  endpoint: { domain: string; method: string; normalizedPath: string; endpointId?: string | number };
  /** `rule|endpoint|finding`: one open alert per key. */
  dedupeKey: string;
  /** The finding part of the key (vulnId, 'risk', 'pii', 'metric:avgRps'). */
  finding: string;
  /** What the alert lists: the PII types for a `pii` finding, else the finding itself. */
  found: string[];
}

/** Metrics of one endpoint. */
const ENDPOINT_METRICS = [
  'avgRps',
  'requestCount',
  'errorRate',
  'riskScore',
  'piiTypeCount',
  'vulnerabilityCount',
] as const;
/** Metrics of a domain's scanner activity (its attack traffic), checked when more of it arrives. */
export const SCANNER_METRICS = ['scannerRequests'] as const;
const METRICS = [...ENDPOINT_METRICS, ...SCANNER_METRICS] as const;
const OPERATORS = ['>', '>=', '<', '<=', '==', '!='] as const;
const SEVERITIES: Severity[] = ['low', 'medium', 'high', 'critical'];

type Metric = (typeof METRICS)[number];
type Operator = (typeof OPERATORS)[number];

/** Keys every trigger type accepts: scope filters. */
const COMMON_KEYS = ['domains', 'methods', 'pathPrefix'] as const;
/** Allowed condition keys per trigger type. */
export const CONDITION_KEYS: Record<TriggerType, readonly string[]> = {
  vulnerability_detected: [...COMMON_KEYS, 'minSeverity', 'severities', 'vulnIds', 'owaspCategories'],
  high_risk_endpoint: [...COMMON_KEYS, 'minRiskScore'],
  pii_exposed: [...COMMON_KEYS, 'piiTypes', 'locations', 'minTypes'],
  threshold_breach: [...COMMON_KEYS, 'metric', 'operator', 'value'],
};

export type ValidationResult =
  { ok: true; conditions: Record<string, unknown> } | { ok: false; message: string };

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Validate a rule's conditions for its trigger type; unknown keys and wrong types are refused with a clear message. */
export function validateConditions(triggerType: string, conditions: unknown): ValidationResult {
  if (!(triggerType in CONDITION_KEYS)) {
    return {
      ok: false,
      message: `Unknown trigger type "${triggerType}" (expected ${Object.keys(CONDITION_KEYS).join(', ')})`,
    };
  }
  if (typeof conditions !== 'object' || conditions === null || Array.isArray(conditions)) {
    return { ok: false, message: 'Conditions must be a JSON object' };
  }
  const allowed = CONDITION_KEYS[triggerType as TriggerType];
  const c = conditions as Record<string, unknown>;
  const unknown = Object.keys(c).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    return {
      ok: false,
      message: `Unknown condition key${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')} for ${triggerType}; allowed: ${allowed.join(', ')}`,
    };
  }
  const err = (m: string): ValidationResult => ({ ok: false, message: `${triggerType}: ${m}` });
  for (const k of [
    'domains',
    'methods',
    'vulnIds',
    'owaspCategories',
    'piiTypes',
    'locations',
    'severities',
  ] as const) {
    if (c[k] !== undefined && !isStringArray(c[k])) return err(`"${k}" must be an array of strings`);
  }
  if (c['pathPrefix'] !== undefined && typeof c['pathPrefix'] !== 'string')
    return err('"pathPrefix" must be a string');
  if (c['minSeverity'] !== undefined && !SEVERITIES.includes(c['minSeverity'] as Severity))
    return err(`"minSeverity" must be one of ${SEVERITIES.join(', ')}`);
  if (
    c['severities'] !== undefined &&
    !(c['severities'] as string[]).every((s) => SEVERITIES.includes(s as Severity))
  )
    return err(`"severities" entries must be ${SEVERITIES.join(', ')}`);
  if (
    c['locations'] !== undefined &&
    !(c['locations'] as string[]).every((s) => s === 'request' || s === 'response')
  )
    return err('"locations" entries must be "request" or "response"');
  if (
    c['minRiskScore'] !== undefined &&
    (typeof c['minRiskScore'] !== 'number' || c['minRiskScore'] < 0 || c['minRiskScore'] > 100)
  )
    return err('"minRiskScore" must be a number from 0 to 100');
  if (c['minTypes'] !== undefined && (typeof c['minTypes'] !== 'number' || c['minTypes'] < 1))
    return err('"minTypes" must be a number ≥ 1');
  if (triggerType === 'threshold_breach') {
    if (!METRICS.includes(c['metric'] as Metric))
      return err(`"metric" is required and must be one of ${METRICS.join(', ')}`);
    if (c['operator'] !== undefined && !OPERATORS.includes(c['operator'] as Operator))
      return err(`"operator" must be one of ${OPERATORS.join(' ')}`);
    if (typeof c['value'] !== 'number' || !Number.isFinite(c['value']))
      return err('"value" is required and must be a number');
  }
  return { ok: true, conditions: c };
}

/** Whether the rule's `domains` (names, or `*.example.com`) take in `domain`. */
function inDomains(c: Record<string, unknown>, domain: string): boolean {
  const domains = c['domains'] as string[] | undefined;
  return (
    !domains ||
    domains.some((d) => (d.startsWith('*.') ? domain.endsWith(d.slice(1)) : d.toLowerCase() === domain))
  );
}

function inScope(c: Record<string, unknown>, f: EndpointFindings): boolean {
  if (!inDomains(c, f.domain)) return false;
  const methods = c['methods'] as string[] | undefined;
  if (methods && !methods.some((m) => m.toUpperCase() === f.method.toUpperCase())) return false;
  const prefix = c['pathPrefix'] as string | undefined;
  return !prefix || f.normalizedPath.startsWith(prefix);
}

function compare(a: number, op: Operator, b: number): boolean {
  switch (op) {
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '==':
      return a === b;
    case '!=':
      return a !== b;
  }
}

function metricValue(metric: Metric, f: EndpointFindings): number | undefined {
  switch (metric) {
    case 'scannerRequests':
      return undefined;
    case 'avgRps':
      return f.avgRps;
    case 'requestCount':
      return f.requestCount;
    case 'errorRate':
      return f.errorRate;
    case 'riskScore':
      return f.riskScore;
    case 'piiTypeCount':
      return f.piiTypes.length;
    case 'vulnerabilityCount':
      return f.vulnerabilities.length;
  }
}

/**
 * Alerts to raise for active rules over scan findings, one per (rule, endpoint,
 * finding). Rules with invalid conditions are skipped (validate them when saved).
 */
export function evaluateRules(
  rules: readonly AlertRule[],
  findings: readonly EndpointFindings[],
): AlertToRaise[] {
  const out: AlertToRaise[] = [];
  const seen = new Set<string>();
  for (const rule of rules) {
    if (rule.isActive === false) continue;
    const v = validateConditions(rule.triggerType, rule.conditions ?? {});
    if (!v.ok) continue;
    const c = v.conditions;
    for (const f of findings) {
      if (!inScope(c, f)) continue;
      const endpointRef =
        f.endpointId !== undefined ? String(f.endpointId) : `${f.domain} ${f.method} ${f.normalizedPath}`;
      const raise = (finding: string, title: string, description: string, found = [finding]) => {
        const dedupeKey = `${rule.id}|${endpointRef}|${finding}`;
        if (seen.has(dedupeKey)) return;
        seen.add(dedupeKey);
        out.push({
          ruleId: rule.id,
          triggerType: rule.triggerType,
          severity: rule.severity,
          title,
          description,
          endpoint: {
            domain: f.domain,
            method: f.method,
            normalizedPath: f.normalizedPath,
            ...(f.endpointId !== undefined ? { endpointId: f.endpointId } : {}),
          },
          dedupeKey,
          finding,
          found,
        });
      };
      const where = `${f.method} ${f.domain}${f.normalizedPath}`;
      switch (rule.triggerType) {
        case 'vulnerability_detected': {
          const min = SEVERITY_ORDER[(c['minSeverity'] as Severity | undefined) ?? 'low'];
          const sev = c['severities'] as string[] | undefined;
          const ids = c['vulnIds'] as string[] | undefined;
          const cats = c['owaspCategories'] as string[] | undefined;
          for (const vuln of f.vulnerabilities) {
            if (SEVERITY_ORDER[vuln.severity] < min) continue;
            if (sev && !sev.includes(vuln.severity)) continue;
            if (ids && !ids.includes(vuln.vulnId)) continue;
            if (cats && !cats.some((cat) => vuln.owaspCategory.startsWith(cat))) continue;
            raise(
              vuln.vulnId,
              `${vuln.title} on ${where}`,
              `${vuln.severity} finding ${vuln.vulnId} (${vuln.owaspCategory}) on ${where}.`,
            );
          }
          break;
        }
        case 'high_risk_endpoint': {
          const min = (c['minRiskScore'] as number | undefined) ?? DEFAULT_MIN_RISK_SCORE;
          if (f.riskScore >= min)
            raise('risk', `High-risk endpoint ${where}`, `Risk score ${f.riskScore} is at or above ${min}.`);
          break;
        }
        case 'pii_exposed': {
          const wanted = c['piiTypes'] as string[] | undefined;
          const locations = c['locations'] as string[] | undefined;
          if (
            locations &&
            f.piiLocations &&
            !f.piiLocations.some((l) => locations.some((w) => l.startsWith(w) || l === `spec.${w}`))
          )
            break;
          const types = f.piiTypes.filter((t) => !wanted || wanted.includes(t));
          if (types.length === 0 || types.length < ((c['minTypes'] as number | undefined) ?? 1)) break;
          // One alert per endpoint listing the types, not one per type (a spec import
          // with 9 types on 403 operations would otherwise open 3,627 alerts).
          raise('pii', piiAlertTitle(types, where), piiAlertDescription(types, f.piiTypes), types);
          break;
        }
        case 'threshold_breach': {
          const metric = c['metric'] as Metric;
          const op = (c['operator'] as Operator | undefined) ?? '>';
          const value = metricValue(metric, f);
          if (value !== undefined && compare(value, op, c['value'] as number)) {
            raise(
              `metric:${metric}`,
              `${metric} ${op} ${String(c['value'])} on ${where}`,
              `${metric} is ${Math.round(value * 1000) / 1000} (threshold ${op} ${String(c['value'])}).`,
            );
          }
          break;
        }
      }
    }
  }
  return out;
}

/** A domain's scanner activity: what its rules on `scannerRequests` read. */
export interface ScannerActivity {
  domain: string;
  /** Scanner requests the domain has received so far. */
  requests: number;
  byKind: Partial<Record<string, number>>;
  /** The most probed path, if any. */
  topPath?: string;
}

/** A domain-wide alert: one open per rule and domain. */
export type DomainAlertToRaise = Omit<AlertToRaise, 'endpoint'> & { domain: string };

/**
 * Alerts that `threshold_breach` rules on scanner activity raise for a domain
 * (`{"metric": "scannerRequests", "operator": ">=", "value": 50}`); only the
 * `domains` scope applies (probes are not endpoints). Call it when an analysis
 * brought more attack traffic, with the domain's total so far.
 */
export function evaluateScannerRules(
  rules: readonly AlertRule[],
  activity: ScannerActivity,
): DomainAlertToRaise[] {
  const out: DomainAlertToRaise[] = [];
  for (const rule of rules) {
    if (rule.isActive === false || rule.triggerType !== 'threshold_breach') continue;
    const v = validateConditions(rule.triggerType, rule.conditions ?? {});
    if (!v.ok || v.conditions['metric'] !== 'scannerRequests') continue;
    const c = v.conditions;
    if (!inDomains(c, activity.domain)) continue;
    const op = (c['operator'] as Operator | undefined) ?? '>';
    const threshold = c['value'] as number;
    if (!compare(activity.requests, op, threshold)) continue;
    const kinds = Object.entries(activity.byKind)
      .filter((e): e is [string, number] => (e[1] ?? 0) > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const most = activity.topPath ? `; most probed ${activity.topPath.slice(0, 120)}` : '';
    out.push({
      ruleId: rule.id,
      triggerType: rule.triggerType,
      severity: rule.severity,
      title: `Scanner activity on ${activity.domain}: ${activity.requests.toLocaleString('en-US')} requests`,
      description:
        `scannerRequests is ${activity.requests} (threshold ${op} ${String(threshold)}): ` +
        `${kinds.map(([k, n]) => `${k} ${n}`).join(', ')}${most}.`,
      domain: activity.domain,
      dedupeKey: `${rule.id}|domain:${activity.domain}|metric:scannerRequests`,
      finding: 'metric:scannerRequests',
      found: kinds.map(([k]) => k),
    });
  }
  return out;
}

const PII_LABELS: Record<string, string> = {
  ssn: 'SSN',
  email: 'Email address',
  phone: 'Phone number',
  credit_card: 'Credit card number',
  national_id: 'National ID',
  dob: 'Date of birth',
  ip_address: 'IP address',
  iban: 'IBAN',
  bank_account: 'Bank account number',
  card_expiry: 'Card expiry date',
  jwt: 'JWT',
  api_key: 'API key',
};

/** "SSN exposed by GET host/path", or "3 PII types exposed by …: SSN, Email address, Phone number". */
export function piiAlertTitle(types: readonly string[], where: string): string {
  if (types.length === 1) return `${piiLabel(types[0]!)} exposed by ${where}`;
  return `${types.length} PII types exposed by ${where}: ${types.map(piiLabel).join(', ')}`;
}

export function piiAlertDescription(found: readonly string[], handled: readonly string[]): string {
  return `The endpoint handles ${found.join(', ')} data (all types it handles: ${handled.join(', ')}).`;
}

/** A PII type as alert titles name it: `credit_card` → "Credit card number", `passport` → "Passport". */
export function piiLabel(type: string): string {
  const label = PII_LABELS[type];
  if (label) return label;
  const words = type.replace(/_/g, ' ');
  // A country's id by its own name: `uk_nino` → "UK NINO".
  if ((COUNTRY_ID_TYPES as readonly string[]).includes(type)) return words.toUpperCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
