// An inventory (endpoints and their analyses) as a lockfile, and the lockfile as
// bytes: every list sorted by a plain code-unit comparison (not the locale's), every
// object's keys in the schema's order, so the same input always writes the same file.
import { unauthenticatedRefused } from '../checks/index.js';
import type { EndpointAnalysis } from '../endpoint-analysis.js';
import { authSchemesSeen, type EndpointAggregate } from '../inventory.js';
import type { PiiLocation } from '../types.js';
import {
  LOCKFILE_VERSION,
  type LockAuth,
  type LockEndpoint,
  type LockFinding,
  type LockParameter,
  type LockParameterSource,
  type LockPii,
  type Lockfile,
} from './schema.js';

/** Code-unit order: the same on every machine and locale. */
export const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Sort by the keys `key` gives, first differing key decides. */
function sortBy<T>(list: T[], key: (t: T) => string[]): T[] {
  return list.sort((x, y) => {
    const a = key(x);
    const b = key(y);
    for (let i = 0; i < a.length; i++) {
      const c = byText(a[i] as string, b[i] as string);
      if (c !== 0) return c;
    }
    return 0;
  });
}

const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort(byText);

export function authOf(ep: EndpointAggregate): LockAuth {
  const withoutCredentials = ep.auth['none'] ?? 0;
  const schemes = authSchemesSeen(ep);
  const withCredentials = schemes.reduce((n, s) => n + (ep.auth[s] ?? 0), 0);
  const refused = (ep.statusCounts['401'] ?? 0) + (ep.statusCounts['403'] ?? 0);
  const counts = { withCredentials, withoutCredentials, refused };
  if (withCredentials + withoutCredentials === 0) {
    const declared = ep.spec?.security;
    const requirement = declared === 'required' ? 'required' : declared === 'public' ? 'none' : 'unknown';
    return {
      requirement,
      basis: requirement === 'unknown' ? 'none' : 'spec',
      ...counts,
      schemes: sorted(ep.spec?.securitySchemes ?? []),
    };
  }
  const requirement =
    withoutCredentials === 0 || unauthenticatedRefused(ep)
      ? 'required'
      : withCredentials === 0
        ? 'none'
        : 'optional';
  return { requirement, basis: 'traffic', ...counts, schemes: sorted(schemes) };
}

function parametersOf(ep: EndpointAggregate): LockParameter[] {
  const out = new Map<string, LockParameter>();
  const add = (name: string, where: LockParameter['in'], from: LockParameterSource, rule?: string) => {
    const key = `${where} ${name}`;
    const p = out.get(key) ?? { name, in: where, from: [] };
    if (!p.from.includes(from)) p.from.push(from);
    if (rule !== undefined) p.rule = rule;
    out.set(key, p);
  };
  for (const seg of ep.normalizedPath.split('/')) {
    if (!seg.startsWith('{') || !seg.endsWith('}')) continue;
    const name = seg.slice(1, -1);
    const merge = ep.merges?.find((m) => m.parameter === seg || m.parameter === name);
    if (ep.spec) add(name, 'path', 'spec');
    else if (ep.routeTemplate) add(name, 'path', 'route');
    else if (merge) add(name, 'path', 'learned', merge.rule);
    else add(name, 'path', 'typed');
  }
  for (const p of ep.spec?.parameters ?? [])
    if (p.in === 'query' || p.in === 'header' || p.in === 'cookie') add(p.name, p.in, 'spec');
  for (const q of ep.queryParams) add(q, 'query', 'traffic');
  for (const f of ep.spec?.requestFields ?? []) add(f, 'body', 'spec');
  for (const f of ep.requestFields ?? []) add(f, 'body', 'traffic');
  for (const p of out.values()) p.from.sort(byText);
  return sortBy([...out.values()], (p) => [p.in, p.name]);
}

const PII_PLACE: Record<PiiLocation, Pick<LockPii, 'direction' | 'part'> & { spec: boolean }> = {
  'request.path': { direction: 'request', part: 'path', spec: false },
  'request.query': { direction: 'request', part: 'query', spec: false },
  'request.header': { direction: 'request', part: 'header', spec: false },
  'request.body': { direction: 'request', part: 'body', spec: false },
  'response.header': { direction: 'response', part: 'header', spec: false },
  'response.body': { direction: 'response', part: 'body', spec: false },
  'spec.request': { direction: 'request', part: 'body', spec: true },
  'spec.response': { direction: 'response', part: 'body', spec: true },
  'spec.parameter': { direction: 'request', part: 'parameter', spec: true },
};

function piiOf(ep: EndpointAggregate): LockPii[] {
  const out = new Map<string, LockPii>();
  for (const p of ep.pii) {
    const { direction, part, spec } = PII_PLACE[p.location];
    const field = p.field ?? '';
    const key = `${direction} ${part} ${p.type} ${field}`;
    const entry = out.get(key) ?? { direction, type: p.type, part, field, from: [] };
    const from = spec ? 'spec' : 'traffic';
    if (!entry.from.includes(from)) entry.from.push(from);
    out.set(key, entry);
  }
  for (const p of out.values()) p.from.sort(byText);
  return sortBy([...out.values()], (p) => [p.direction, p.type, p.part, p.field]);
}

function findingsOf(analysis: EndpointAnalysis): LockFinding[] {
  const out = new Map<string, LockFinding>();
  for (const v of analysis.vulnerabilities) {
    const subject = v.subject ?? '';
    out.set(`${v.vulnId} ${subject}`, { id: v.vulnId, severity: v.severity, title: v.title, subject });
  }
  return sortBy([...out.values()], (f) => [f.id, f.subject]);
}

function statusClassesOf(ep: EndpointAggregate): string[] {
  return sorted(
    Object.keys(ep.statusCounts)
      .filter((s) => /^[1-5]\d\d$/.test(s))
      .map((s) => `${s[0]}xx`),
  );
}

/**
 * One endpoint as the lockfile records it; without an analysis its findings are left
 * empty (the server diffs a stored aggregate against a new one this way).
 */
export function lockEndpointOf(ep: EndpointAggregate, analysis?: EndpointAnalysis): LockEndpoint {
  return {
    method: ep.method,
    path: ep.normalizedPath,
    sources: sorted(ep.sources),
    statusClasses: statusClassesOf(ep),
    auth: authOf(ep),
    parameters: parametersOf(ep),
    pii: piiOf(ep),
    findings: analysis ? findingsOf(analysis) : [],
  };
}

/** The lockfile of an analysed inventory (`analyzeInventory(endpoints)`). */
export function buildLockfile(
  endpoints: readonly EndpointAggregate[],
  analyses: ReadonlyMap<EndpointAggregate, EndpointAnalysis>,
): Lockfile {
  const domains = new Map<string, LockEndpoint[]>();
  for (const ep of endpoints) {
    const analysis = analyses.get(ep);
    if (!analysis) continue;
    const list = domains.get(ep.domain) ?? [];
    list.push(lockEndpointOf(ep, analysis));
    domains.set(ep.domain, list);
  }
  return {
    lockfileVersion: LOCKFILE_VERSION,
    domains: sorted(domains.keys()).map((domain) => ({
      domain,
      endpoints: sortBy(domains.get(domain)!, (e) => [e.path, e.method]),
    })),
  };
}

/** The file's bytes: two-space JSON and a final newline. */
export function serializeLockfile(lock: Lockfile): string {
  return `${JSON.stringify(lock, null, 2)}\n`;
}
