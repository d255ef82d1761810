// Rows → the @argus/api shapes. Every answer is parsed with its schema before
// it is sent, so the server cannot drift from the contract.
import type { Evidence, EndpointSummary, FalsePositiveMark, PiiFinding, Vulnerability } from '@argus/api';
import type { EndpointAggregate, Evidence as EngineEvidence, PiiFinding as EnginePii } from '@argus/engine';
import { endpoints, users, type findingFalsePositives, type vulnerabilities } from '../db/schema/index.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Engine source kinds → the names the API documents (openapi, access_log, api_gateway, har, capture). */
const SOURCE_NAMES: Record<string, string> = { gateway: 'api_gateway' };

/** The stored source kind an API source name stands for. */
export const storedSourceName = (name: string): string =>
  Object.entries(SOURCE_NAMES).find(([, api]) => api === name)?.[0] ?? name;

/** Columns a summary needs (never the aggregate). */
export const summaryColumns = {
  id: endpoints.id,
  method: endpoints.method,
  normalizedPath: endpoints.normalizedPath,
  domain: endpoints.domain,
  classification: endpoints.classification,
  riskScore: endpoints.riskScore,
  piiTypes: endpoints.piiTypes,
  firstSeen: endpoints.firstSeen,
  lastSeen: endpoints.lastSeen,
  lastScanned: endpoints.lastScanned,
  avgRps: endpoints.avgRps,
  requestCount: endpoints.requestCount,
  vulnerabilityCount: endpoints.vulnerabilityCount,
  sources: endpoints.sources,
  falsePositive: endpoints.falsePositive,
  ownerId: users.id,
  ownerName: users.username,
};

export interface SummaryRow {
  id: string;
  method: string;
  normalizedPath: string;
  domain: string;
  classification: string;
  riskScore: number;
  piiTypes: string[];
  firstSeen: Date;
  lastSeen: Date | null;
  lastScanned: Date | null;
  avgRps: number;
  requestCount: number;
  vulnerabilityCount: number;
  sources: string[];
  falsePositive: boolean;
  ownerId: string | null;
  ownerName: string | null;
}

export function toSummary(row: SummaryRow): EndpointSummary {
  return {
    id: row.id,
    method: row.method,
    normalizedPath: row.normalizedPath,
    domain: row.domain,
    classification: row.classification,
    riskScore: Math.round(row.riskScore),
    piiTypes: row.piiTypes,
    firstSeen: row.firstSeen.toISOString(),
    lastSeen: row.lastSeen ? row.lastSeen.toISOString() : null,
    lastScanned: iso(row.lastScanned),
    // Four significant digits: a few requests a day is a rate of about 0.00002 per second.
    avgRps: Number(row.avgRps.toPrecision(4)),
    requestCount: row.requestCount,
    vulnerabilityCount: row.vulnerabilityCount,
    sources: row.sources.map((source) => SOURCE_NAMES[source] ?? source),
    falsePositive: row.falsePositive,
    owner: row.ownerId && row.ownerName ? { id: row.ownerId, username: row.ownerName } : null,
  };
}

export type VulnerabilityRow = typeof vulnerabilities.$inferSelect;
export type MarkRow = Pick<typeof findingFalsePositives.$inferSelect, 'reason' | 'markedBy' | 'markedAt'>;

const toMark = (mark: MarkRow | null | undefined): FalsePositiveMark | null =>
  mark ? { reason: mark.reason, markedBy: mark.markedBy, markedAt: mark.markedAt.toISOString() } : null;

const isoOf = (ms: number | undefined) =>
  ms !== undefined && Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;

/** The engine's evidence as the API sends it (times as ISO strings). */
export function toEvidence(e: EngineEvidence): Evidence {
  const { firstSeen, lastSeen, ...rest } = e;
  const first = isoOf(firstSeen);
  const last = isoOf(lastSeen);
  return { ...rest, ...(first ? { firstSeen: first } : {}), ...(last ? { lastSeen: last } : {}) };
}

/** Evidence entries shown per PII type: the most frequent places it was seen. */
const PII_EVIDENCE_SHOWN = 3;

/** A PII finding's own evidence, or one rebuilt from where it was seen (older aggregates). */
function piiEvidence(p: EnginePii): EngineEvidence {
  if (p.evidence) return p.evidence;
  const [where, part] = p.location.split('.') as [string, string | undefined];
  const side = where === 'request' || where === 'response' ? where : undefined;
  return {
    ...(side ? { side } : {}),
    ...(part && part !== 'request' && part !== 'response' ? { part: part as EngineEvidence['part'] } : {}),
    ...(p.field ? { field: p.field } : {}),
    rule: `${p.type}:${p.by}`,
  };
}

/**
 * Every PII type of an endpoint's aggregate with its evidence: one entry per place
 * it was seen (the rules that fired there joined), the most frequent first, and
 * its false-positive mark.
 */
export function toPiiFindings(
  aggregate: Pick<EndpointAggregate, 'pii'>,
  marks: ReadonlyMap<string, MarkRow>,
): PiiFinding[] {
  const byType = new Map<string, Map<string, { count: number; evidence: EngineEvidence }>>();
  for (const p of aggregate.pii ?? []) {
    const places = byType.get(p.type) ?? new Map<string, { count: number; evidence: EngineEvidence }>();
    byType.set(p.type, places);
    const place = `${p.location}|${p.field ?? ''}`;
    const e = piiEvidence(p);
    const seen = places.get(place);
    if (!seen) {
      places.set(place, { count: p.count, evidence: { ...e } });
      continue;
    }
    seen.count += p.count;
    const into = seen.evidence;
    if (!into.rule.split(' + ').includes(e.rule)) into.rule = `${into.rule} + ${e.rule}`;
    into.sample ??= e.sample;
    into.pointer ??= e.pointer;
    if (e.firstSeen !== undefined && (into.firstSeen ?? Infinity) > e.firstSeen) into.firstSeen = e.firstSeen;
    if (e.lastSeen !== undefined && (into.lastSeen ?? -Infinity) < e.lastSeen) into.lastSeen = e.lastSeen;
  }
  return [...byType]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, places]) => {
      const found = [...places.values()];
      return {
        type,
        count: found.reduce((n, p) => n + p.count, 0),
        evidence: found
          .sort((a, b) => b.count - a.count)
          .slice(0, PII_EVIDENCE_SHOWN)
          .map((p) => toEvidence(p.evidence)),
        falsePositive: toMark(marks.get(type)),
      };
    });
}

export function toVulnerability(
  row: VulnerabilityRow,
  endpoint?: { method: string; normalizedPath: string; domain: string } | null,
  mark?: MarkRow | null,
): Vulnerability {
  return {
    id: row.id,
    vulnId: row.vulnId,
    title: row.title,
    description: row.description,
    severity: row.severity,
    owaspCategory: row.owaspCategory,
    remediation: row.remediation,
    confirmed: row.confirmed,
    scanDate: row.scanDate.toISOString(),
    endpointId: row.endpointId,
    ...(endpoint !== undefined ? { endpoint } : {}),
    confidence: row.confidence,
    evidence: row.evidenceItems.map(toEvidence),
    falsePositive: toMark(mark),
  };
}
