import { defineCheck, ruleOf } from './check.js';
import { operationEvidence } from './facts.js';

export const zombieEndpoint = defineCheck({
  vulnId: 'ARGUS-API9-002',
  owasp: 'API9',
  cwe: 'CWE-1059',
  severity: 'medium',
  title: 'Zombie endpoint',
  description: 'The API description marks the operation deprecated, yet it still receives traffic.',
  remediation: 'Tell the remaining clients, set a sunset date, then retire the operation.',
  needs: 'traffic to an operation the API description marks deprecated',
  run(f) {
    const { ep } = f;
    if (!ep.spec?.deprecated || ep.requestCount === 0) return null;
    return {
      subject: `${ep.requestCount} requests`,
      confidence: 'high',
      evidence: [
        operationEvidence(
          ep,
          ruleOf(this.vulnId, 'deprecated-with-traffic'),
          `deprecated in the API description; ${ep.requestCount} request(s) seen`,
        ),
      ],
    };
  },
});
