import { defineCheck, ruleOf } from './check.js';
import { operationEvidence, unauthenticatedRefused } from './facts.js';

export const destructiveWithoutAuth = defineCheck({
  vulnId: 'ARGUS-API5-004',
  owasp: 'API5',
  cwe: 'CWE-306',
  severity: 'critical',
  title: 'Delete operation open to anyone',
  description:
    'The API description declares no security for an operation that deletes data, so anyone who can reach the API may delete it.',
  remediation:
    'Require authentication and check that the caller may delete the object; declare the security requirement in the API description.',
  needs:
    'a DELETE the API description declares without security (security: [] or no scheme anywhere), not seen refusing requests without credentials',
  run(f) {
    const { ep } = f;
    if (ep.method !== 'DELETE' || !f.declaredPublic || f.auth === 'required' || unauthenticatedRefused(ep))
      return null;
    return {
      subject: ep.normalizedPath,
      confidence: f.answeredUnauthenticated ? 'high' : 'medium',
      evidence: [operationEvidence(ep, ruleOf(this.vulnId, 'delete-declared-public'), f.unauthDetail)],
    };
  },
});
