import { defineCheck, ruleOf } from './check.js';
import { seenOf } from './facts.js';

export const noAuthentication = defineCheck({
  vulnId: 'ARGUS-API2-001',
  owasp: 'API2',
  cwe: 'CWE-306',
  severity: 'high',
  title: 'No authentication on a non-public operation',
  description:
    'Requests without credentials succeed on an operation that the API description protects or that changes state.',
  remediation:
    'Enforce authentication at the gateway or in the handler; answer 401 to requests without valid credentials.',
  needs:
    'more 2xx/3xx answers than requests with credentials, on an operation the API description protects or that changes state (not declared public)',
  run(f) {
    const { ep } = f;
    const specRequires = ep.spec?.security === 'required';
    if (!f.answeredUnauthenticated || !(specRequires || (f.state && !f.declaredPublic))) return null;
    return {
      subject: specRequires ? 'spec requires credentials' : `${ep.method} without credentials`,
      severity: specRequires || ep.method === 'DELETE' || ep.method === 'PUT' ? 'critical' : 'high',
      confidence: f.withCredentials === 0 ? 'high' : 'medium',
      evidence: [
        {
          side: 'request',
          part: 'auth',
          rule: ruleOf(this.vulnId, specRequires ? 'spec-requires-auth' : 'state-change-without-auth'),
          detail: `${ep.method}: ${f.unauthDetail}${specRequires ? ' although the API description requires credentials' : ''}`,
          ...(ep.spec?.pointer ? { pointer: ep.spec.pointer } : {}),
          ...seenOf(ep),
        },
      ],
    };
  },
});
