// What a passive check is: a catalogue entry (OWASP API 2023 category, CWE, the evidence
// it needs) and a pure function from an endpoint's facts to the findings it raises.
import type { Confidence, Evidence, Severity, Vulnerability } from '../types.js';
import type { EndpointFacts } from './facts.js';
import { OWASP, type OwaspId } from './owasp.js';

/** The catalogue entry of a check, as findings and other tools (probes, SARIF) carry it. */
export interface CheckDef<Id extends string = string> {
  vulnId: Id;
  title: string;
  owaspCategory: string;
  /** The weakness (`CWE-639`). */
  cwe: string;
  severity: Severity;
  description: string;
  remediation: string;
  /** What the check reads before it fires, in words (shown to reviewers, kept true by its tests). */
  needs: string;
}

/** What one firing adds to the catalogue entry. */
export interface FindingOptions {
  /** Short stable text naming what triggered it (the storage dedupe key). */
  subject?: string | undefined;
  severity?: Severity;
  confidence: Confidence;
  evidence: Evidence[];
}

export interface PassiveCheck<Id extends string = string> extends CheckDef<Id> {
  /** The findings it raises on this endpoint: none, one or (rarely) several. */
  run(facts: EndpointFacts): FindingOptions | null;
}

/** A check from its parts: `owasp: 'API1'` names the category. */
export function defineCheck<const Id extends string>(
  c: Omit<PassiveCheck<Id>, 'owaspCategory'> & { owasp: OwaspId },
): PassiveCheck<Id> {
  const { owasp, ...rest } = c;
  return { ...rest, owaspCategory: OWASP[owasp] };
}

/** The finding a check raises: its catalogue texts, this firing's severity, confidence and evidence. */
export function findingOf(def: CheckDef, o: FindingOptions): Vulnerability {
  return {
    vulnId: def.vulnId,
    title: def.title,
    description: def.description,
    severity: o.severity ?? def.severity,
    owaspCategory: def.owaspCategory,
    cwe: def.cwe,
    remediation: def.remediation,
    ...(o.subject ? { subject: o.subject } : {}),
    confidence: o.confidence,
    evidence: o.evidence,
  };
}

/** `ARGUS-API1-001:object-id-without-auth`: the rule an evidence entry names. */
export const ruleOf = (id: string, what: string) => `${id}:${what}`;
