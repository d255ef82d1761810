import { defineCheck, ruleOf } from './check.js';
import { hasRateLimitHeaders, seenOf } from './facts.js';

export const noRateLimitHeaders = defineCheck({
  vulnId: 'ARGUS-API4-002',
  owasp: 'API4',
  cwe: 'CWE-770',
  severity: 'low',
  title: 'No rate-limit headers',
  description:
    'Responses carry no RateLimit/X-RateLimit/Retry-After headers, which suggests no rate limiting is applied.',
  remediation:
    'Rate-limit per client and per credential at the gateway and announce limits with RateLimit headers.',
  needs: 'response headers seen in traffic, none of them RateLimit, X-RateLimit or Retry-After',
  run(f) {
    if (!f.headersKnown || hasRateLimitHeaders(f.rh)) return null;
    return {
      confidence: 'medium',
      evidence: [
        {
          side: 'response',
          part: 'header',
          rule: ruleOf(this.vulnId, 'no-ratelimit-headers'),
          detail: `no RateLimit, X-RateLimit or Retry-After among ${Object.keys(f.rh).length} response headers`,
          ...seenOf(f.ep),
        },
      ],
    };
  },
});
