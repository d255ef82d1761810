import { defineCheck, ruleOf } from './check.js';
import { operationEvidence } from './facts.js';

export const objectIdWithoutAuth = defineCheck({
  vulnId: 'ARGUS-API1-001',
  owasp: 'API1',
  cwe: 'CWE-639',
  severity: 'high',
  title: 'Object identifier in path without authentication',
  description:
    'The path addresses an individual object by identifier and requests succeed without credentials, so anyone can enumerate objects.',
  remediation:
    'Require authentication and check on every request that the caller may access the object the identifier names.',
  needs:
    'a path parameter, and requests without credentials answered 2xx/3xx or an operation the API description declares public',
  run(f) {
    if (!f.hasIdParam || !f.openAccess || f.auth === 'required') return null;
    const idParam = f.segments.find((s) => s.startsWith('{')) as string;
    return {
      subject: f.ep.normalizedPath,
      confidence: f.answeredUnauthenticated ? 'high' : 'medium',
      evidence: [
        {
          ...operationEvidence(f.ep, ruleOf(this.vulnId, 'object-id-without-auth'), f.unauthDetail),
          field: idParam,
        },
      ],
    };
  },
});
