import { defineCheck, ruleOf } from './check.js';
import { operationEvidence } from './facts.js';
import { principalKey } from './principal.js';

/** A privilege a caller grants to a principal. */
const PRIVILEGE =
  /^(roles?|permissions?|privileges?|admin|is-?admin|promote|demote|grant|groups?|scopes?|access-level|elevate|superuser)$/i;

export const privilegeByKey = defineCheck({
  vulnId: 'ARGUS-API5-003',
  owasp: 'API5',
  cwe: 'CWE-285',
  severity: 'high',
  title: "A principal's role changed by a caller-chosen key",
  description:
    'The operation grants roles, permissions or admin rights to a principal the caller names in the path: an administrative function that must check the caller’s own role.',
  remediation:
    'Keep role changes in an administrative API that requires an administrator’s credentials and checks them on every request; log every change.',
  needs:
    'a state-changing operation whose path names a principal by a parameter and a role, permission, admin or promote segment (either order)',
  run(f) {
    const { ep, segments } = f;
    if (!f.state) return null;
    const key = principalKey(segments);
    const privilege = key ? segments.find((s, i) => i !== key.at && PRIVILEGE.test(s)) : undefined;
    if (!key || !privilege) return null;
    const open = f.answeredUnauthenticated || f.declaredPublic;
    return {
      subject: `${key.name} → ${privilege}`,
      severity: open ? 'critical' : 'high',
      confidence: f.answeredUnauthenticated ? 'high' : 'medium',
      evidence: [
        {
          ...operationEvidence(
            ep,
            ruleOf(this.vulnId, 'principal-key-and-privilege'),
            `${ep.method} ${privilege} for the principal the caller names in {${key.name}}; ${f.unauthDetail}`,
          ),
          field: `{${key.name}}`,
        },
      ],
    };
  },
});
