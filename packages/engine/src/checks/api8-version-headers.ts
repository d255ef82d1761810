import { defineCheck, ruleOf } from './check.js';
import { seenOf } from './facts.js';

const VERSION_HEADER = /\d+\.\d+/;
const DISCLOSING = ['server', 'x-powered-by', 'x-aspnet-version', 'x-aspnetmvc-version', 'x-generator'];

export const versionHeaders = defineCheck({
  vulnId: 'ARGUS-API8-005',
  owasp: 'API8',
  cwe: 'CWE-497',
  severity: 'low',
  title: 'Version-disclosing headers',
  description:
    'Response headers reveal server software and versions (Server, X-Powered-By, X-AspNet-Version).',
  remediation: 'Remove or genericise Server and X-Powered-By headers at the server or gateway.',
  needs: 'an X-Powered-By, X-AspNet-Version or X-Generator header, or a Server header with a version number',
  run(f) {
    if (!f.headersKnown) return null;
    const { rh } = f;
    const disclosing = DISCLOSING.filter((h) => rh[h] && (h !== 'server' || VERSION_HEADER.test(rh[h])));
    if (disclosing.length === 0) return null;
    return {
      subject: disclosing.map((h) => `${h}: ${rh[h]}`).join('; '),
      confidence: 'high',
      evidence: disclosing.map((h) => ({
        side: 'response' as const,
        part: 'header' as const,
        field: h,
        rule: ruleOf(this.vulnId, 'version-header'),
        detail: `${h}: ${(rh[h] as string).slice(0, 80)}`,
        ...seenOf(f.ep),
      })),
    };
  },
});
