import { defineCheck, ruleOf } from './check.js';
import { operationEvidence } from './facts.js';

/** Keys people choose and others can guess: titles, names, slugs, e-mail addresses. */
const NATURAL_KEY =
  /(^|[_-])(title|name|username|user_?name|login|email|slug|handle|nickname)$|[a-z](Title|Name)$/;

export const naturalKey = defineCheck({
  vulnId: 'ARGUS-API1-003',
  owasp: 'API1',
  cwe: 'CWE-639',
  severity: 'low',
  title: 'Object read by a guessable key',
  description:
    'The operation reads one object by a key the caller chooses and can guess (a title, a name, a username): unless every read checks that the caller may see that object, others’ objects can be read by trying names.',
  remediation:
    'Check object-level authorisation on every read, or address objects by unguessable ids and scope lookups to the caller.',
  needs: 'a GET whose last path segment is a parameter named like a title, name, username, e-mail or slug',
  run(f) {
    const { ep, segments } = f;
    const last = segments[segments.length - 1] ?? '';
    const name = last.startsWith('{') ? last.slice(1, -1) : '';
    if (ep.method !== 'GET' || !NATURAL_KEY.test(name)) return null;
    return {
      subject: `{${name}}`,
      confidence: 'low',
      evidence: [
        {
          ...operationEvidence(
            ep,
            ruleOf(this.vulnId, 'guessable-object-key'),
            `the object is chosen by {${name}}, a key callers can guess; ${f.unauthDetail}`,
          ),
          field: `{${name}}`,
        },
      ],
    };
  },
});
