import { defineCheck, ruleOf } from './check.js';
import { operationEvidence, piiEvidence } from './facts.js';
import { PRINCIPALS } from './principal.js';

/** Personal data that identifies or reaches a person. */
const CONTACT = new Set(['email', 'phone', 'address', 'dob', 'ssn', 'national_id', 'password']);
const EMAIL_FIELD = /(^|[._\]])e-?mail(_?address)?$/i;

export const openUserListing = defineCheck({
  vulnId: 'ARGUS-API3-004',
  owasp: 'API3',
  cwe: 'CWE-359',
  severity: 'high',
  title: 'Open listing of users with their personal data',
  description:
    'A collection of users, accounts or members is returned to callers without credentials together with their e-mail addresses or other contact data, so anyone can harvest them.',
  remediation:
    'Require authentication for user listings, return only the caller’s own record or public profile fields, and page the results.',
  needs:
    'a GET on a collection of principals (users, accounts, members…) open without credentials whose responses carry or declare e-mails or other contact data',
  run(f) {
    const { ep, segments } = f;
    // `/users/v1` and `/v1/users` alike: the last segment that is not a version.
    const last = segments.filter((s) => !/^v\d+$/i.test(s)).at(-1) ?? '';
    const collection = PRINCIPALS.test(last);
    if (ep.method !== 'GET' || !collection || !f.openAccess || f.auth === 'required') return null;
    const pii = ep.pii.filter(
      (p) => CONTACT.has(p.type) && (p.location.startsWith('response') || p.location === 'spec.response'),
    );
    const fields = (ep.spec?.responseFields ?? []).filter((x) => EMAIL_FIELD.test(x));
    if (pii.length === 0 && fields.length === 0) return null;
    const seenInTraffic = pii.some((p) => p.location.startsWith('response'));
    const rule = ruleOf(this.vulnId, 'principal-collection-with-contact-data');
    return {
      subject: [...new Set(pii.length ? pii.map((p) => p.type) : ['email'])].join(', '),
      severity: seenInTraffic ? 'high' : 'medium',
      confidence: seenInTraffic && f.answeredUnauthenticated ? 'high' : 'medium',
      evidence: [
        operationEvidence(ep, rule, f.unauthDetail),
        ...(pii.length
          ? pii.slice(0, 5).map((p) => piiEvidence(ep, p, rule))
          : fields.slice(0, 3).map((field) => ({
              side: 'response' as const,
              part: 'body' as const,
              field,
              ...(ep.spec?.pointer ? { pointer: ep.spec.pointer } : {}),
              rule,
              detail: `the response schema declares ${field}`,
            }))),
      ],
    };
  },
});
