// Analysis of one endpoint aggregate: checks + classification + risk score, in one call.
import type { Vulnerability } from './types.js';
import { checkEndpoint, indexVersions, unauthenticatedRefused, type CheckContext } from './checks/index.js';
import { classifyEndpoint, isInternalHost, type Classification } from './classify.js';
import { authSummary, avgRps, piiTypesOf, type EndpointAggregate } from './inventory.js';
import { piiShare, scoreEndpoint, type RiskResult, type RiskWeights } from './risk.js';

export interface EndpointAnalysis {
  /** The findings that count (false positives left out). */
  vulnerabilities: Vulnerability[];
  /** Findings a person marked as false positives: kept for display, left out of the score. */
  falsePositives: Vulnerability[];
  piiTypes: string[];
  avgRps: number;
  auth: ReturnType<typeof authSummary>;
  classification: Classification;
  risk: RiskResult;
}

/**
 * Who can call it: traffic decides (requests without credentials answered → public);
 * without traffic, what the API description declares.
 */
function exposureOf(
  ep: EndpointAggregate,
  auth: ReturnType<typeof authSummary>,
): 'public' | 'authenticated' | 'unknown' {
  if (auth === 'mixed' && unauthenticatedRefused(ep)) return 'authenticated';
  if (auth === 'none' || auth === 'mixed') return 'public';
  if (auth === 'required') return 'authenticated';
  if (ep.spec?.security === 'required') return 'authenticated';
  if (ep.spec?.security === 'public') return 'public';
  return 'unknown';
}

/** Per PII type, the largest share any of its findings counts (`piiShare`). */
function piiSharesOf(ep: EndpointAggregate): Record<string, number> {
  const shares: Record<string, number> = {};
  for (const p of ep.pii) shares[p.type] = Math.max(shares[p.type] ?? 0, piiShare(p.location));
  return shares;
}

/**
 * Run the passive checks, classify and score one endpoint. `isFalsePositive` sets
 * findings apart (returned, never scored).
 */
export function analyzeEndpoint(
  ep: EndpointAggregate,
  options: {
    weights?: RiskWeights;
    context?: CheckContext;
    extraVulnerabilities?: Vulnerability[];
    isFalsePositive?: (v: Vulnerability) => boolean;
  } = {},
): EndpointAnalysis {
  const found = [...checkEndpoint(ep, options.context ?? {}), ...(options.extraVulnerabilities ?? [])];
  const hide = options.isFalsePositive ?? (() => false);
  const vulnerabilities = found.filter((v) => !hide(v));
  const falsePositives = found.filter(hide);
  const piiTypes = piiTypesOf(ep);
  const rps = avgRps(ep);
  const auth = authSummary(ep);
  const classification = classifyEndpoint(ep);
  const risk = scoreEndpoint(
    {
      vulnerabilities,
      piiTypes,
      piiShares: piiSharesOf(ep),
      avgRps: rps,
      exposure: exposureOf(ep, auth),
      internetFacing: !isInternalHost(ep.domain),
    },
    options.weights,
  );
  return { vulnerabilities, falsePositives, piiTypes, avgRps: rps, auth, classification, risk };
}

/** Analyse a whole inventory: each endpoint with its domain's context (spec present, sibling versions). */
export function analyzeInventory(
  endpoints: readonly EndpointAggregate[],
  options: { weights?: RiskWeights } = {},
): Map<EndpointAggregate, EndpointAnalysis> {
  const byDomain = new Map<string, EndpointAggregate[]>();
  for (const e of endpoints) {
    const list = byDomain.get(e.domain);
    if (list) list.push(e);
    else byDomain.set(e.domain, [e]);
  }
  const out = new Map<EndpointAggregate, EndpointAnalysis>();
  for (const list of byDomain.values()) {
    const context: CheckContext = {
      domainHasSpec: list.some((e) => e.spec?.source === 'openapi'),
      versions: indexVersions(list),
    };
    for (const e of list)
      out.set(e, analyzeEndpoint(e, { ...(options.weights ? { weights: options.weights } : {}), context }));
  }
  return out;
}
