import { defineCheck, ruleOf } from './check.js';

const MASS_ASSIGN =
  /(^|\.)(role|roles|is_?admin|admin|permissions?|privileges?|is_?verified|verified|balance|credit|owner_?id|user_?type|account_?type|is_?staff|is_?superuser|scopes?|group_?id|tenant_?id|plan|approved)$/i;

export const massAssignment = defineCheck({
  vulnId: 'ARGUS-API3-003',
  owasp: 'API3',
  cwe: 'CWE-915',
  severity: 'medium',
  title: 'Mass-assignment-prone fields',
  description:
    'The request body accepts properties that control privileges or ownership (role, isAdmin, permissions, balance, ownerId).',
  remediation:
    'Bind request bodies to an allow-list of client-writable properties; ignore or reject the rest.',
  needs:
    'a state-changing operation whose request body (declared or seen) has a privilege or ownership field',
  run(f) {
    const { ep } = f;
    const fields = [...new Set([...(ep.spec?.requestFields ?? []), ...(ep.requestFields ?? [])])].filter(
      (x) => MASS_ASSIGN.test(x),
    );
    if (!f.state || fields.length === 0) return null;
    return {
      subject: fields.slice(0, 5).join(', '),
      confidence: 'medium',
      evidence: fields.slice(0, 5).map((field) => ({
        side: 'request' as const,
        part: 'body' as const,
        field,
        ...(ep.spec?.pointer && ep.spec.requestFields.includes(field)
          ? { pointer: `${ep.spec.pointer}/requestBody` }
          : {}),
        rule: ruleOf(this.vulnId, 'privileged-field-name'),
        detail: `${ep.method} accepts the field ${field}`,
      })),
    };
  },
});
