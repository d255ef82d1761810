// Analysis of one endpoint aggregate: checks + classification + risk score, in one call.
import type { Vulnerability } from './types.js';
import { checkEndpoint, indexVersions, type CheckContext } from './checks.js';
import { classifyEndpoint, isInternalHost, type Classification } from './classify.js';
import { authSummary, avgRps, piiTypesOf, type EndpointAggregate } from './inventory.js';
import { scoreEndpoint, type RiskResult, type RiskWeights } from './risk.js';

export interface EndpointAnalysis {
  vulnerabilities: Vulnerability[];
  piiTypes: string[];
  avgRps: number;
  auth: ReturnType<typeof authSummary>;
  classification: Classification;
  risk: RiskResult;
}

/** Run the passive checks, classify and score one endpoint. */
export function analyzeEndpoint(
  ep: EndpointAggregate,
  options: { weights?: RiskWeights; context?: CheckContext; extraVulnerabilities?: Vulnerability[] } = {},
): EndpointAnalysis {
  const vulnerabilities = [
    ...checkEndpoint(ep, options.context ?? {}),
    ...(options.extraVulnerabilities ?? []),
  ];
  const piiTypes = piiTypesOf(ep);
  const rps = avgRps(ep);
  const auth = authSummary(ep);
  const classification = classifyEndpoint(ep);
  const risk = scoreEndpoint(
    {
      vulnerabilities,
      piiTypes,
      avgRps: rps,
      exposure:
        auth === 'none' || auth === 'mixed' ? 'public' : auth === 'required' ? 'authenticated' : 'unknown',
      internetFacing: !isInternalHost(ep.domain),
    },
    options.weights,
  );
  return { vulnerabilities, piiTypes, avgRps: rps, auth, classification, risk };
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
