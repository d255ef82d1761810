import { defineCheck, ruleOf } from './check.js';
import { CREDENTIAL_PARAM, seenOf } from './facts.js';

export const queryCredentials = defineCheck({
  vulnId: 'ARGUS-API2-002',
  owasp: 'API2',
  cwe: 'CWE-598',
  severity: 'high',
  title: 'Credentials in the query string',
  description:
    'API keys, tokens or passwords are sent in the URL query, where logs, proxies, browser history and Referer headers keep them.',
  remediation:
    'Accept credentials only in the Authorization header (or a dedicated header) and rotate the keys that were exposed.',
  needs: 'requests with a credential in the query string, or a query parameter named like a credential',
  run(f) {
    const { ep } = f;
    const credParams = f.queryNames.filter((n) => CREDENTIAL_PARAM.test(n));
    const inQuery = ep.auth['query_key'] ?? 0;
    if (inQuery === 0 && credParams.length === 0) return null;
    return {
      subject: credParams[0] ?? 'query credential',
      confidence: 'high',
      evidence: [
        {
          side: 'request',
          part: 'query',
          ...(credParams[0] ? { field: credParams[0] } : {}),
          rule: ruleOf(this.vulnId, 'credential-query-parameter'),
          detail:
            inQuery > 0
              ? `${inQuery} request(s) carried a credential in the query string`
              : `query parameter ${credParams.join(', ')} names a credential`,
          ...seenOf(ep),
        },
      ],
    };
  },
});
