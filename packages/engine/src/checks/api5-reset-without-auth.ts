import { defineCheck, ruleOf } from './check.js';
import { operationEvidence } from './facts.js';

/** Path segments that reset or wipe data (`/createdb`, `/reset-database`, `/db/drop`, `/purge`). */
const RESET_SEGMENT =
  /^(?:(?:create|drop|reset|init|seed|wipe|purge|truncate|flush|recreate|rebuild)[-_]?(?:db|database|data|tables?|schema|all)|(?:db|database)[-_]?(?:create|drop|reset|init|seed|wipe|purge)|wipe|purge|truncate|flushall|factory[-_]?reset)$/i;

export const resetWithoutAuth = defineCheck({
  vulnId: 'ARGUS-API5-002',
  owasp: 'API5',
  cwe: 'CWE-306',
  severity: 'critical',
  title: 'Destructive or reset function without authentication',
  description:
    'An operation whose path resets, drops, seeds or wipes data (createdb, reset, purge, flush) answers without credentials.',
  remediation:
    'Remove maintenance operations from the public API, or require an administrative role and a non-GET method.',
  needs:
    'a path segment that resets or wipes data, and requests without credentials answered or an operation the API description declares public',
  run(f) {
    const reset = f.segments.find((s) => !s.startsWith('{') && RESET_SEGMENT.test(s));
    if (!reset || f.auth === 'required' || !(f.answeredUnauthenticated || f.declaredPublic)) return null;
    return {
      subject: reset,
      // A reset the description itself leaves open is as sure as one seen answering (docs/risk.md).
      confidence: 'high',
      evidence: [
        {
          ...operationEvidence(f.ep, ruleOf(this.vulnId, 'reset-path-without-auth'), f.unauthDetail),
          field: reset,
        },
      ],
    };
  },
});
