import { defineCheck, ruleOf } from './check.js';
import { operationEvidence } from './facts.js';

export const shadowEndpoint = defineCheck({
  vulnId: 'ARGUS-API9-001',
  owasp: 'API9',
  cwe: 'CWE-1059',
  severity: 'medium',
  title: 'Shadow endpoint',
  description: "The endpoint receives traffic but is not in the domain's API description.",
  remediation:
    'Document the endpoint in the API description or remove it; put every route behind the managed gateway.',
  needs: 'traffic to an operation that its domain’s OpenAPI description does not declare',
  run(f) {
    const { ep } = f;
    if (!f.context.domainHasSpec || ep.requestCount === 0 || ep.spec?.source === 'openapi') return null;
    return {
      subject: ep.sources.join(', '),
      confidence: 'medium',
      evidence: [
        operationEvidence(
          ep,
          ruleOf(this.vulnId, 'traffic-outside-spec'),
          `${ep.requestCount} request(s) from ${ep.sources.join(', ')}; not in the domain's API description`,
        ),
      ],
    };
  },
});
