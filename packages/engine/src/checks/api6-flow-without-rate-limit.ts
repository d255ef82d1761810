import { defineCheck, ruleOf } from './check.js';
import { hasRateLimitHeaders, operationEvidence } from './facts.js';

const FLOW =
  /(^|\/)(login|signin|sign-in|signup|sign-up|register|password|reset-password|forgot-password|otp|mfa|verify|checkout|payment|payments|purchase|orders?|transfers?|coupons?|redeem|vote|invite|token)(\/|$)/i;

export const flowWithoutRateLimit = defineCheck({
  vulnId: 'ARGUS-API6-001',
  owasp: 'API6',
  cwe: 'CWE-799',
  severity: 'medium',
  title: 'Sensitive business flow without rate limits',
  description:
    'A flow attackers automate (login, sign-up, password reset, checkout, transfers) shows no rate limiting.',
  remediation:
    'Add per-account and per-IP rate limits, bot detection or CAPTCHA, and monitoring for automated use of this flow.',
  needs:
    'a login, sign-up, password, payment or similar path that changes state (or issues tokens), with no rate-limit header seen',
  run(f) {
    const { ep } = f;
    if (!FLOW.test(ep.normalizedPath)) return null;
    if (!(f.state || /login|signin|token|otp/i.test(ep.normalizedPath)) || hasRateLimitHeaders(f.rh))
      return null;
    return {
      subject: ep.normalizedPath,
      confidence: f.headersKnown ? 'medium' : 'low',
      evidence: [
        operationEvidence(
          ep,
          ruleOf(this.vulnId, 'business-flow-without-ratelimit'),
          f.headersKnown
            ? 'a sensitive flow; responses carry no rate-limit headers'
            : 'a sensitive flow; no response headers seen',
        ),
      ],
    };
  },
});
