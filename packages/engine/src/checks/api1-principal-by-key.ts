import { defineCheck, ruleOf } from './check.js';
import { operationEvidence } from './facts.js';
import { principalKey } from './principal.js';

/** What a caller changes on a principal: its credentials and contact points. */
const ACCOUNT_PROPERTY =
  /^(password|passwd|pass|pin|email|e-?mail|phone|mobile|mfa|2fa|otp|totp|validate-otp|verify-otp|credentials?|secret|api-?keys?|tokens?|security-questions?)$/i;

export const principalByKey = defineCheck({
  vulnId: 'ARGUS-API1-002',
  owasp: 'API1',
  cwe: 'CWE-639',
  severity: 'high',
  title: "Another user's account changed by a caller-chosen key",
  description:
    "The operation changes a user's password, e-mail, phone or second factor, and the caller names the user in the path: unless the server checks that the caller is that user, anyone signed in can take over any account.",
  remediation:
    'Act on the authenticated principal (`/me/password`), or check on every request that the key in the path names the caller; require the current password for credential changes.',
  needs:
    'a PUT, PATCH or POST whose path names a principal by a parameter (`/users/{username}`) followed by a credential or contact segment (password, email, phone, otp)',
  run(f) {
    const { ep, segments } = f;
    if (!['PUT', 'PATCH', 'POST'].includes(ep.method)) return null;
    const key = principalKey(segments);
    const property = key ? segments.slice(key.at + 1).find((s) => ACCOUNT_PROPERTY.test(s)) : undefined;
    if (!key || !property) return null;
    const open = f.answeredUnauthenticated || f.declaredPublic;
    return {
      subject: `${key.name} → ${property}`,
      severity: open ? 'critical' : 'high',
      confidence: f.answeredUnauthenticated ? 'high' : 'medium',
      evidence: [
        {
          ...operationEvidence(
            ep,
            ruleOf(this.vulnId, 'principal-key-then-account-property'),
            `${ep.method} changes ${property} of the principal the caller names in {${key.name}}; ${f.unauthDetail}`,
          ),
          field: `{${key.name}}`,
        },
      ],
    };
  },
});
