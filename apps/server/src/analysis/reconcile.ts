// What one analysis changes in a domain's stored inventory, decided without a
// database: given the stored rows and what the engine made of them plus the new
// input, which endpoints are written (with their evaluation), which are renamed
// in place (the engine's `renames()`: a declared template names a guessed one's
// parameters), which disappear (merged into a template; their false-positive
// marks follow them), which findings are written or dropped, and the activity
// entries. persist.ts writes the answer.
import { randomUUID } from 'node:crypto';
import {
  endpointKey,
  indexVersions,
  liveChanges,
  type DomainTraffic,
  type EndpointAggregate,
  type Vulnerability,
} from '@argus/engine';
import type { SettingsUpdate } from '@argus/api';
import type { ActivityInput } from '../context.js';
import type { EndpointFindings, FindingsTrigger } from '../findings.js';
import {
  NO_MARKS,
  evaluateEndpoint,
  marksByEndpoint,
  resubject,
  vulnerabilityKey,
  withCarried,
  type EndpointEvaluation,
} from './evaluate.js';

/** Individual "new …" activity entries per analysis before they are summarised. */
export const ACTIVITY_DETAIL_CAP = 25;

export interface StoredEndpoint {
  id: string;
  method: string;
  normalizedPath: string;
  riskScore: number;
  piiTypes: string[];
  falsePositive: boolean;
  aggregate: EndpointAggregate;
}

/** A false-positive mark on one finding of an endpoint, as stored. */
export interface StoredMark {
  endpointId: string;
  kind: 'pii' | 'vulnerability';
  /** The PII type, or the vulnerability's key (vulnerabilityKey). */
  findingKey: string;
  reason: string | null;
  markedBy: string | null;
  markedAt: Date;
}

export interface StoredVulnerability {
  id: string;
  endpointId: string;
  vulnId: string;
  /** The engine's `subject` (part of the key). */
  evidence: string;
}

/** A domain's stored inventory, as the analysis reads it under the domain's lock. */
export interface StoredRows {
  domain: string;
  /** The domain row was created by this analysis. */
  newDomain: boolean;
  endpoints: readonly StoredEndpoint[];
  /** Findings of those endpoints. */
  vulnerabilities: readonly StoredVulnerability[];
  /** False-positive marks on single findings of those endpoints. */
  marks: readonly StoredMark[];
  /** Open findings confirmed by active tests, by endpoint id. */
  confirmed: ReadonlyMap<string, Vulnerability[]>;
}

/** What the engine's inventory made of the stored aggregates and the new input. */
export interface EngineResult {
  /** Every endpoint of the domain after the analysis (Inventory.endpoints()). */
  endpoints: readonly EndpointAggregate[];
  /** Stored keys re-keyed to a declared template (Inventory.renames()): endpointKey → template. */
  renames: ReadonlyMap<string, string>;
  /** Keys (after any rename) endpoints() folded under another template (Inventory.foldedInto()). */
  foldedInto?: ReadonlyMap<string, string>;
  /** The analysis's non-API traffic for the domain (scanners, assets, browsers, preflights). */
  traffic?: DomainTraffic;
}

export interface ReconcileOptions {
  trigger: FindingsTrigger;
  settings: SettingsUpdate;
  /** Re-check and re-score every endpoint, changed or not. */
  reanalyseAll?: boolean;
  /** Awaited between endpoints so a long analysis does not hold the event loop. */
  pace?: () => Promise<void>;
  /** Id for a new endpoint (random UUIDs unless a test fixes them). */
  newId?: () => string;
}

export interface EndpointUpsert {
  /** The stored id, or a new one. */
  id: string;
  aggregate: EndpointAggregate;
  evaluation: EndpointEvaluation;
  /** The row before this analysis; undefined for a new endpoint. */
  before: StoredEndpoint | undefined;
}

export interface EndpointRename {
  id: string;
  method: string;
  from: string;
  to: string;
}

export interface VulnerabilityDiff {
  /** Findings to insert or refresh (false positives included: they stay listed). */
  upserts: { endpointId: string; vulnerability: Vulnerability }[];
  /** Stored findings no longer reported, by id. */
  deletes: string[];
  /** Findings that count and were not stored before (false positives left out). */
  added: { endpointId: string; vulnerability: Vulnerability }[];
}

export interface Reconciliation {
  upserts: EndpointUpsert[];
  renames: EndpointRename[];
  /** Endpoint ids folded into another template by the cardinality merge. */
  deletes: string[];
  /**
   * Marks of deleted rows moved to the endpoint they folded into (the user judged the
   * finding on the same operation): stored on that endpoint after its upsert.
   */
  carriedMarks: StoredMark[];
  /** Marks of renamed rows whose finding key names the old path (path findings), re-keyed to the new one. */
  markRekeys: (StoredMark & { from: string })[];
  vulnerabilityDiff: VulnerabilityDiff;
  activities: ActivityInput[];
  /** Non-API traffic to add to the domain's totals; null when there is none. */
  traffic: DomainTraffic | null;
  /** What alerting reads, one entry per written endpoint. */
  findings: EndpointFindings[];
  newEndpoints: number;
}

/** The one vulnerability diff: an endpoint's evaluation against its stored findings. */
export function diffVulnerabilities(
  endpointId: string,
  stored: readonly StoredVulnerability[],
  evaluation: Pick<EndpointEvaluation, 'vulnerabilities' | 'falsePositives'>,
): VulnerabilityDiff {
  const storedKeys = new Map(stored.map((v) => [vulnerabilityKey(v.vulnId, v.evidence), v.id]));
  const keep = new Set<string>();
  const upserts: VulnerabilityDiff['upserts'] = [];
  const added: VulnerabilityDiff['added'] = [];
  const counted = new Set(evaluation.vulnerabilities);
  for (const vulnerability of [...evaluation.vulnerabilities, ...evaluation.falsePositives]) {
    const key = vulnerabilityKey(vulnerability.vulnId, vulnerability.subject ?? '');
    keep.add(key);
    upserts.push({ endpointId, vulnerability });
    if (!storedKeys.has(key) && counted.has(vulnerability)) added.push({ endpointId, vulnerability });
  }
  const deletes = [...storedKeys].filter(([key]) => !keep.has(key)).map(([, id]) => id);
  return { upserts, deletes, added };
}

/** What alerting reads about one evaluated endpoint. */
export function endpointFindings(
  id: string,
  domain: string,
  agg: EndpointAggregate,
  evaluation: EndpointEvaluation,
  before: Pick<StoredEndpoint, 'riskScore' | 'piiTypes' | 'aggregate'> | undefined,
): EndpointFindings {
  const previousPii = new Set(before?.piiTypes ?? []);
  const newPiiTypes = evaluation.piiTypes.filter((t) => !previousPii.has(t));
  // The lockfile diff: a regression, and where the new PII types are (those marked false positive left out).
  const changes =
    before || newPiiTypes.length > 0
      ? liveChanges(before?.aggregate ?? null, agg).filter(
          (c) => c.kind === 'auth-regression' || newPiiTypes.includes(c.after.type),
        )
      : [];
  return {
    id,
    method: agg.method,
    normalizedPath: agg.normalizedPath,
    domain,
    riskScore: evaluation.riskScore,
    previousRiskScore: before ? before.riskScore : null,
    piiTypes: evaluation.piiTypes,
    newPiiTypes,
    changes,
    avgRps: evaluation.avgRps,
    requestCount: agg.requestCount,
    vulnerabilities: evaluation.vulnerabilities.map((v) => ({
      vulnId: v.vulnId,
      title: v.title,
      severity: v.severity,
      owaspCategory: v.owaspCategory,
    })),
  };
}

/** Activity entries for findings new to an endpoint: the first few one by one, the rest summed up. */
export function newVulnerabilityActivities(
  domain: string,
  added: readonly { vulnerability: Vulnerability; on: string }[],
): ActivityInput[] {
  return summarise(
    added,
    ({ vulnerability: v, on }) => ({
      title: `New vulnerability: ${v.severity}: ${v.title} on ${on}`,
      domainName: domain,
      severity: v.severity,
    }),
    (n) => ({ title: `${n} more new vulnerabilities`, domainName: domain, severity: 'medium' }),
  );
}

/** The changes one analysis makes to a domain's stored inventory. */
export async function reconcile(
  stored: StoredRows,
  engine: EngineResult,
  options: ReconcileOptions,
): Promise<Reconciliation> {
  const { domain } = stored;
  const pace = options.pace ?? (async () => undefined);
  const newId = options.newId ?? randomUUID;
  const keyOf = (method: string, path: string) => endpointKey(domain, method, path);
  const storedByKey = new Map(stored.endpoints.map((e) => [keyOf(e.method, e.normalizedPath), e]));
  const resultKeys = new Set(engine.endpoints.map((a) => keyOf(a.method, a.normalizedPath)));

  // A guessed row a declared template now names is renamed in place (keeping its id,
  // false-positive flag, owner and alerts) unless a row of that name exists already.
  const renamedTo = new Map<string, StoredEndpoint>();
  const renames: EndpointRename[] = [];
  for (const [before, template] of engine.renames) {
    const e = storedByKey.get(before);
    if (!e) continue;
    const key = keyOf(e.method, template);
    if (storedByKey.has(key) || renamedTo.has(key) || !resultKeys.has(key)) continue;
    renamedTo.set(key, e);
    renames.push({ id: e.id, method: e.method, from: e.normalizedPath, to: template });
  }
  const renamedIds = new Set(renames.map((r) => r.id));
  const deleted = stored.endpoints.filter(
    (e) => !renamedIds.has(e.id) && !resultKeys.has(keyOf(e.method, e.normalizedPath)),
  );
  // A path finding's mark follows its endpoint's new path.
  const renamedPath = new Map(renames.map((r) => [r.id, r]));
  const markRekeys: (StoredMark & { from: string })[] = [];
  const current = stored.marks.map((m) => {
    const r = renamedPath.get(m.endpointId);
    const findingKey = r ? resubject(m.kind, m.findingKey, r.from, r.to) : m.findingKey;
    if (findingKey === m.findingKey) return m;
    markRekeys.push({ ...m, findingKey, from: m.findingKey });
    return { ...m, findingKey };
  });
  const marks = marksByEndpoint(current);
  const carried = carriedMarks(stored, engine, deleted, keyOf);

  const context = {
    domainHasSpec: engine.endpoints.some((a) => a.spec?.source === 'openapi'),
    versions: indexVersions(engine.endpoints),
  };
  const storedVulns = new Map<string, StoredVulnerability[]>();
  for (const v of stored.vulnerabilities) {
    const list = storedVulns.get(v.endpointId);
    if (list) list.push(v);
    else storedVulns.set(v.endpointId, [v]);
  }

  const upserts: EndpointUpsert[] = [];
  const carriedOut: StoredMark[] = [];
  const findings: EndpointFindings[] = [];
  const diff: VulnerabilityDiff = { upserts: [], deletes: [], added: [] };
  const newEndpointActivity: ActivityInput[] = [];
  const newVulns: { vulnerability: Vulnerability; on: string }[] = [];
  const newPii: string[] = [];
  for (const agg of engine.endpoints) {
    const key = keyOf(agg.method, agg.normalizedPath);
    const before = storedByKey.get(key) ?? renamedTo.get(key);
    if (!options.reanalyseAll && before && JSON.stringify(before.aggregate) === JSON.stringify(agg)) continue;
    await pace();
    const id = before?.id ?? newId();
    const evaluation = evaluateEndpoint(agg, {
      settings: options.settings,
      falsePositive: before?.falsePositive ?? false,
      context,
      marks: withCarried((before && marks.get(before.id)) ?? NO_MARKS, carried.get(key)),
      extraVulnerabilities: (before && stored.confirmed.get(before.id)) ?? [],
    });
    upserts.push({ id, aggregate: agg, evaluation, before });
    for (const m of carried.get(key) ?? []) carriedOut.push({ ...m, endpointId: id });
    const on = `${agg.method} ${agg.normalizedPath}`;
    if (!before && newEndpointActivity.length < ACTIVITY_DETAIL_CAP) {
      newEndpointActivity.push({
        title: `New endpoint discovered: ${on}`,
        description: `Seen via ${agg.sources.join(', ') || options.trigger}`,
        domainName: domain,
        severity: evaluation.riskScore > 50 ? 'medium' : 'info',
      });
    }
    const one = endpointFindings(id, domain, agg, evaluation, before);
    findings.push(one);
    for (const t of one.newPiiTypes) newPii.push(`${t} on ${on}`);
    const vulns = diffVulnerabilities(id, before ? (storedVulns.get(before.id) ?? []) : [], evaluation);
    diff.upserts.push(...vulns.upserts);
    diff.deletes.push(...vulns.deletes);
    diff.added.push(...vulns.added);
    for (const { vulnerability } of vulns.added) newVulns.push({ vulnerability, on });
  }
  const newEndpoints = upserts.filter((u) => !u.before).length;

  const activities: ActivityInput[] = [];
  if (stored.newDomain) {
    activities.push({
      title: `New domain discovered: ${domain}`,
      description: `First seen via ${options.trigger}`,
      domainName: domain,
      severity: 'info',
    });
  }
  for (const r of renames) {
    activities.push({
      title: `Endpoint renamed: ${r.method} ${r.from} → ${r.to}`,
      description: 'A declared template names its parameters; the endpoint keeps its history',
      domainName: domain,
      severity: 'info',
    });
  }
  activities.push(...newEndpointActivity);
  if (newEndpoints > ACTIVITY_DETAIL_CAP) {
    activities.push({
      title: `${newEndpoints - ACTIVITY_DETAIL_CAP} more new endpoints discovered`,
      domainName: domain,
      severity: 'info',
    });
  }
  activities.push(...newVulnerabilityActivities(domain, newVulns));
  activities.push(
    ...summarise(
      newPii,
      (t) => ({ title: `New PII type detected: ${t}`, domainName: domain, severity: 'high' }),
      (n) => ({ title: `${n} more new PII detections`, domainName: domain, severity: 'high' }),
    ),
  );
  const traffic = engine.traffic && hasTraffic(engine.traffic) ? engine.traffic : null;
  if (traffic && traffic.attack.requests > 0) activities.push(attackActivity(traffic));
  return {
    upserts,
    renames,
    deletes: deleted.map((e) => e.id),
    carriedMarks: carriedOut,
    markRekeys,
    vulnerabilityDiff: diff,
    activities,
    traffic,
    findings,
    newEndpoints,
  };
}

/** The marks of rows about to be deleted, by the endpointKey of the endpoint they folded into. */
function carriedMarks(
  stored: StoredRows,
  engine: EngineResult,
  deleted: readonly StoredEndpoint[],
  keyOf: (method: string, path: string) => string,
): Map<string, StoredMark[]> {
  const out = new Map<string, StoredMark[]>();
  const into = new Map<string, { target: string; from: string; to: string }>();
  for (const e of deleted) {
    const before = keyOf(e.method, e.normalizedPath);
    const renamed = engine.renames.get(before);
    const after = renamed ? keyOf(e.method, renamed) : before;
    const target = engine.foldedInto?.get(after) ?? (renamed ? after : undefined);
    const prefix = keyOf(e.method, '');
    if (target) into.set(e.id, { target, from: e.normalizedPath, to: target.slice(prefix.length) });
  }
  for (const m of stored.marks) {
    const fold = into.get(m.endpointId);
    if (!fold) continue;
    const findingKey = resubject(m.kind, m.findingKey, fold.from, fold.to);
    const list = out.get(fold.target) ?? [];
    out.set(fold.target, list);
    if (!list.some((l) => l.kind === m.kind && l.findingKey === findingKey)) list.push({ ...m, findingKey });
  }
  return out;
}

function summarise<T>(
  items: readonly T[],
  one: (item: T) => ActivityInput,
  rest: (n: number) => ActivityInput,
): ActivityInput[] {
  const out = items.slice(0, ACTIVITY_DETAIL_CAP).map(one);
  if (items.length > ACTIVITY_DETAIL_CAP) out.push(rest(items.length - ACTIVITY_DETAIL_CAP));
  return out;
}

const hasTraffic = (t: DomainTraffic) =>
  t.attack.requests + t.staticRequests + t.browserRequests + (t.pageRequests ?? 0) + t.preflights > 0;

/** The activity entry for reconnaissance found by one analysis: how much, which kinds, what was probed most. */
function attackActivity(t: DomainTraffic): ActivityInput {
  const kinds = Object.entries(t.attack.byKind)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .map(([kind, n]) => `${kind} ${(n ?? 0).toLocaleString('en-US')}`)
    .join(', ');
  const top = t.attack.topPaths[0];
  return {
    title: `Attack traffic on ${t.domain}: ${t.attack.requests.toLocaleString('en-US')} scanner requests`,
    description: `${kinds}${top ? `; most probed ${top.path.slice(0, 120)} (${top.count})` : ''}`,
    domainName: t.domain,
    severity: 'medium',
  };
}
