import { defineCheck, ruleOf } from './check.js';
import { seenOf } from './facts.js';

export const missingSecurityHeaders = defineCheck({
  vulnId: 'ARGUS-API8-002',
  owasp: 'API8',
  cwe: 'CWE-693',
  severity: 'low',
  title: 'Missing security headers',
  description: 'Responses lack standard protective headers.',
  remediation:
    'Send Strict-Transport-Security, X-Content-Type-Options: nosniff and a Cache-Control policy for sensitive responses.',
  needs:
    'response headers seen in traffic without X-Content-Type-Options (or, over https, Strict-Transport-Security)',
  run(f) {
    if (!f.headersKnown) return null;
    const missing: string[] = [];
    if ((f.ep.schemes['https'] ?? 0) > 0 && !f.rh['strict-transport-security'])
      missing.push('Strict-Transport-Security');
    if (!f.rh['x-content-type-options']) missing.push('X-Content-Type-Options');
    if (missing.length === 0) return null;
    return {
      subject: missing.join(', '),
      confidence: 'high',
      evidence: missing.map((h) => ({
        side: 'response' as const,
        part: 'header' as const,
        field: h.toLowerCase(),
        rule: ruleOf(this.vulnId, 'missing-header'),
        detail: `${h} absent`,
        ...seenOf(f.ep),
      })),
    };
  },
});
