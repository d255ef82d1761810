import { SENSITIVE_PII, type PiiFinding } from '../types.js';
import { defineCheck, ruleOf } from './check.js';
import { CREDENTIAL_PARAM, piiEvidence } from './facts.js';

/** Types that are credentials, not personal data: in a query they are ARGUS-API2-002's. */
const CREDENTIAL_TYPES = new Set(['api_key', 'jwt', 'password']);
const ID_NAME = /(^|[_-])(id|uuid|guid)$|[a-z0-9]Id$|^id$/;

/** `cards` → `card`, `bank_accounts` → `bank_account`, `addresses` → `address`. */
const singular = (s: string) => s.replace(/(ss)es$|([^s])s$/, '$1$2').toLowerCase();

/**
 * The field a URL PII finding names is an identifier, not personal data: a path parameter
 * named after the collection it follows (`/cards/{card}`) or ending in id, known only by
 * its name. A value seen in the URL always counts.
 */
function identifierOnly(p: PiiFinding, segments: readonly string[]): boolean {
  if (p.by === 'value') return false;
  const name = (p.field ?? '').replace(/^path\./, '');
  if (!(p.location === 'request.path' || (p.field ?? '').startsWith('path.'))) return false;
  if (ID_NAME.test(name)) return true;
  const at = segments.indexOf(`{${name}}`);
  const before = at > 0 ? segments[at - 1]! : '';
  return (
    before !== '' && (singular(before) === name.toLowerCase() || before.toLowerCase() === name.toLowerCase())
  );
}

/** The field names a credential in the query string (reported by ARGUS-API2-002 instead). */
const queryCredential = (p: PiiFinding) =>
  (p.location === 'request.query' || (p.field ?? '').startsWith('query.')) &&
  (CREDENTIAL_TYPES.has(p.type) || CREDENTIAL_PARAM.test((p.field ?? '').replace(/^query\./, '')));

export const piiInUrl = defineCheck({
  vulnId: 'ARGUS-API3-002',
  owasp: 'API3',
  cwe: 'CWE-598',
  severity: 'medium',
  title: 'Sensitive data in the URL',
  description:
    'Personal data travels in the path or query string, which is written to access logs and caches.',
  remediation: 'Move personal data into the request body of a POST or into headers; never put it in URLs.',
  needs:
    'PII seen in a path or query value, or a declared path/query parameter named as PII that is not an identifier or a credential',
  run(f) {
    const { ep } = f;
    const urlPii = ep.pii.filter(
      (p) =>
        (p.location === 'request.path' ||
          p.location === 'request.query' ||
          (p.location === 'spec.parameter' && /^(query|path)\./.test(p.field ?? ''))) &&
        p.type !== 'ip_address' &&
        !identifierOnly(p, f.segments) &&
        !queryCredential(p),
    );
    if (urlPii.length === 0) return null;
    return {
      subject: [...new Set(urlPii.map((p) => p.type))].join(', '),
      severity: urlPii.some((p) => SENSITIVE_PII.has(p.type) || p.type === 'password') ? 'high' : 'medium',
      confidence: urlPii.some((p) => p.by === 'value') ? 'high' : 'medium',
      evidence: urlPii.slice(0, 10).map((p) => piiEvidence(ep, p, ruleOf(this.vulnId, 'pii-in-url'))),
    };
  },
});
