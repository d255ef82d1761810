// Rows → the @argus/api shapes. Every answer is parsed with its schema before
// it is sent, so the server cannot drift from the contract.
import { sql } from 'drizzle-orm';
import type { EndpointSummary, Vulnerability } from '@argus/api';
import { endpoints, users, vulnerabilities } from '../db/schema/index.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Engine source kinds → the names the API documents (openapi, access_log, api_gateway, har, capture). */
const SOURCE_NAMES: Record<string, string> = { gateway: 'api_gateway' };

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
  lastSeen: Date;
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
    lastSeen: row.lastSeen.toISOString(),
    lastScanned: iso(row.lastScanned),
    avgRps: Math.round(row.avgRps * 1000) / 1000,
    requestCount: row.requestCount,
    vulnerabilityCount: row.vulnerabilityCount,
    sources: row.sources.map((source) => SOURCE_NAMES[source] ?? source),
    falsePositive: row.falsePositive,
    owner: row.ownerId && row.ownerName ? { id: row.ownerId, username: row.ownerName } : null,
  };
}

export type VulnerabilityRow = typeof vulnerabilities.$inferSelect;

export function toVulnerability(
  row: VulnerabilityRow,
  endpoint?: { method: string; normalizedPath: string; domain: string } | null,
): Vulnerability {
  return {
    id: row.id,
    vulnId: row.vulnId,
    title: row.title,
    description: row.description,
    severity: row.severity,
    owaspCategory: row.owaspCategory,
    remediation: row.remediation,
    scanDate: row.scanDate.toISOString(),
    endpointId: row.endpointId,
    ...(endpoint !== undefined ? { endpoint } : {}),
  };
}

/** Critical first, then high, medium, low, anything else. */
export const severityRank = sql<number>`case ${vulnerabilities.severity} when 'critical' then 0 when 'high' then 1 when 'medium' then 2 when 'low' then 3 else 4 end`;
