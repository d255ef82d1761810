// Risk score 0-100: four parts in [0,1] weighted by the settings, lifted towards 100 by
// the exploitability of the worst finding (how it is known × severity × exposure).
import {
  COUNTRY_ID_TYPES,
  type Confidence,
  type Evidence,
  type Severity,
  type Vulnerability,
  type PiiType,
} from './types.js';

export interface RiskWeights {
  vulnerability: number;
  pii: number;
  traffic: number;
  exposure: number;
}

export const DEFAULT_WEIGHTS: RiskWeights = { vulnerability: 40, pii: 30, traffic: 15, exposure: 15 };

export interface RiskInput {
  /** Findings; `confidence` (default high) scales each one. */
  vulnerabilities: (Pick<Vulnerability, 'severity'> & {
    confidence?: Confidence;
    /** How the finding is known: a confirmed test (`active-test:` rule), traffic (a side or time), else the spec. */
    evidence?: readonly Pick<Evidence, 'rule' | 'side' | 'firstSeen'>[];
  })[];
  piiTypes: readonly string[];
  /**
   * The share each PII type counts, from where it was seen (default 1): disclosed in
   * responses 1, declared in a response schema 0.5, only sent by clients 0.25, only
   * declared in a request 0.125 (see `piiShare`).
   */
  piiShares?: Readonly<Record<string, number>>;
  /** Requests per second (average over the observed window). */
  avgRps: number;
  /** 'public' = no auth seen or the spec declares none; 'authenticated'; 'unknown'. */
  exposure: 'public' | 'authenticated' | 'unknown';
  /** Host is reachable from the internet (not localhost/private/.internal). */
  internetFacing?: boolean;
}

export interface RiskPart {
  value: number; // [0,1]
  weight: number; // normalised share, sums to 1
  points: number; // value × weight × 100
  reason: string;
}

export interface RiskResult {
  riskScore: number;
  breakdown: Record<keyof RiskWeights, RiskPart>;
  /** The lift: `value` is the worst finding's exploitability, `points` what it adds to the parts. */
  exploitability: { value: number; points: number; reason: string };
}

/** How a finding is known, strongest first. */
export type EvidenceStrength = 'confirmed' | 'traffic' | 'spec';
const STRENGTH: Record<EvidenceStrength, number> = { confirmed: 1, traffic: 0.8, spec: 0.6 };
const ACTIVE_RULE = 'active-test:';

export function evidenceStrength(
  evidence: RiskInput['vulnerabilities'][number]['evidence'],
): EvidenceStrength {
  if (evidence?.some((e) => e.rule.startsWith(ACTIVE_RULE))) return 'confirmed';
  if (evidence?.some((e) => e.side !== undefined || e.firstSeen !== undefined)) return 'traffic';
  return 'spec';
}

const SEVERITY_VALUE: Record<Severity, number> = { critical: 1, high: 0.6, medium: 0.3, low: 0.1 };
const CONFIDENCE_FACTOR: Record<Confidence, number> = { high: 1, medium: 0.75, low: 0.5 };
/** Each PII type beyond the most sensitive one adds this much: breadth alone never makes a flaw. */
const PII_BREADTH = 0.05;
/** Further findings raise the worst one by at most this share of what is left to 1. */
const FURTHER_FINDINGS = 0.3;

/**
 * How much a PII finding at this location counts: data an endpoint discloses (responses)
 * fully; data clients send (a login's password, a sign-up's e-mail) a quarter; what an
 * API description only declares half of that.
 */
export function piiShare(location: string): number {
  if (location.startsWith('response')) return 1;
  if (location === 'spec.response') return 0.5;
  if (location.startsWith('request')) return 0.25;
  return 0.125;
}
const PII_WEIGHT: Partial<Record<PiiType, number>> = {
  ssn: 1,
  credit_card: 1,
  national_id: 1,
  ...Object.fromEntries(COUNTRY_ID_TYPES.map((t) => [t, 1])),
  passport: 0.9,
  iban: 0.8,
  bank_account: 0.8,
  card_expiry: 0.3,
  password: 0.9,
  dob: 0.6,
  driver_license: 0.8,
  phone: 0.5,
  email: 0.45,
  address: 0.5,
  name: 0.3,
  ip_address: 0.25,
  jwt: 0.6,
  api_key: 0.9,
};

/**
 * Vulnerability part: each finding is worth severity × confidence (critical 1, high
 * 0.6, medium 0.3, low 0.1; × 1 / 0.75 / 0.5 for high / medium / low confidence); the
 * part is the worst one, raised by the others by at most 30 % of what is left to 1.
 * PII part: the most sensitive type, each type weighted by where it was seen (`piiShare`),
 * plus 0.05 per further type. Traffic: log10(1 + rps) / 3 (1000 rps → 1). Exposure:
 * public 1, unknown 0.5, authenticated 0.1; an internal host halves it. Worked examples
 * in docs/risk.md (test/risk.test.ts recomputes them).
 */
export function scoreEndpoint(input: RiskInput, weights: RiskWeights = DEFAULT_WEIGHTS): RiskResult {
  const w = normaliseWeights(weights);
  // Worst severity, raised by each further finding: max(worst, 1 - Π(1 - 0.85·v_i)).
  const values = input.vulnerabilities
    .map((v) => (SEVERITY_VALUE[v.severity] ?? 0.1) * CONFIDENCE_FACTOR[v.confidence ?? 'high'])
    .sort((a, b) => b - a);
  const worstValue = values[0] ?? 0;
  // The worst finding, raised by the others: w + (1 - w) · 0.3 · (1 - Π(1 - v_i)). Many
  // small findings never add up to one confirmed flaw.
  const rest = 1 - values.slice(1).reduce((keep, v) => keep * (1 - v), 1);
  const vulnFinal = Math.min(1, worstValue + (1 - worstValue) * FURTHER_FINDINGS * rest);
  const share = (t: string) => input.piiShares?.[t] ?? 1;
  const piiVals = input.piiTypes
    .map((t) => (PII_WEIGHT[t as PiiType] ?? 0.4) * share(t))
    .sort((a, b) => b - a);
  const piiValue =
    piiVals.length === 0 ? 0 : Math.min(1, (piiVals[0] as number) + PII_BREADTH * (piiVals.length - 1));
  const rps = Number.isFinite(input.avgRps) && input.avgRps > 0 ? input.avgRps : 0;
  const trafficValue = Math.min(1, Math.log10(1 + rps) / 3);
  let exposureValue = input.exposure === 'public' ? 1 : input.exposure === 'unknown' ? 0.5 : 0.1;
  if (input.internetFacing === false) exposureValue /= 2;
  const part = (value: number, weight: number, reason: string): RiskPart => ({
    value: round(value, 3),
    weight: round(weight, 4),
    points: round(value * weight * 100, 1),
    reason,
  });
  const worst = input.vulnerabilities.reduce<Severity | null>(
    (acc, v) => (acc === null || SEVERITY_VALUE[v.severity] > SEVERITY_VALUE[acc] ? v.severity : acc),
    null,
  );
  const breakdown = {
    vulnerability: part(
      vulnFinal,
      w.vulnerability,
      input.vulnerabilities.length === 0
        ? 'no vulnerabilities'
        : `${input.vulnerabilities.length} ${input.vulnerabilities.length === 1 ? 'finding' : 'findings'}, worst ${worst}`,
    ),
    pii: part(
      piiValue,
      w.pii,
      piiVals.length === 0
        ? 'no PII seen'
        : `PII types: ${input.piiTypes.map((t) => (share(t) < 1 ? `${t} (×${share(t)})` : t)).join(', ')}`,
    ),
    traffic: part(
      trafficValue,
      w.traffic,
      `${round(rps, 3)} ${rps === 1 ? 'request' : 'requests'}/s (log-scaled, 1000/s = full)`,
    ),
    exposure: part(
      exposureValue,
      w.exposure,
      `${input.exposure}${input.internetFacing === false ? ', internal host' : ''}`,
    ),
  };
  const base =
    breakdown.vulnerability.points +
    breakdown.pii.points +
    breakdown.traffic.points +
    breakdown.exposure.points;
  const exploit = exploitabilityOf(input);
  // The lift follows the vulnerability weight: full at its default share (40 %) or more, none at 0.
  const lift = Math.min(1, w.vulnerability / 0.4);
  const points = round((100 - base) * exploit.value * lift, 1);
  return {
    riskScore: Math.max(0, Math.min(100, Math.round(base + points))),
    breakdown,
    exploitability: {
      value: round(exploit.value, 3),
      points,
      reason:
        exploit.value === 0
          ? exploit.reason
          : `${exploit.reason}: ${Math.round(exploit.value * 100)}% of the ${round(100 - base, 1)} points left${lift < 1 ? ` × ${round(lift, 2)} (vulnerability weight)` : ''}`,
    },
  };
}

/**
 * The worst finding's exploitability: severity × confidence × how it is known (confirmed
 * by a test 1, seen in traffic 0.8, described in a spec 0.6) × exposure (public 1,
 * unknown 0.8, authenticated 0.75, × 0.75 on an internal host). A confirmed finding
 * is exploitable from where the test ran: exposure does not reduce it.
 */
function exploitabilityOf(input: RiskInput): { value: number; reason: string } {
  let exposure = input.exposure === 'public' ? 1 : input.exposure === 'unknown' ? 0.8 : 0.75;
  if (input.internetFacing === false) exposure *= 0.75;
  let best = { value: 0, reason: 'no findings' };
  for (const v of input.vulnerabilities) {
    const strength = evidenceStrength(v.evidence);
    const value =
      (SEVERITY_VALUE[v.severity] ?? 0.1) *
      CONFIDENCE_FACTOR[v.confidence ?? 'high'] *
      STRENGTH[strength] *
      (strength === 'confirmed' ? 1 : exposure);
    if (value > best.value)
      best = {
        value,
        reason: `${v.severity}, ${strength === 'confirmed' ? 'confirmed by a test' : strength === 'traffic' ? 'seen in traffic' : 'described in the spec'}`,
      };
  }
  return best;
}

/** Weights normalised by their total; any non-negative total is accepted, all-zero falls back to the defaults. */
export function normaliseWeights(weights: RiskWeights): RiskWeights {
  const clean = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);
  const v = {
    vulnerability: clean(weights.vulnerability),
    pii: clean(weights.pii),
    traffic: clean(weights.traffic),
    exposure: clean(weights.exposure),
  };
  const total = v.vulnerability + v.pii + v.traffic + v.exposure;
  if (total === 0) return normaliseWeights(DEFAULT_WEIGHTS);
  return {
    vulnerability: v.vulnerability / total,
    pii: v.pii / total,
    traffic: v.traffic / total,
    exposure: v.exposure / total,
  };
}

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
