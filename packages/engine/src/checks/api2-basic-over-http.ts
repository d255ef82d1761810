import { defineCheck, ruleOf } from './check.js';
import { seenOf } from './facts.js';

export const basicOverHttp = defineCheck({
  vulnId: 'ARGUS-API2-003',
  owasp: 'API2',
  cwe: 'CWE-523',
  severity: 'high',
  title: 'Basic authentication over plain HTTP',
  description:
    'HTTP Basic credentials are sent over unencrypted HTTP and can be read by anyone on the network path.',
  remediation: 'Serve the API over HTTPS only (redirect and HSTS) and prefer token-based authentication.',
  needs: 'Basic-authenticated requests and requests over http on the endpoint',
  run(f) {
    const { ep } = f;
    const basic = ep.auth['basic'] ?? 0;
    const http = ep.schemes['http'] ?? 0;
    if (basic === 0 || http === 0) return null;
    return {
      confidence: 'high',
      evidence: [
        {
          side: 'request',
          part: 'scheme',
          rule: ruleOf(this.vulnId, 'basic-over-http'),
          detail: `${basic} Basic-authenticated request(s); ${http} over http`,
          ...seenOf(ep),
        },
      ],
    };
  },
});
