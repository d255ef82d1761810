// What changed between two lockfiles: endpoints added and removed, authentication
// regressions (credentials were needed, now requests without them are answered), new
// PII, new and resolved findings, parameters added, removed or renamed. Endpoints match
// by domain, method and the shape of their template, so a renamed path parameter is a
// parameter change, not a removed and an added endpoint.
import { SENSITIVE_PII, SEVERITY_ORDER, type Severity } from '../types.js';
import { byText } from './build.js';
import type { LockAuth, LockEndpoint, LockParameter, Lockfile } from './schema.js';

export const CHANGE_KINDS = [
  'auth-regression',
  'new-pii',
  'new-finding',
  'new-endpoint',
  'removed-endpoint',
  'parameter-added',
  'parameter-removed',
  'parameter-renamed',
  'resolved-finding',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface ApiChange {
  kind: ChangeKind;
  /** How much it matters; null for changes that only improve things (a resolved finding). */
  severity: Severity | null;
  domain: string;
  method: string;
  /** The endpoint's template in the newer lockfile (the older one's for a removed endpoint). */
  path: string;
  /** What changed on the endpoint, stable across runs (`response email user.email`, a finding id). */
  subject: string;
  /** One sentence for a person. */
  message: string;
  before?: unknown;
  after?: unknown;
}

/** `/users/{userId}` and `/users/{id}` are one endpoint. */
export const templateShape = (path: string): string => path.replace(/\{[^}/]*\}/g, '{}');

const keyOf = (domain: string, e: LockEndpoint) => `${domain} ${e.method} ${templateShape(e.path)}`;

function endpointMap(lock: Lockfile): Map<string, { domain: string; endpoint: LockEndpoint }> {
  const out = new Map<string, { domain: string; endpoint: LockEndpoint }>();
  for (const d of lock.domains)
    for (const e of d.endpoints) out.set(keyOf(d.domain, e), { domain: d.domain, endpoint: e });
  return out;
}

const authText = (a: LockAuth) =>
  `${a.requirement} (${a.withCredentials} with credentials, ${a.withoutCredentials} without, ${a.refused} refused)`;

const EMPTY: LockEndpoint = {
  method: '',
  path: '',
  sources: [],
  statusClasses: [],
  auth: {
    requirement: 'unknown',
    basis: 'none',
    withCredentials: 0,
    withoutCredentials: 0,
    refused: 0,
    schemes: [],
  },
  parameters: [],
  pii: [],
  findings: [],
};

/**
 * The changes on one endpoint from `before` to `after` (new and added endpoints aside):
 * with `before` null, the endpoint is new and only its PII and findings are listed.
 */
export function diffEndpoint(domain: string, before: LockEndpoint | null, after: LockEndpoint): ApiChange[] {
  return endpointChanges(domain, before ?? EMPTY, after);
}

/** The changes on one endpoint present in both (or only in the newer: `before` is EMPTY). */
function endpointChanges(domain: string, before: LockEndpoint, after: LockEndpoint): ApiChange[] {
  const at = { domain, method: after.method, path: after.path };
  const out: ApiChange[] = [];
  if (
    before.auth.requirement === 'required' &&
    (after.auth.requirement === 'none' || after.auth.requirement === 'optional')
  )
    out.push({
      ...at,
      kind: 'auth-regression',
      severity: 'high',
      subject: 'auth',
      message: `${after.method} ${after.path} needed credentials and now answers requests without them: ${authText(before.auth)} → ${authText(after.auth)}`,
      before: before.auth,
      after: after.auth,
    });
  const piiKey = (p: LockEndpoint['pii'][number]) => `${p.direction} ${p.type} ${p.field}`;
  const oldPii = new Set(before.pii.map(piiKey));
  const newPii = new Map(after.pii.map((p) => [piiKey(p), p]));
  for (const [key, p] of newPii) {
    if (oldPii.has(key)) continue;
    const where = p.field ? ` at ${p.field}` : '';
    out.push({
      ...at,
      kind: 'new-pii',
      severity: SENSITIVE_PII.has(p.type) ? 'high' : 'medium',
      subject: key,
      message: `${after.method} ${after.path}: the ${p.direction} ${p.part} now carries ${p.type}${where}`,
      after: p,
    });
  }
  const findingKey = (f: LockEndpoint['findings'][number]) => `${f.id} ${f.subject}`;
  const oldFindings = new Map(before.findings.map((f) => [findingKey(f), f]));
  const newFindings = new Map(after.findings.map((f) => [findingKey(f), f]));
  for (const [key, f] of newFindings)
    if (!oldFindings.has(key))
      out.push({
        ...at,
        kind: 'new-finding',
        severity: f.severity,
        subject: key,
        message: `${after.method} ${after.path}: ${f.id} ${f.title}${f.subject ? ` (${f.subject})` : ''}`,
        after: f,
      });
  if (before === EMPTY) return out;
  for (const [key, f] of oldFindings)
    if (!newFindings.has(key))
      out.push({
        ...at,
        kind: 'resolved-finding',
        severity: null,
        subject: key,
        message: `${after.method} ${after.path}: ${f.id} ${f.title} no longer found`,
        before: f,
      });
  out.push(...parameterChanges(at, before, after));
  return out;
}

function parameterChanges(
  at: { domain: string; method: string; path: string },
  before: LockEndpoint,
  after: LockEndpoint,
): ApiChange[] {
  const out: ApiChange[] = [];
  if (before.path !== after.path)
    out.push({
      ...at,
      kind: 'parameter-renamed',
      severity: 'low',
      subject: `path ${templateShape(after.path)}`,
      message: `${after.method} ${before.path} is now ${after.path}`,
      before: before.path,
      after: after.path,
    });
  const key = (p: LockParameter) => `${p.in} ${p.name}`;
  const inputs = (e: LockEndpoint) =>
    new Map(e.parameters.filter((p) => p.in !== 'path').map((p) => [key(p), p]));
  const oldParams = inputs(before);
  const newParams = inputs(after);
  for (const [k, p] of newParams)
    if (!oldParams.has(k))
      out.push({
        ...at,
        kind: 'parameter-added',
        severity: 'low',
        subject: k,
        message: `${after.method} ${after.path}: new ${p.in} parameter ${p.name}`,
        after: p,
      });
  // Traffic does not prove a declared input gone: a parameter is removed when a description
  // now leaves it out or when traffic used it before.
  const described = after.sources.includes('openapi');
  for (const [k, p] of oldParams)
    if (!newParams.has(k) && (described || p.from.includes('traffic')))
      out.push({
        ...at,
        kind: 'parameter-removed',
        severity: 'low',
        subject: k,
        message: `${after.method} ${after.path}: ${p.in} parameter ${p.name} is gone`,
        before: p,
      });
  return out;
}

/** Every change from `before` to `after`, sorted by severity, then domain, path, method, kind. */
export function diffLockfiles(before: Lockfile, after: Lockfile): ApiChange[] {
  const oldEndpoints = endpointMap(before);
  const newEndpoints = endpointMap(after);
  const out: ApiChange[] = [];
  for (const [key, { domain, endpoint }] of newEndpoints) {
    const old = oldEndpoints.get(key);
    if (!old)
      out.push({
        domain,
        method: endpoint.method,
        path: endpoint.path,
        kind: 'new-endpoint',
        severity: 'low',
        subject: 'endpoint',
        message: `new endpoint ${endpoint.method} ${endpoint.path} (authentication ${endpoint.auth.requirement})`,
        after: { sources: endpoint.sources, auth: endpoint.auth },
      });
    out.push(...endpointChanges(domain, old?.endpoint ?? EMPTY, endpoint));
  }
  for (const [key, { domain, endpoint }] of oldEndpoints)
    if (!newEndpoints.has(key))
      out.push({
        domain,
        method: endpoint.method,
        path: endpoint.path,
        kind: 'removed-endpoint',
        severity: 'low',
        subject: 'endpoint',
        message: `${endpoint.method} ${endpoint.path} is gone`,
        before: { sources: endpoint.sources, auth: endpoint.auth },
      });
  const rank = (c: ApiChange) => (c.severity ? SEVERITY_ORDER[c.severity] : 0);
  return out.sort(
    (a, b) =>
      rank(b) - rank(a) ||
      byText(a.domain, b.domain) ||
      byText(a.path, b.path) ||
      byText(a.method, b.method) ||
      CHANGE_KINDS.indexOf(a.kind) - CHANGE_KINDS.indexOf(b.kind) ||
      byText(a.subject, b.subject),
  );
}

/** `--fail-on`: severities (at or above) and change kinds, comma-separated. */
export interface FailPolicy {
  minSeverity: number | null;
  kinds: ReadonlySet<ChangeKind>;
}

export function parseFailPolicy(text: string): FailPolicy | string {
  let minSeverity: number | null = null;
  const kinds = new Set<ChangeKind>();
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (part in SEVERITY_ORDER) {
      const n = SEVERITY_ORDER[part as Severity];
      minSeverity = minSeverity === null ? n : Math.min(minSeverity, n);
    } else if ((CHANGE_KINDS as readonly string[]).includes(part)) kinds.add(part as ChangeKind);
    else
      return `--fail-on: unknown "${part}" (expected critical, high, medium, low or ${CHANGE_KINDS.join(', ')})`;
  }
  if (minSeverity === null && kinds.size === 0) return '--fail-on needs a severity or a change kind';
  return { minSeverity, kinds };
}

export function fails(change: ApiChange, policy: FailPolicy): boolean {
  if (policy.kinds.has(change.kind)) return true;
  return (
    policy.minSeverity !== null &&
    change.severity !== null &&
    SEVERITY_ORDER[change.severity] >= policy.minSeverity
  );
}
