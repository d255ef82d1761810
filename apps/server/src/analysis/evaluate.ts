// The one place the server asks the engine to judge an endpoint (checks,
// classification, PII types, weighted risk score) and maps the answer to what
// the API sends. No analysis logic lives here.
import {
  analyzeEndpoint,
  type authSummary,
  isInternalHost,
  scoreEndpoint,
  type CheckContext,
  type EndpointAggregate,
  type RiskResult,
  type Vulnerability,
} from '@argus/engine';
import type { EndpointAuth, RiskBreakdown, SettingsUpdate } from '@argus/api';

export interface EndpointEvaluation {
  /** The findings that count. */
  vulnerabilities: Vulnerability[];
  /** Vulnerabilities marked as false positives: stored and shown, never scored or alerted on. */
  falsePositives: Vulnerability[];
  /** PII types that count (those marked false positive left out). */
  piiTypes: string[];
  riskScore: number;
  riskBreakdown: RiskBreakdown;
  classification: string;
  isPublic: boolean;
  /** Authentication seen, in the list filter's words. */
  auth: EndpointAuth;
  avgRps: number;
}

export interface EvaluateOptions {
  settings: SettingsUpdate;
  /** Marked false positive: its findings (vulnerabilities, PII) do not count towards the score. */
  falsePositive: boolean;
  context?: CheckContext;
  /** Findings of active probes (deep scanning). */
  extraVulnerabilities?: Vulnerability[];
  /** Single findings marked as false positives (see findingMarks). */
  marks?: FindingMarks;
}

/** The endpoint's findings marked as false positives: PII types, and vulnerability keys. */
export interface FindingMarks {
  pii: ReadonlySet<string>;
  vulnerabilities: ReadonlySet<string>;
}

export const NO_MARKS: FindingMarks = { pii: new Set(), vulnerabilities: new Set() };

/**
 * A vulnerability mark names its finding by id and subject, and a path finding's subject
 * is the endpoint's path (`ARGUS-API1-001|/users/{userId}`): it follows the path.
 */
export function resubject(kind: string, findingKey: string, from: string, to: string): string {
  return kind === 'vulnerability' && findingKey.endsWith(`|${from}`)
    ? `${findingKey.slice(0, findingKey.length - from.length)}${to}`
    : findingKey;
}

/** Stored marks (one row per marked finding) per endpoint id, as the analysis reads them. */
export function marksByEndpoint(
  rows: readonly { endpointId: string; kind: 'pii' | 'vulnerability'; findingKey: string }[],
): Map<string, FindingMarks> {
  const out = new Map<string, { pii: Set<string>; vulnerabilities: Set<string> }>();
  for (const r of rows) {
    let marks = out.get(r.endpointId);
    if (!marks) out.set(r.endpointId, (marks = { pii: new Set(), vulnerabilities: new Set() }));
    (r.kind === 'pii' ? marks.pii : marks.vulnerabilities).add(r.findingKey);
  }
  return out;
}

/** Marks plus those carried over from rows folded into the endpoint. */
export function withCarried(
  marks: FindingMarks,
  carried: readonly { kind: 'pii' | 'vulnerability'; findingKey: string }[] | undefined,
): FindingMarks {
  if (!carried?.length) return marks;
  const pii = new Set(marks.pii);
  const vulnerabilities = new Set(marks.vulnerabilities);
  for (const c of carried) (c.kind === 'pii' ? pii : vulnerabilities).add(c.findingKey);
  return { pii, vulnerabilities };
}

/** How a stored vulnerability is named by a false-positive mark: its id and subject. */
export const vulnerabilityKey = (vulnId: string, subject: string) => `${vulnId}|${subject}`;

export function explainRisk(result: RiskResult): RiskBreakdown {
  const { breakdown } = result;
  const line = (label: string, part: RiskResult['breakdown']['pii']) =>
    `${label}: ${part.points} points (${Math.round(part.value * 100)}% × weight ${Math.round(part.weight * 100)}%): ${part.reason}`;
  return {
    vulnerability: breakdown.vulnerability.value,
    pii: breakdown.pii.value,
    traffic: breakdown.traffic.value,
    exposure: breakdown.exposure.value,
    explanation: [
      line('Vulnerabilities', breakdown.vulnerability),
      line('PII exposure', breakdown.pii),
      line('Traffic volume', breakdown.traffic),
      line('Public exposure', breakdown.exposure),
      `Exploitability: +${result.exploitability.points} points: ${result.exploitability.reason}`,
    ],
  };
}

/** The engine's 'mixed' (some requests with credentials, some without) is the list's 'optional'. */
const LIST_AUTH: Record<ReturnType<typeof authSummary>, EndpointAuth> = {
  required: 'required',
  mixed: 'optional',
  none: 'none',
  unknown: 'unknown',
};

const exposureOf = (auth: string): 'public' | 'authenticated' | 'unknown' =>
  auth === 'none' || auth === 'mixed' ? 'public' : auth === 'required' ? 'authenticated' : 'unknown';

export function evaluateEndpoint(agg: EndpointAggregate, options: EvaluateOptions): EndpointEvaluation {
  const marks = options.marks ?? NO_MARKS;
  // PII marked false positive counts nowhere: not in the score, nor in the checks built on it.
  const counted = marks.pii.size > 0 ? { ...agg, pii: agg.pii.filter((p) => !marks.pii.has(p.type)) } : agg;
  const analysis = analyzeEndpoint(counted, {
    weights: options.settings.weights,
    context: options.context ?? {},
    extraVulnerabilities: options.extraVulnerabilities ?? [],
    isFalsePositive: (v) => marks.vulnerabilities.has(vulnerabilityKey(v.vulnId, v.subject ?? '')),
  });
  const risk = options.falsePositive
    ? scoreEndpoint(
        {
          vulnerabilities: [],
          piiTypes: [],
          avgRps: analysis.avgRps,
          exposure: exposureOf(analysis.auth),
          internetFacing: !isInternalHost(agg.domain),
        },
        options.settings.weights,
      )
    : analysis.risk;
  return {
    vulnerabilities: analysis.vulnerabilities,
    falsePositives: analysis.falsePositives,
    piiTypes: analysis.piiTypes,
    riskScore: risk.riskScore,
    riskBreakdown: explainRisk(risk),
    classification: analysis.classification.classification,
    isPublic: exposureOf(analysis.auth) === 'public',
    auth: LIST_AUTH[analysis.auth],
    avgRps: analysis.avgRps,
  };
}
