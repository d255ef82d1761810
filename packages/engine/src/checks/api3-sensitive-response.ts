import { SENSITIVE_PII } from '../types.js';
import { defineCheck, ruleOf } from './check.js';
import { piiEvidence } from './facts.js';

export const sensitiveResponse = defineCheck({
  vulnId: 'ARGUS-API3-001',
  owasp: 'API3',
  cwe: 'CWE-213',
  severity: 'high',
  title: 'Sensitive data in responses',
  description:
    'Responses carry highly sensitive personal data (government ids, card numbers, passwords, bank accounts).',
  remediation:
    'Return only the properties the client needs; mask or drop sensitive fields in the response schema.',
  needs:
    'a sensitive PII type (SSN, card, national id, password, passport, bank account) in a response or response schema',
  run(f) {
    const { ep } = f;
    const responsePii = ep.pii.filter(
      (p) =>
        (p.location.startsWith('response') || p.location === 'spec.response') && SENSITIVE_PII.has(p.type),
    );
    if (responsePii.length === 0) return null;
    return {
      subject: [...new Set(responsePii.map((p) => p.type))].join(', '),
      // Declared in a response schema but never seen: worth a look, not yet a leak.
      severity: responsePii.some((p) => p.location !== 'spec.response') ? 'high' : 'medium',
      confidence: responsePii.some((p) => p.by === 'value') ? 'high' : 'medium',
      evidence: responsePii.slice(0, 10).map((p) => piiEvidence(ep, p, ruleOf(this.vulnId, 'sensitive-pii'))),
    };
  },
});
