import { defineCheck, ruleOf } from './check.js';
import { operationEvidence } from './facts.js';

const ADMIN_SEGMENT =
  /^(admin|administrator|internal|debug|_debug|actuator|manage|management|console|phpmyadmin|private|ops|superuser|sudo|backoffice)$/i;

export const adminWithoutAuth = defineCheck({
  vulnId: 'ARGUS-API5-001',
  owasp: 'API5',
  cwe: 'CWE-285',
  severity: 'high',
  title: 'Administrative path without authentication',
  description: 'An admin, internal or debug function answers without credentials.',
  remediation:
    'Require authentication and an administrative role; do not expose internal or debug routes on public hosts.',
  needs:
    'an admin, internal or debug path segment, and requests without credentials answered, a public declaration or no known authentication',
  run(f) {
    const adminSeg = f.segments.find((s) => ADMIN_SEGMENT.test(s));
    if (!adminSeg || f.auth === 'required') return null;
    if (!(f.answeredUnauthenticated || f.declaredPublic || f.auth === 'unknown')) return null;
    return {
      subject: adminSeg,
      severity: f.answeredUnauthenticated ? 'critical' : 'high',
      confidence: f.answeredUnauthenticated ? 'high' : 'medium',
      evidence: [
        {
          ...operationEvidence(f.ep, ruleOf(this.vulnId, 'admin-path-without-auth'), f.unauthDetail),
          field: adminSeg,
        },
      ],
    };
  },
});
