// Rule evaluation for the server: the engine's `evaluateRules` over a batch's
// findings, plus what only the server knows — what changed since the last
// analysis (a risk score *crossing* its threshold, *new* PII types and where they
// are, an authentication regression) — and the built-in rules.
import {
  evaluateRules as evaluateEngineRules,
  evaluateScannerRules,
  DEFAULT_MIN_RISK_SCORE,
  type EndpointFindings as EngineFindings,
} from '@argus/engine';
import type { Severity, TriggerType } from '@argus/api';
import type { EndpointFindings, ScanFindings } from '../findings.js';
import { newPiiPlaces, regressionText, withRegression } from './live-changes.js';

export { validateConditions } from '@argus/engine';

export interface RuleInput {
  id: string;
  name: string;
  triggerType: TriggerType;
  severity: Severity;
  conditions: Record<string, unknown>;
}

export interface RuleMatch {
  ruleId: string;
  ruleName: string;
  /** null for a domain-wide alert (scanner activity). */
  endpointId: string | null;
  domain: string;
  triggerType: TriggerType;
  severity: Severity;
  title: string;
  description: string;
  /** rule + endpoint + finding: one alert per key while it is open, acknowledged or suppressed. */
  dedupeKey: string;
  /** What it found (PII types, or the vulnerability id): merged into the open alert. */
  found: string[];
  /** `GET /path`, how a digest lists the endpoint. */
  endpointRef: string;
  /** `GET host/path`, how titles name the endpoint. */
  where: string;
  /** The endpoint's PII types (all of them, not only the new ones). */
  piiTypes: string[];
  /** Where a PII alert's new types are ("New: email in the response body at …"); '' when unknown. */
  piiPlaces: string;
}

export const raisedBy = (ruleName: string, trigger: string) =>
  `Raised by rule "${ruleName}" after a ${trigger}.`;

/** What one rule should look at: a risk rule sees only endpoints that crossed its threshold, a PII rule only new types. */
function findingsFor(rule: RuleInput, endpoint: EndpointFindings): EngineFindings | null {
  let piiTypes = endpoint.piiTypes;
  if (rule.triggerType === 'high_risk_endpoint') {
    const min =
      typeof rule.conditions.minRiskScore === 'number'
        ? rule.conditions.minRiskScore
        : DEFAULT_MIN_RISK_SCORE;
    if (endpoint.previousRiskScore !== null && endpoint.previousRiskScore >= min) return null;
  }
  if (rule.triggerType === 'pii_exposed') {
    if (endpoint.newPiiTypes.length === 0) return null;
    piiTypes = endpoint.newPiiTypes;
  }
  const vulnerabilities =
    rule.triggerType === 'vulnerability_detected' ? withRegression(endpoint) : endpoint.vulnerabilities;
  return {
    endpointId: endpoint.id,
    domain: endpoint.domain,
    method: endpoint.method,
    normalizedPath: endpoint.normalizedPath,
    riskScore: Math.round(endpoint.riskScore),
    piiTypes,
    requestCount: endpoint.requestCount,
    avgRps: endpoint.avgRps,
    vulnerabilities: vulnerabilities.map(({ vulnId, title, severity, owaspCategory }) => ({
      vulnId,
      title,
      severity,
      owaspCategory,
    })),
  };
}

/** Every alert the active rules raise on a batch (rules with invalid conditions are skipped). */
export function evaluateRules(rules: readonly RuleInput[], findings: ScanFindings): RuleMatch[] {
  const matches: RuleMatch[] = [];
  if (findings.scanner) {
    for (const rule of rules) {
      for (const raised of evaluateScannerRules([rule], findings.scanner)) {
        matches.push({
          ruleId: rule.id,
          ruleName: rule.name,
          endpointId: null,
          domain: raised.domain,
          triggerType: rule.triggerType,
          severity: rule.severity,
          title: raised.title,
          description: `${raised.description} ${raisedBy(rule.name, findings.trigger)}`,
          dedupeKey: raised.dedupeKey,
          found: raised.found,
          endpointRef: 'scanner traffic',
          where: raised.domain,
          piiTypes: [],
          piiPlaces: '',
        });
      }
    }
  }
  // By id: a find() per raised alert was quadratic (a 10k-endpoint import held the event loop ~1 s).
  const byId = new Map<unknown, EndpointFindings>(findings.endpoints.map((e) => [e.id, e]));
  for (const rule of rules) {
    const scoped = findings.endpoints.flatMap((e) => findingsFor(rule, e) ?? []);
    if (scoped.length === 0) continue;
    for (const raised of evaluateEngineRules([rule], scoped)) {
      const endpoint = byId.get(raised.endpoint.endpointId);
      if (!endpoint) continue;
      let severity = rule.severity;
      let description = raised.description;
      let piiPlaces = '';
      if (rule.triggerType === 'vulnerability_detected') {
        // A vulnerability alert is as severe as the vulnerability itself.
        const vuln = withRegression(endpoint).find((v) => v.vulnId === raised.finding);
        if (vuln) severity = vuln.severity;
        description = regressionText(endpoint, raised.finding) ?? description;
      }
      if (rule.triggerType === 'pii_exposed') {
        piiPlaces = newPiiPlaces(endpoint, raised.found);
        if (piiPlaces) description = `${description} ${piiPlaces}`;
      }
      matches.push({
        ruleId: rule.id,
        ruleName: rule.name,
        endpointId: endpoint.id,
        domain: endpoint.domain,
        triggerType: rule.triggerType,
        severity,
        title: raised.title,
        description: `${description} ${raisedBy(rule.name, findings.trigger)}`,
        dedupeKey: raised.dedupeKey,
        found: raised.found,
        endpointRef: `${endpoint.method} ${endpoint.normalizedPath}`,
        where: `${endpoint.method} ${endpoint.domain}${endpoint.normalizedPath}`,
        piiTypes: endpoint.piiTypes,
        piiPlaces,
      });
    }
  }
  return matches;
}

/** The built-in rules created on first start; users can switch them off. */
export const DEFAULT_RULES: ReadonlyArray<Omit<RuleInput, 'id'> & { description: string }> = [
  {
    name: 'High or critical vulnerability',
    description: 'A vulnerability of severity high or worse is found on an endpoint.',
    triggerType: 'vulnerability_detected',
    severity: 'high',
    conditions: { minSeverity: 'high' },
  },
  {
    name: 'Endpoint crosses risk 80',
    description: "An endpoint's risk score reaches 80 or more (from below 80, or on a new endpoint).",
    triggerType: 'high_risk_endpoint',
    severity: 'high',
    conditions: { minRiskScore: 80 },
  },
  {
    name: 'New PII type exposed',
    description: 'An endpoint starts handling a type of personal data it did not handle before.',
    triggerType: 'pii_exposed',
    severity: 'medium',
    conditions: {},
  },
  {
    name: 'Scanner activity',
    description: 'A domain receives 50 or more requests from a vulnerability scanner (attack traffic).',
    triggerType: 'threshold_breach',
    severity: 'medium',
    conditions: { metric: 'scannerRequests', operator: '>=', value: 50 },
  },
  {
    name: 'New shadow endpoint',
    description: 'Traffic reaches an endpoint that no API description of its domain declares.',
    triggerType: 'vulnerability_detected',
    severity: 'medium',
    conditions: { vulnIds: ['ARGUS-API9-001'] },
  },
  {
    name: 'Traffic above 100 requests per second',
    description: 'Example threshold rule: average traffic on an endpoint above 100 requests per second.',
    triggerType: 'threshold_breach',
    severity: 'low',
    conditions: { metric: 'avgRps', operator: '>', value: 100 },
  },
];
